/**
 * Reads and checks an export ZIP (shared/export/format.ts) before anything is written (issue #18:
 * all or nothing). Every refusal is an ExportReadError whose message a person can read: a newer
 * version, a damaged or foreign ZIP, an invalid record, an unsafe entry name, a damaged file.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import type { z } from 'zod';
import { toHex } from '../files/crypto';
import type { FileRef } from '../files/ref';
import { formatBytes } from '../files/size';
import { ACCOUNT_LIMITS, FILE_LIMIT_DEFAULTS } from '../limits';
import { COLLECTIONS, COLLECTION_SPECS, type CollectionName } from '../schema/collections';
import {
  EXPORT_FORMAT_VERSION,
  FILES_DIR,
  MANIFEST_PATH,
  manifestHeadSchema,
  manifestSchema,
  type ExportFileEntry,
} from './format';
import { unsafeEntryName } from './paths';
import { MANIFEST_RATIO_FLOOR, MAX_COMPRESSION_RATIO, readZipEntry, tooCompressed, zipDirectory, ZipEntryTooLargeError, type ZipEntry } from './zip-entries';

/** A refused import; `message` is shown to the person as it is. */
export class ExportReadError extends Error {
  override name = 'ExportReadError';
}

export const NEWER_VERSION_MESSAGE = 'This export was made by a newer version of Afterword. Update the app, then import again.';
export const DAMAGED_ZIP_MESSAGE = 'This file is damaged or is not a ZIP file. Choose the ZIP that "Export my data" made.';
export const FOREIGN_ZIP_MESSAGE = 'This ZIP is not an Afterword export: it has no afterword.json.';

/**
 * Largest `afterword.json` read (declared size): well above what one account may store
 * (`accountBytes`, as pretty-printed JSON), so a ZIP bomb is refused before it is inflated.
 */
export const MAX_MANIFEST_BYTES = 8 * ACCOUNT_LIMITS.accountBytes;

/**
 * Most entries an export ZIP may list: a file per document and message (`recordsPerCollection`
 * each), afterword.json, README.txt, and a few folder entries another ZIP tool may add. More is
 * refused before any file is read: every file check reads the ZIP's directory again.
 */
export const MAX_EXPORT_ENTRIES = 2 * ACCOUNT_LIMITS.recordsPerCollection + 16;

/** What a person reads when an entry is a ZIP bomb (zip-entries.ts `tooCompressed`). */
export const tooCompressedMessage = (what: string) => `${what} in this export is compressed more than an export can be (over ${MAX_COMPRESSION_RATIO} to 1), so it is not read.`;

export type ExportManifestData = z.infer<typeof manifestSchema>;
/** One record of the manifest, as parsed (id, fields; `userId` ignored). */
export type ExportRecord = Record<string, unknown> & { id: string };

/** A checked export: the manifest and a reader for its files (one at a time, to bound memory). */
export interface CheckedExport {
  manifest: ExportManifestData;
  /** The plaintext of a manifest file entry (already checked against its record's size and SHA-256). */
  readFile(entry: ExportFileEntry): Uint8Array;
  /** The record a file entry belongs to, and its file reference as exported. */
  fileRecord(entry: ExportFileEntry): { record: ExportRecord; ref: FileRef };
}

/** Words for a record in a message: 'Message 3' (1-based, in the export's order). */
const RECORD_WORDS: Record<CollectionName, string> = {
  profile: 'The profile',
  deathPlan: 'The after-death plan',
  messages: 'Message',
  documents: 'Document',
  trustees: 'Trustee',
  survivorTasks: 'Survivor task',
};

/** What readExport checks against. */
export interface ReadExportOptions {
  /** The largest file the server keeps (its MAX_FILE_BYTES; default FILE_LIMIT_DEFAULTS.maxFileBytes). */
  maxFileBytes?: number;
}

