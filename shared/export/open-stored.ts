/**
 * Opens the server's export (shared/export/stored-format.ts, version 2) on the device (issue 29:
 * the server has no key): each record's sealed fields with the account's keyring (the key
 * session's `Keyring`, shared/crypto/keys.ts), each file with the key in its record's opened
 * `file` reference, each blob decrypted once however many records share it. The result is the
 * version 1 export (shared/export/format.ts, plaintext) that "Import data" reads and the person
 * may keep. Nothing that fails to open is dropped silently: every record and file that does not
 * open is named in `failures`, in words for the person.
 */
import { concatAll } from '../crypto/bytes';
import { parseEnvelope } from '../crypto/envelope';
import { openState } from '../crypto/sealed-record';
import type { Keyring } from '../crypto/keys';
import { chunkCount, decryptChunk, DecryptError, encryptedSize, importFileKey, paddedFileSize, plainChunkBytes, CHUNK_OVERHEAD } from '../files/crypto';
import type { FileRef } from '../files/ref';
import { FILE_COLLECTIONS } from '../files/ref';
import { COLLECTIONS, isFreshnessField, type CollectionName } from '../schema/collection-names';
import { materialize } from '../sync/record';
import { MANIFEST_PATH, personNameOf, type ExportRecords } from './format';
import { formatBytes } from '../files/size';
import { FILE_LIMIT_DEFAULTS } from '../limits';
import { MAX_EXPORT_ENTRIES, MAX_MANIFEST_BYTES, tooCompressedMessage } from './read';
import { STORED_EXPORT_VERSION, STORED_RECORDS_PATH, blobPath, storedManifestSchema, storedRecordSchema, type StoredManifest } from './stored-format';
import { exportZipChunks } from './zip-writer';
import { MANIFEST_RATIO_FLOOR, readZipEntry, tooCompressed, zipDirectory, type ZipEntry } from './zip-entries';

/** A stored export that cannot be opened at all; `message` is shown to the person as it is. */
export class StoredExportOpenError extends Error {
  override name = 'StoredExportOpenError';
}

export const SEALED_NEEDS_KEYS_MESSAGE = 'This export is sealed. Sign in on this device to the account that made it, then import it again.';
const DAMAGED_MESSAGE = 'This export is damaged: its afterword.json or records.jsonl cannot be read.';

/** What opening gives: the plaintext export (version 1 ZIP) and what did not open, by name. */
export interface OpenedStoredExport {
  zip: Uint8Array;
  /** One sentence per record or file that did not open ('Legal document "…" did not open.'). */
  failures: string[];
}

/** How a person calls a record of each collection in a failure. */
const RECORD_WORDS: Record<CollectionName, string> = {
  profile: 'Profile',
  deathPlan: 'After-death plan',
  messages: 'Message',
  documents: 'Legal document',
  trustees: 'Trustee',
  survivorTasks: 'Survivor task',
};

/** True when `zip`'s afterword.json says it is a stored export (version 2); false for anything else. */
export function isStoredExport(zip: Uint8Array): boolean {
  try {
    return readManifest(zip, indexOf(zip)).version === STORED_EXPORT_VERSION;
  } catch {
    return false;
  }
}

/** Lines of records.jsonl opened at once (a pulled page's size: DEFAULT_PULL_LIMIT). */
const OPEN_BATCH = 500;

/**
 * Opens `zip` (a stored export) with `opts.keyring` (null: the device holds no keys; a sealed
 * export is then refused). A file larger than `opts.maxFileBytes` (the server's MAX_FILE_BYTES;
 * default FILE_LIMIT_DEFAULTS.maxFileBytes) is named as a failure before anything is inflated. Returns the plaintext version 1 export and the failures; throws
 * StoredExportOpenError when the export cannot be opened at all (damaged, sealed without keys).
 */
