/**
 * The server's export (`GET /api/export`, format version 2, "stored"; README.md "Export and
 * import"): what the server holds, as it holds it, for the device to open (issue 29: the server
 * has no key). One ZIP of
 * - `records.jsonl`: every live record state, one JSON object a line:
 *   `{ collection, id, values, clocks }` — a sealed account's sealed fields are their envelopes
 *   (shared/crypto/README.md "Envelope v1"), a legacy account's are plain;
 * - `blobs/<blobId>`: each file a live record refers to, ONCE however many records name it, as
 *   stored: the concatenated encrypted chunks (shared/files/README.md), opened with the key in the
 *   record's (opened) `file` reference;
 * - `afterword.json` (this manifest, small) and `README.txt`.
 * The device turns it into the version 1 export (plaintext, shared/export/format.ts) with
 * shared/export/open-stored.ts; import reads that.
 */
import { z } from 'zod';
import { COLLECTIONS } from '../schema/collection-names';
import { EXPORT_FORMAT } from './format';

/** The version of the stored export. */
export const STORED_EXPORT_VERSION = 2;
export const STORED_RECORDS_PATH = 'records.jsonl';
export const BLOBS_DIR = 'blobs/';

/** `blobs/<blobId>`: where a blob's ciphertext is in the ZIP. */
export const blobPath = (blobId: string): string => `${BLOBS_DIR}${blobId}`;

/** One line of `records.jsonl`. */
export const storedRecordSchema = z.object({
  collection: z.enum(COLLECTIONS),
  id: z.string().min(1).max(128),
  values: z.record(z.string(), z.unknown()),
  clocks: z.record(z.string(), z.string()),
});
export type StoredRecord = z.infer<typeof storedRecordSchema>;

/** `afterword.json` of a stored export. */
export const storedManifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.literal(STORED_EXPORT_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  /** The account whose records these are (envelopes are bound to it). */
  userId: z.string().min(1).max(128),
  /** True when sealed fields hold envelopes (the account's `sealed_at` is set). */
  sealed: z.boolean(),
  recordCount: z.number().int().min(0),
  /** The blobs in `blobs/`, each once: its id and its stored (encrypted) bytes. */
  blobs: z.array(z.object({ blobId: z.string().min(1).max(64), bytes: z.number().int().min(0) })),
  /** Blobs records refer to that the server does not hold complete (not uploaded yet). */
  missingBlobs: z.array(z.string().max(64)).default([]),
});
export type StoredManifest = z.infer<typeof storedManifestSchema>;
