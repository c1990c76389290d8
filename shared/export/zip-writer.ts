/**
 * Writes the export ZIP (shared/export/format.ts) as a stream, on the device (made there, or
 * opened from the server's export; fflate, no Node or DOM APIs beyond ReadableStream). Files go first, stored as they are
 * (documents and recordings are compressed already), read one chunk at a time, so memory stays
 * near one chunk whatever their size; a file several records share (same blob and key) is written
 * once and named by each of them; `afterword.json` and `README.txt` come last (a ZIP is read
 * from its central directory, order does not matter to a reader).
 */
import { Zip, ZipDeflate, ZipPassThrough, strToU8 } from 'fflate';
import type { FileRef } from '../files/ref';
import { COLLECTIONS, type CollectionName } from '../schema/collections';
import { DOCUMENT_TYPE_LABELS } from '../labels';
import { formatLongDateTime } from '../dates';
import {
  EXPORT_FORMAT,
  EXPORT_FORMAT_VERSION,
  MANIFEST_PATH,
  README_PATH,
  type ExportFileEntry,
  type ExportManifest,
  type ExportRecords,
  type FileCollection,
} from './format';
import { createPathAllocator, documentFilePath, messageFilePath } from './paths';

/** A record's file as it may be read: whole bytes, a Blob, or a stream (or async iterable) of plaintext chunks. */
export type FileBytes = Uint8Array | Blob | ReadableStream<Uint8Array> | AsyncIterable<Uint8Array>;

/** A record that holds a file. */
export interface ExportFileSource {
  collection: FileCollection;
  id: string;
  ref: FileRef;
}

export interface ExportOptions {
  records: ExportRecords;
  exportedAt: Date;
  /** The person's name for README.txt. */
  personName: string;
  /**
   * The plaintext of a record's file, or null when it cannot be had (not on this device and no
   * connection; a blob the server no longer holds). Absent: no files are written.
   */
  openFile?: (source: ExportFileSource) => Promise<FileBytes | null>;
}

/** Every record holding a file, with the path it gets in the ZIP (de-duplicated). */
export function plannedFiles(records: ExportRecords): (ExportFileSource & { path: string; label: string })[] {
  const allocate = createPathAllocator();
  const out: (ExportFileSource & { path: string; label: string })[] = [];
  for (const d of records.documents) {
    if (d.file) out.push({ collection: 'documents', id: d.id, ref: d.file, path: allocate(documentFilePath(d.file.name)), label: `${DOCUMENT_TYPE_LABELS[d.documentType]}: ${d.documentName}` });
  }
  for (const m of records.messages) {
    if (m.file) out.push({ collection: 'messages', id: m.id, ref: m.file, path: allocate(messageFilePath(m.recipientName, m.file.name)), label: `${m.messageType} message for ${m.recipientName}` });
  }
  return out;
}

/**
 * The export ZIP as a stream of chunks (pull-driven: nothing is read before the consumer asks).
 * Throws what `openFile`'s stream throws (a failed download stops the export, never a silent hole).
 */