export async function openStoredExport(zip: Uint8Array, opts: { keyring: Keyring | null; maxFileBytes?: number }): Promise<OpenedStoredExport> {
  const byName = indexOf(zip);
  const manifest = readManifest(zip, byName);
  if (manifest.sealed && !opts.keyring) throw new StoredExportOpenError(SEALED_NEEDS_KEYS_MESSAGE);
  const failures: string[] = [];
  const records = Object.fromEntries(COLLECTIONS.map((c) => [c, [] as unknown[]])) as Record<CollectionName, unknown[]>;
  const lookup = opts.keyring?.lookup ?? (() => undefined);
  /** One line of records.jsonl: its entity (null when deleted), or the words naming why it was left out. */
  const openLine = async (line: number, text: string): Promise<{ failure: string } | { collection: CollectionName; entity: unknown }> => {
    const parsed = storedRecordSchema.safeParse(safeJson(text));
    if (!parsed.success) return { failure: `Line ${line + 1} of records.jsonl is damaged and was left out.` };
    const { collection, id, values, clocks } = parsed.data;
    let opened = values;
    // A sealed account's sealed fields are all envelopes; one being sealed (the migration, before
    // `sealed_at`) may hold some already: those are opened too, the plain ones kept.
    const toOpen = manifest.sealed ? values : Object.fromEntries(Object.entries(values).filter(([, v]) => isEnvelope(v)));
    if (Object.keys(toOpen).length) {
      const { values: plain, errors } = await openState(lookup, manifest.userId, collection, id, { values: toOpen, clocks });
      const bad = Object.keys(errors);
      // The person's fields by name; the record's version and twins (freshness.ts) are not theirs to know by name.
      const named = bad.filter((f) => !isFreshnessField(f)).sort();
      if (bad.length) return { failure: `${RECORD_WORDS[collection]} "${id}" did not open (${named.length ? named.join(', ') : 'its version'}) and was left out.` };
      opened = { ...values, ...plain };
    }
    return { collection, entity: materialize(collection, id, { values: opened, clocks }, manifest.userId) };
  };
  // Opened OPEN_BATCH lines at a time, concurrently (shared/crypto/README.md "Figures"); failures named in line order.
  const lines = readLines(zip, byName);
  for (let from = 0; from < lines.length; from += OPEN_BATCH) {
    const results = await Promise.all(lines.slice(from, from + OPEN_BATCH).map((text, i) => openLine(from + i, text)));
    for (const r of results) {
      if ('failure' in r) failures.push(r.failure);
      else if (r.entity) records[r.collection].push(r.entity);
    }
  }
  for (const c of COLLECTIONS) {
    (records[c] as { id: string; createdAt?: string }[]).sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id));
  }
  const exported = records as unknown as ExportRecords;
  const files = fileOpener(zip, byName, exported, failures, opts.maxFileBytes ?? FILE_LIMIT_DEFAULTS.maxFileBytes);
  const parts: Uint8Array[] = [];
  for await (const chunk of exportZipChunks({ records: exported, exportedAt: new Date(manifest.exportedAt), personName: personNameOf(exported), openFile: files })) parts.push(chunk);
  return { zip: concatAll(parts), failures };
}

/** `openFile` of the version 1 writer: each blob decrypted once (the last one kept), failures named. */
function fileOpener(zip: Uint8Array, byName: Map<string, ZipEntry>, records: ExportRecords, failures: string[], maxFileBytes: number) {
  let last: { blobId: string; key: string; bytes: Uint8Array } | null = null;
  return async ({ collection, ref, id }: { collection: (typeof FILE_COLLECTIONS)[number]; id: string; ref: FileRef }) => {
    const what = `The file "${ref.name}" of ${RECORD_WORDS[collection].toLowerCase()} "${recordTitle(records, collection, id)}"`;
    if (last && last.blobId === ref.blobId && last.key === ref.key) return last.bytes;
    const entry = byName.get(blobPath(ref.blobId));
    if (ref.size > maxFileBytes) {
      failures.push(`${what} is larger than a file can be here (${formatBytes(maxFileBytes)}).`); // never inflated (a ZIP bomb)
      return null;
    }
    if (!entry) {
      failures.push(`${what} is not in this export (it was not uploaded from the device that added it).`);
      return null;
    }
    try {
      const bytes = await decryptBlob(readZipEntry(zip, entry, encryptedSize(paddedFileSize(ref.size), ref.chunkSize)), ref);
      last = { blobId: ref.blobId, key: ref.key, bytes };
      return bytes;
    } catch (err) {
      failures.push(`${what} did not open: it is damaged, or its key is not the one it was sealed with.`);
      return null;
    }
  };
}

