/**
 * The reference a document or message record holds to a file (issue #17, DESIGN.md §9). The
 * bytes never travel in the record: they go through the attachment queue as encrypted chunks
 * (shared/files/crypto.ts, protocol in shared/files/README.md). `key` is the file's AES-256-GCM
 * key (base64url, 32 bytes); it travels inside the record so the server can serve release pages
 * (a later end-to-end step wraps it, DESIGN.md §11).
 */
import { intBetween, singleLine, trimmedText } from '../schema/common';
import { z } from '../schema/z';

/** The collections whose records may hold a `file` (shared/schema/document.ts, message.ts). */
export { FILE_COLLECTIONS } from '../schema/collection-names';

/** A blob id: client-made, URL-safe, 16 to 64 characters. */
export const blobIdSchema = z.string().check(z.regex(/^[A-Za-z0-9_-]{16,64}$/, 'Invalid file id'));

/** A MIME type such as `application/pdf` (parameters such as `;codecs=` allowed, 100 chars max). */
export const mimeTypeSchema = z
  .string()
  .check(z.maxLength(100), z.regex(/^[a-z0-9][a-z0-9.+-]*\/[a-z0-9][a-z0-9.+-]*(;[ -~]*)?$/i, 'Invalid file type'));

/** The size bounds of a chunk in bytes (the server narrows the maximum for uploads). */
export const CHUNK_SIZE_BOUNDS = { min: 1024, max: 64 * 1024 * 1024 } as const;

export const fileRefSchema = z.strictObject({
  blobId: blobIdSchema,
  /** The file's name as the person knows it (shown, and used for downloads). */
  name: singleLine(trimmedText(1, 255)),
  /** Plaintext bytes. */
  size: intBetween(0, Number.MAX_SAFE_INTEGER),
  /** The type found by content on the device (shared/files/types.ts), never just the extension. */
  mimeType: mimeTypeSchema,
  /** SHA-256 of the plaintext, lowercase hex. */
  sha256: z.string().check(z.regex(/^[0-9a-f]{64}$/, 'Invalid SHA-256')),
  /** AES-256-GCM key, base64url without padding (43 characters). */
  key: z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/, 'Invalid file key')),
  /** Plaintext bytes per chunk (the last chunk may be shorter); FILE_CHUNK_BYTES when made here. */
  chunkSize: intBetween(CHUNK_SIZE_BOUNDS.min, CHUNK_SIZE_BOUNDS.max),
  /** Length of a recording in ms, when known. */
  durationMs: z.optional(intBetween(0, 24 * 3600 * 1000)),
});
export type FileRef = z.infer<typeof fileRefSchema>;