export async function* exportZipChunks(opts: ExportOptions): AsyncGenerator<Uint8Array> {
  const out: Uint8Array[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push(chunk);
  });
  const drain = function* () {
    if (failure) throw failure;
    while (out.length) yield out.shift()!;
  };
  const mtime = opts.exportedAt;
  const written: ExportFileEntry[] = [];
  const missing: string[] = [];
  const once = new Map<string, string>(); // a file several records share is written once (blob id and key): its path
  for (const f of plannedFiles(opts.records)) {
    const shared = once.get(`${f.ref.blobId}/${f.ref.key}`);
    if (shared) {
      written.push({ collection: f.collection, id: f.id, path: shared });
      continue;
    }
    const bytes = opts.openFile ? await opts.openFile(f) : null;
    if (!bytes) {
      missing.push(f.path);
      continue;
    }
    const entry = new ZipPassThrough(f.path);
    entry.mtime = mtime;
    zip.add(entry);
    for await (const chunk of chunksOf(bytes)) {
      entry.push(chunk);
      yield* drain();
    }
    entry.push(new Uint8Array(0), true);
    yield* drain();
    written.push({ collection: f.collection, id: f.id, path: f.path });
    once.set(`${f.ref.blobId}/${f.ref.key}`, f.path);
  }
  const manifest: ExportManifest = {
    format: EXPORT_FORMAT,
    version: EXPORT_FORMAT_VERSION,
    exportedAt: opts.exportedAt.toISOString(),
    records: opts.records,
    files: written,
  };
  for (const [name, text] of [
    [MANIFEST_PATH, JSON.stringify(manifest, null, 2)],
    [README_PATH, readmeText(opts, written, missing)],
  ] as const) {
    const entry = new ZipDeflate(name, { level: 6 });
    entry.mtime = mtime;
    zip.add(entry);
    entry.push(strToU8(text), true);
    yield* drain();
  }
  zip.end();
  yield* drain();
}

/** The chunks of `bytes`, whatever its kind. */
async function* chunksOf(bytes: FileBytes): AsyncGenerator<Uint8Array> {
  if (bytes instanceof Uint8Array) {
    yield bytes;
    return;
  }
  if (!(bytes instanceof Blob) && !(bytes instanceof ReadableStream)) {
    for await (const chunk of bytes) if (chunk.byteLength) yield chunk;
    return;
  }
  const stream = bytes instanceof ReadableStream ? bytes : bytes.stream();
  const reader = stream.getReader();
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return;
      if (value.byteLength) yield value;
    }
  } finally {
    reader.releaseLock();
  }
}

/** README.txt: what the export is and what each file is, in plain words. */
/** What README.txt calls each collection: [one, many] (the family reads it, not a programmer). */
const COLLECTION_WORDS: Record<CollectionName, [string, string]> = {
  profile: ['profile', 'profiles'],
  deathPlan: ['after-death plan', 'after-death plans'],
  messages: ['message', 'messages'],
  documents: ['legal document', 'legal documents'],
  trustees: ['trustee', 'trustees'],
  survivorTasks: ['survivor task', 'survivor tasks'],
};

/** '2 legal documents', '1 trustee'. */
const countWords = (c: CollectionName, n: number) => `${n} ${COLLECTION_WORDS[c][n === 1 ? 0 : 1]}`;

function readmeText(opts: ExportOptions, written: ExportFileEntry[], missing: string[]): string {
  const counts = COLLECTIONS.map((c) => countWords(c, opts.records[c].length)).join(', ');
  const made = formatLongDateTime(opts.exportedAt, { timeZone: 'UTC' }); // SPEC.md §9, the zone named
  const labels = new Map(plannedFiles(opts.records).map((f) => [f.path, f.label]));
  const lines = [
    `Afterword export${opts.personName ? ` of ${opts.personName}` : ''}, made ${made}.`,
    '',
    `${MANIFEST_PATH}`,
    `  Every record you kept in Afterword (${counts}), as JSON, format version ${EXPORT_FORMAT_VERSION}.`,
    `  Messages and documents refer to their files below.`,
    '',
    'files/documents/',
    '  Your legal documents, exactly as you added them. They open without Afterword.',
    'files/messages/',
    '  Recordings and files of your messages, named "<recipient> - <file name>".',
    '',
    'To bring all of this into Afterword, on this or another server: Settings, then "Import data".',
  ];
  if (written.length) lines.push('', 'Files in this export:', ...written.map((f) => `  ${f.path}  (${labels.get(f.path)})`));
  if (missing.length) {
    lines.push('', 'Files that could not be included (not on the device that made this export, or not downloadable then):', ...missing.map((p) => `  ${p}  (${labels.get(p)})`));
  }
  return lines.join('\n') + '\n';
}