/**
 * Checks `zip` whole: entry names, `afterword.json` (format, version, every record against its
 * collection's schema, unique ids), and every file (present, size and SHA-256 of its record).
 * Sizes come first (SECURITY.md "Limits"): a file larger than `opts.maxFileBytes`, whose ZIP
 * directory declares another size than its record, or an entry compressed beyond
 * MAX_COMPRESSION_RATIO is refused before any file is read, and an
 * entry is inflated no further than its declared size (a lying header stops there).
 * Throws ExportReadError naming the first problem.
 */
export function readExport(zip: Uint8Array, opts: ReadExportOptions = {}): CheckedExport {
  const maxFileBytes = opts.maxFileBytes ?? FILE_LIMIT_DEFAULTS.maxFileBytes;
  let directory: { total: number; entries: ZipEntry[] };
  try {
    directory = zipDirectory(zip, MAX_EXPORT_ENTRIES);
  } catch {
    throw new ExportReadError(DAMAGED_ZIP_MESSAGE);
  }
  const byName = new Map(directory.entries.map((e) => [e.name, e])); // a name listed twice: the last one, as fflate reads it
  const manifestEntry = byName.get(MANIFEST_PATH);
  if (manifestEntry && manifestEntry.declaredSize > MAX_MANIFEST_BYTES) throw new ExportReadError('afterword.json in this export is larger than any account can hold.');
  if (directory.total > MAX_EXPORT_ENTRIES) throw new ExportReadError(`This export has ${directory.total} entries; an export holds at most ${MAX_EXPORT_ENTRIES}.`);
  for (const { name } of directory.entries) {
    const why = unsafeEntryName(name);
    if (why) throw new ExportReadError(`This export can't be imported: ${why}.`);
  }
  if (!manifestEntry) throw new ExportReadError(FOREIGN_ZIP_MESSAGE);
  if (tooCompressed(manifestEntry, MANIFEST_RATIO_FLOOR)) throw new ExportReadError(tooCompressedMessage(MANIFEST_PATH));
  const manifest = parseManifest(readManifest(zip, manifestEntry));
  const byKey = new Map<string, { record: ExportRecord; ref: FileRef }>();
  for (const c of ['documents', 'messages'] as const) {
    for (const r of manifest.records[c] as ExportRecord[]) if (r.file) byKey.set(`${c}/${r.id}`, { record: r, ref: r.file as FileRef });
  }
  const seenPaths = new Map<string, FileRef>();
  for (const entry of manifest.files) {
    const owner = byKey.get(`${entry.collection}/${entry.id}`);
    if (!owner) throw new ExportReadError(`afterword.json names the file “${entry.path}” for a record that has no file.`);
    if (!entry.path.startsWith(FILES_DIR) || unsafeEntryName(entry.path)) throw new ExportReadError(`This export can't be imported: the name “${entry.path}” leads outside the export.`);
    const zipped = byName.get(entry.path);
    if (!zipped) throw new ExportReadError(`This export is incomplete: the file “${entry.path}” is missing.`);
    // A file several records share is in the ZIP once (zip-writer.ts): the same path only for the same file.
    const first = seenPaths.get(entry.path);
    if (first && (first.blobId !== owner.ref.blobId || first.sha256 !== owner.ref.sha256 || first.size !== owner.ref.size)) {
      throw new ExportReadError(`afterword.json names the file “${entry.path}” twice.`);
    }
    seenPaths.set(entry.path, owner.ref);
    // Sizes before any byte is inflated: the record's against the largest file, the directory's against the record's.
    if (owner.ref.size > maxFileBytes) {
      throw new ExportReadError(`The file “${entry.path}” in this export is ${formatBytes(owner.ref.size)}; a file can be at most ${formatBytes(maxFileBytes)}.`);
    }
    if (zipped.declaredSize !== owner.ref.size) throw new ExportReadError(`The file “${entry.path}” in this export is damaged: its size is not the one its record gives.`);
    if (tooCompressed(zipped)) throw new ExportReadError(tooCompressedMessage(`The file “${entry.path}”`));
  }
  const fileRecord = (entry: ExportFileEntry) => byKey.get(`${entry.collection}/${entry.id}`)!;
  const checked = new Set<string>(); // a shared file is checked once
  const readFile = (entry: ExportFileEntry): Uint8Array => {
    const { ref } = fileRecord(entry);
    let bytes: Uint8Array | undefined;
    try {
      bytes = readZipEntry(zip, byName.get(entry.path)!, ref.size);
    } catch (err) {
      if (err instanceof ZipEntryTooLargeError) throw new ExportReadError(`The file “${entry.path}” in this export is damaged: it holds more than its record says.`);
      bytes = undefined;
    }
    if (!bytes || bytes.byteLength !== ref.size || toHex(sha256(bytes)) !== ref.sha256) {
      throw new ExportReadError(`The file “${entry.path}” in this export is damaged.`);
    }
    checked.add(entry.path);
    return bytes;
  };
  for (const entry of manifest.files) if (!checked.has(entry.path)) readFile(entry); // every file checked before anything is written
  return { manifest, readFile, fileRecord };
}

