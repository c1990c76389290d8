/**
 * The server's export ZIP (shared/export/stored-format.ts, version 2): records as stored and each
 * referenced blob once as stored ciphertext. The server has no key and decrypts nothing (issue 29).
 * Streamed and pull-driven: records are read a pull page at a time and a blob one stored chunk at
 * a time, with a macrotask turn between pieces, so other accounts' requests are answered while an
 * export runs; nothing is compressed (the records are mostly envelopes, the blobs ciphertext).
 * Each piece is charged to the account's read budgets as it is sent (SECURITY.md Limits: records
 * to `readBytesPerMinute`, blob bytes to `fileBytesPerMinute`): past one, the stream stops with
 * the budget's 429 error and the ZIP is cut short (no central directory: unreadable, never a
 * silently partial export).
 */
import { setImmediate as nextTurn } from 'node:timers/promises';
import { Zip, ZipPassThrough, strToU8 } from 'fflate';
import { EXPORT_FORMAT, MANIFEST_PATH, README_PATH } from '../../shared/export/format';
import { STORED_EXPORT_VERSION, STORED_RECORDS_PATH, blobPath, type StoredManifest } from '../../shared/export/stored-format';
import { isDeleted } from '../../shared/sync/record';
import type { BlobService } from '../blobs';
import { ciphertextRange } from '../blobs';
import type { AsyncRecordStore, RecordStore } from '../records';
import { namedBlob } from '../records/index';

/** Records read per pull page (each page also bounded by the store). */
const PAGE = 200;
/** Bytes of `records.jsonl` gathered before they are sent. */
const RECORD_PIECE_BYTES = 256 * 1024;

/** What the export reads and charges. */
export interface StoredExportSource {
  userId: string;
  sealed: boolean;
  exportedAt: Date;
  store: RecordStore | AsyncRecordStore;
  blobs: BlobService;
  /**
   * Called before each piece is sent with its kind and bytes; throws (the budget's 429) to stop
   * the export there. Awaited.
   */
  charge: (kind: 'records' | 'file', bytes: number) => Promise<void>;
}

/** The export ZIP as a pull-driven stream of chunks. Throws the `charge` error or a store failure. */
export async function* storedExportChunks(src: StoredExportSource): AsyncGenerator<Uint8Array> {
  const out: { chunk: Uint8Array }[] = [];
  let failure: Error | null = null;
  const zip = new Zip((err, chunk) => {
    if (err) failure = err;
    else out.push({ chunk });
  });
  const mtime = src.exportedAt;
  /** Sends what the ZIP made so far, charged as `kind`. */
  async function* drain(kind: 'records' | 'file') {
    if (failure) throw failure;
    while (out.length) {
      const { chunk } = out.shift()!;
      await src.charge(kind, chunk.byteLength);
      yield chunk;
    }
    await nextTurn(); // let other requests run between pieces
  }
  const entry = (name: string) => {
    const e = new ZipPassThrough(name);
    e.mtime = mtime;
    zip.add(e);
    return e;
  };

  // records.jsonl, page by page; the blobs they name, in the order first named.
  const named = new Set<string>();
  const records = entry(STORED_RECORDS_PATH);
  let recordCount = 0;
  let piece: string[] = [];
  let pieceBytes = 0;
  for (let cursor = 0; ; ) {
    const page = await src.store.pull(src.userId, cursor, PAGE);
    for (const r of page.records) {
      if (isDeleted(r)) continue;
      const line = JSON.stringify({ collection: r.collection, id: r.id, values: r.values, clocks: r.clocks }) + '\n';
      piece.push(line);
      pieceBytes += line.length;
      recordCount++;
      const blobId = namedBlob(r.values);
      if (blobId) named.add(blobId);
    }
    const last = !page.hasMore || page.cursor === cursor;
    if (pieceBytes >= RECORD_PIECE_BYTES || last) {
      records.push(strToU8(piece.join('')), last);
      piece = [];
      pieceBytes = 0;
      yield* drain('records');
    }
    if (last) break;
    cursor = page.cursor;
  }

  // Each named blob once, as stored.
  const written: StoredManifest['blobs'] = [];
  const missing: string[] = [];
  for (const blobId of named) {
    const row = await src.blobs.meta.get(src.userId, blobId);
    if (!row || row.state !== 'complete') {
      missing.push(blobId);
      continue;
    }
    const e = entry(blobPath(blobId));
    if (row.encrypted_size > 0) {
      for await (const chunk of ciphertextRange(src.blobs.store, row, { start: 0, end: row.encrypted_size - 1 })) {
        e.push(chunk);
        yield* drain('file');
      }
    }
    e.push(new Uint8Array(0), true);
    yield* drain('file');
    written.push({ blobId, bytes: row.encrypted_size });
  }

  const manifest: StoredManifest = {
    format: EXPORT_FORMAT,
    version: STORED_EXPORT_VERSION,
    exportedAt: src.exportedAt.toISOString(),
    userId: src.userId,
    sealed: src.sealed,
    recordCount,
    blobs: written,
    missingBlobs: missing,
  };
  entry(MANIFEST_PATH).push(strToU8(JSON.stringify(manifest, null, 2)), true);
  entry(README_PATH).push(strToU8(README), true);
  zip.end();
  yield* drain('records');
}

const README = `Afterword export, as the server holds it (format version ${STORED_EXPORT_VERSION}).

The server cannot read your words or files: they are sealed with keys only your devices hold.
Open this export in Afterword (Settings, then "Import data") on a device signed in to your
account; it opens every record and file there. records.jsonl holds your records as stored,
blobs/ each of your files once, encrypted; afterword.json lists them.
`;
