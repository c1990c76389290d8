/**
 * Import checks sizes before inflating (SECURITY.md "Limits", MAX_FILE_BYTES): a ZIP entry whose
 * record claims more than the largest file the server keeps, or whose ZIP directory declares
 * another size than its record, is refused before a byte of it is inflated; an entry whose data
 * inflates to more than it declared (a lying header) is refused as soon as its output passes the
 * declared size. Real Dexie over fake-indexeddb, the real files service, the real importData.
 */
import { strFromU8, strToU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { FILE_LIMIT_DEFAULTS } from '../../../shared/limits';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema/collections';
import { openOnDevice } from '../../db/test-device';
import type { UserDatabase } from '../../db/user-database';
import { createFilesService } from '../../files/service';
import { offlineHttp, pdfBytes } from '../../files/test-files';
import { exportData } from './export-data';
import { ExportReadError, importData } from './import-data';
import { MANIFEST_RATIO_FLOOR, MAX_COMPRESSION_RATIO, MIN_RATIO_CHECKED_BYTES, zipDirectory } from '../../../shared/export/zip-entries';
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '../../../shared/files/crypto';

const now = () => Date.UTC(2026, 10, 23, 12);
let n = 0;
const PDF_PATH = 'files/documents/Last will.pdf';

async function device() {
  const db = await openOnDevice(`bounds-${++n}`, now);
  return { db, files: createFilesService({ db, http: offlineHttp }) };
}

/** A real export holding one document file, as its entries (name → bytes). */
async function exportWithFile(): Promise<Record<string, Uint8Array>> {
  const a = await device();
  const ref = await a.files.addFile(new Blob([pdfBytes(20_000, 'WILL') as Uint8Array<ArrayBuffer>]), { name: 'Last will.pdf' });
  await a.db.writeMany([{ collection: 'documents', id: 'd-1', patch: { documentType: 'will', documentName: 'Will', documentUrl: null, file: ref, createdAt: new Date(now()).toISOString() } }]);
  const zip = new Uint8Array(await (await exportData(a.db, { now: new Date(now()), openFile: ({ ref: r }) => a.files.openFile(r) })).arrayBuffer());
  return unzipSync(zip);
}

/** `entries` with the document record's file size set to `size`. */
function withRecordSize(entries: Record<string, Uint8Array>, size: number): Record<string, Uint8Array> {
  const manifest = JSON.parse(strFromU8(entries['afterword.json']!)) as { records: { documents: { file: { size: number } }[] } };
  manifest.records.documents[0]!.file.size = size;
  return { ...entries, 'afterword.json': strToU8(JSON.stringify(manifest)) };
}

/** Writes `size` as entry `name`'s uncompressed size in the ZIP's central directory and its local header (what a hostile tool can do). */
function declareSize(zip: Uint8Array, name: string, size: number): Uint8Array {
  const out = zip.slice();
  const v = new DataView(out.buffer);
  let eocd = out.length - 22;
  while (v.getUint32(eocd, true) !== 0x06054b50) eocd--;
  let at = v.getUint32(eocd + 16, true);
  for (let i = 0; i < v.getUint16(eocd + 10, true); i++) {
    const nameLength = v.getUint16(at + 28, true);
    if (strFromU8(out.subarray(at + 46, at + 46 + nameLength)) === name) {
      v.setUint32(at + 24, size, true);
      v.setUint32(v.getUint32(at + 42, true) + 22, size, true);
      return out;
    }
    at += 46 + nameLength + v.getUint16(at + 30, true) + v.getUint16(at + 32, true);
  }
  throw new Error(`no entry ${name}`);
}

async function refused(zip: Uint8Array, message: string) {
  const b = await device();
  const err = await importData(b.db, zip, b.files.addFile).catch((e: unknown) => e);
  expect(err).toBeInstanceOf(ExportReadError);
  expect((err as Error).message).toBe(message);
  expect(await b.db.pendingCount()).toBe(0);
  for (const c of COLLECTIONS) expect(await b.db.dexie.entities(c as CollectionName).count()).toBe(0);
  expect(await b.db.dexie.table('attachments').count()).toBe(0);
}

describe('import checks sizes before inflating', () => {
  it('a record claiming a 1 GiB file (the ZIP declaring it too) is refused by MAX_FILE_BYTES before the entry is read', async () => {
    const entries = withRecordSize(await exportWithFile(), 1024 ** 3);
    const zip = declareSize(zipSync(entries, { level: 6 }), PDF_PATH, 1024 ** 3);
    await refused(zip, `The file “${PDF_PATH}” in this export is 1 GB; a file can be at most ${FILE_LIMIT_DEFAULTS.maxFileBytes / 1024 / 1024} MB.`);
  });

  it("the server's own MAX_FILE_BYTES (kept on the device) is the limit", async () => {
    const entries = await exportWithFile();
    const b = await device();
    await b.db.setMeta('fileLimits', { maxFileBytes: 10_000, quotaBytes: 1024 ** 3, usedBytes: 0 });
    const err = await importData(b.db, zipSync(entries), b.files.addFile).catch((e: unknown) => e);
    expect((err as Error).message).toMatch(/^The file “files\/documents\/Last will\.pdf” in this export is 2\d(\.\d)? KB; a file can be at most 9\.8 KB\.$/);
  });

  it('an entry whose ZIP directory declares another size than its record is refused before it is read', async () => {
    const entries = await exportWithFile();
    const zip = declareSize(zipSync(entries, { level: 6 }), PDF_PATH, 5_000);
    await refused(zip, `The file “${PDF_PATH}” in this export is damaged: its size is not the one its record gives.`);
  });

  it('a lying header (declared as its record says, inflating to 20 MB) is refused once its output passes the declared size', async () => {
    const entries = await exportWithFile();
    const size = entries[PDF_PATH]!.length;
    const bomb = { ...entries, [PDF_PATH]: new Uint8Array(20 * 1024 * 1024) }; // deflates to ~20 KB
    const zip = declareSize(zipSync(bomb, { level: 9 }), PDF_PATH, size);
    await refused(zip, `The file “${PDF_PATH}” in this export is damaged: it holds more than its record says.`);
  });

  it('afterword.json inflating to more than its ZIP directory declares is refused', async () => {
    const entries = await exportWithFile();
    const manifest = entries['afterword.json']!;
    const padded = new Uint8Array(manifest.length + 8 * 1024 * 1024).fill(0x20);
    padded.set(manifest);
    const zip = declareSize(zipSync({ ...entries, 'afterword.json': padded }, { level: 9 }), 'afterword.json', manifest.length);
    await refused(zip, 'afterword.json in this export is damaged: it holds more than its ZIP entry says.');
  });

  it('a ZIP bomb of over 100:1 is refused before it is inflated: afterword.json padded past 32 MiB (valid JSON), and a 20 MiB file of zeros its record describes truly', async () => {
    const entries = await exportWithFile();
    const manifest = entries['afterword.json']!;
    const padded = new Uint8Array(manifest.length + MANIFEST_RATIO_FLOOR + 1024 * 1024).fill(0x20); // trailing spaces: still valid JSON
    padded.set(manifest);
    await refused(zipSync({ ...entries, 'afterword.json': padded }, { level: 9 }), `afterword.json in this export is compressed more than an export can be (over ${MAX_COMPRESSION_RATIO} to 1), so it is not read.`);

    const zeros = new Uint8Array(20 * 1024 * 1024);
    const m = JSON.parse(strFromU8(manifest)) as { records: { documents: { file: { size: number; sha256: string } }[] } };
    m.records.documents[0]!.file.size = zeros.length;
    m.records.documents[0]!.file.sha256 = toHex(sha256(zeros));
    const bomb = zipSync({ ...entries, 'afterword.json': strToU8(JSON.stringify(m)), [PDF_PATH]: zeros }, { level: 9 });
    expect(bomb.length * MAX_COMPRESSION_RATIO).toBeLessThan(zeros.length);
    await refused(bomb, `The file “${PDF_PATH}” in this export is compressed more than an export can be (over ${MAX_COMPRESSION_RATIO} to 1), so it is not read.`);
  });

  it("a person's own words repeated (one long letter to 60 people) compress past 100:1 and still import", async () => {
    const a = await device();
    const letter = 'I loved every summer we spent at the lake, and I hope you go back there. '.repeat(270).slice(0, 20_000);
    await a.db.writeMany(Array.from({ length: 60 }, (_, i) => ({ collection: 'messages' as const, id: `m-${i}`, patch: { recipientName: `Friend ${i}`, recipientEmail: `friend${i}@example.com`, messageType: 'text', messageContent: letter, deliveryDate: null, createdAt: new Date(now()).toISOString() } })));
    const zip = new Uint8Array(await (await exportData(a.db, { now: new Date(now()) })).arrayBuffer());
    const manifest = zipDirectory(zip, 10).entries.find((e) => e.name === 'afterword.json')!;
    expect(manifest.declaredSize).toBeGreaterThan(MIN_RATIO_CHECKED_BYTES);
    expect(manifest.declaredSize / manifest.compressedSize).toBeGreaterThan(MAX_COMPRESSION_RATIO);
    const b = await device();
    expect((await importData(b.db, zip, b.files.addFile)).records.messages).toBe(60);
  });

  it('an honest export still imports (control)', async () => {
    const b = await device();
    const result = await importData(b.db, zipSync(await exportWithFile()), b.files.addFile);
    expect(result.filesAdded).toBe(1);
  });
});