/** The name a person knows a file's record by: a document's name, a message's recipient. */
function recordTitle(records: ExportRecords, collection: (typeof FILE_COLLECTIONS)[number], id: string): string {
  if (collection === 'documents') return records.documents.find((d) => d.id === id)?.documentName ?? id;
  const m = records.messages.find((x) => x.id === id);
  return m ? `for ${m.recipientName}` : id;
}

/**
 * The plaintext of a stored blob (the concatenated encrypted chunks); throws DecryptError. A blob
 * stored padded (issue 39) is laid out by `paddedFileSize(ref.size)` and its zero padding is cut
 * off; one stored before padding, by `ref.size`.
 */
async function decryptBlob(stored: Uint8Array, ref: FileRef): Promise<Uint8Array> {
  const padded = paddedFileSize(ref.size);
  const layout = stored.byteLength === encryptedSize(ref.size, ref.chunkSize) ? ref.size : padded;
  if (stored.byteLength !== encryptedSize(layout, ref.chunkSize)) throw new DecryptError();
  const key = await importFileKey(ref.key);
  const count = chunkCount(layout, ref.chunkSize);
  const out = new Uint8Array(ref.size);
  const stride = ref.chunkSize + CHUNK_OVERHEAD;
  for (let i = 0, at = 0; i < count; i++) {
    const plain = await decryptChunk(key, ref.blobId, i, count, stored.subarray(i * stride, Math.min(stored.byteLength, (i + 1) * stride)));
    const own = plainChunkBytes(ref.size, ref.chunkSize, i);
    if (plain.subarray(own).some((b) => b !== 0)) throw new DecryptError();
    out.set(plain.subarray(0, own), at);
    at += own;
  }
  return out;
}

function indexOf(zip: Uint8Array): Map<string, ZipEntry> {
  try {
    return new Map(zipDirectory(zip, MAX_EXPORT_ENTRIES).entries.map((e) => [e.name, e]));
  } catch {
    throw new StoredExportOpenError('This file is damaged or is not a ZIP file. Choose the ZIP that "Export my data" made.');
  }
}

function readManifest(zip: Uint8Array, byName: Map<string, ZipEntry>): StoredManifest {
  const entry = byName.get(MANIFEST_PATH);
  if (!entry || entry.declaredSize > MAX_MANIFEST_BYTES) throw new StoredExportOpenError(DAMAGED_MESSAGE);
  if (tooCompressed(entry, MANIFEST_RATIO_FLOOR)) throw new StoredExportOpenError(tooCompressedMessage(MANIFEST_PATH));
  const parsed = storedManifestSchema.safeParse(safeJson(new TextDecoder().decode(readZipEntry(zip, entry, entry.declaredSize, MANIFEST_RATIO_FLOOR))));
  if (!parsed.success) throw new StoredExportOpenError(DAMAGED_MESSAGE);
  return parsed.data;
}

function readLines(zip: Uint8Array, byName: Map<string, ZipEntry>): string[] {
  const entry = byName.get(STORED_RECORDS_PATH);
  if (!entry || entry.declaredSize > MAX_MANIFEST_BYTES) throw new StoredExportOpenError(DAMAGED_MESSAGE);
  if (tooCompressed(entry, MANIFEST_RATIO_FLOOR)) throw new StoredExportOpenError(tooCompressedMessage(STORED_RECORDS_PATH));
  return new TextDecoder().decode(readZipEntry(zip, entry, entry.declaredSize, MANIFEST_RATIO_FLOOR)).split('\n').filter((l) => l.length > 0);
}

/** Whether `value` is an envelope (shared/crypto/envelope.ts), whatever its key. */
function isEnvelope(value: unknown): boolean {
  if (typeof value !== 'string' || !value.startsWith('v')) return false;
  try {
    parseEnvelope(value);
    return true;
  } catch {
    return false;
  }
}

function safeJson(text: string): unknown {
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}