/** The bytes of afterword.json, inflated no further than its directory entry declares. */
function readManifest(zip: Uint8Array, entry: ZipEntry): Uint8Array {
  try {
    const bytes = readZipEntry(zip, entry, entry.declaredSize, MANIFEST_RATIO_FLOOR);
    if (bytes.byteLength === entry.declaredSize) return bytes;
  } catch (err) {
    if (err instanceof ZipEntryTooLargeError) throw new ExportReadError('afterword.json in this export is damaged: it holds more than its ZIP entry says.');
  }
  throw new ExportReadError(DAMAGED_ZIP_MESSAGE);
}

function parseManifest(json: Uint8Array): ExportManifestData {
  let raw: unknown;
  try {
    raw = JSON.parse(new TextDecoder('utf-8', { fatal: true }).decode(json));
  } catch {
    throw new ExportReadError('afterword.json in this export is damaged: it is not valid JSON.');
  }
  const head = manifestHeadSchema.safeParse(raw);
  if (!head.success) throw new ExportReadError('This ZIP is not an Afterword export: afterword.json is not one of ours.');
  if (head.data.version > EXPORT_FORMAT_VERSION) throw new ExportReadError(NEWER_VERSION_MESSAGE);
  const parsed = manifestSchema.safeParse(raw);
  if (!parsed.success) throw new ExportReadError(describeIssue(parsed.error.issues[0]!));
  const manifest = parsed.data;
  for (const c of COLLECTIONS) {
    const records = manifest.records[c] as ExportRecord[];
    if (COLLECTION_SPECS[c].singleton && records.length > 1) throw new ExportReadError(`This export has more than one record of ${RECORD_WORDS[c].toLowerCase()}.`);
    const most = c === 'trustees' ? ACCOUNT_LIMITS.trustees : ACCOUNT_LIMITS.recordsPerCollection;
    if (records.length > most) throw new ExportReadError(`This export has ${records.length} ${RECORD_WORDS[c].toLowerCase()} records; an account holds at most ${most}.`);
    const ids = new Set<string>();
    for (const [i, r] of records.entries()) {
      if (ids.has(r.id)) throw new ExportReadError(`${recordName(c, i)} has the same id as another record (${r.id}).`);
      ids.add(r.id);
    }
  }
  return manifest;
}

/** 'Message 3' or 'The profile'. */
function recordName(c: CollectionName, index: number): string {
  return COLLECTION_SPECS[c].singleton ? RECORD_WORDS[c] : `${RECORD_WORDS[c]} ${index + 1}`;
}

/** A zod issue of the manifest in words: 'Invalid record: Message 3, recipientEmail: Invalid email address'. */
function describeIssue(issue: z.core.$ZodIssue): string {
  const [top, collection, index, ...field] = issue.path;
  if (top === 'records' && typeof collection === 'string' && (COLLECTIONS as readonly string[]).includes(collection) && typeof index === 'number') {
    const where = field.length ? `, ${field.join('.')}` : '';
    return `This export has an invalid record: ${recordName(collection as CollectionName, index)}${where}: ${issue.message}.`;
  }
  return `afterword.json in this export is not valid: ${issue.path.join('.') || 'the file'}: ${issue.message}.`;
}
