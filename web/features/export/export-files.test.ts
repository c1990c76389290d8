/**
 * Files in the export (issue #18): each document and recording is written decrypted under a name a
 * person knows (`files/documents/<name>`, `files/messages/<recipient> - <name>`); importing adds each
 * file like any new file (kept on the device, queued for upload) and a second import adds none; a
 * damaged file refuses the whole import. Real Dexie over fake-indexeddb, the real files service
 * (web/files) on devices with no network.
 */
import { strFromU8, unzipSync, zipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openOnDevice } from '../../db/test-device';
import type { UserDatabase } from '../../db/user-database';
import { createFilesService } from '../../files/service';
import { offlineHttp, pdfBytes } from '../../files/test-files';
import { exportData } from './export-data';
import { ExportReadError, importData } from './import-data';

const now = () => Date.UTC(2026, 10, 23, 12);
const createdAt = new Date(now()).toISOString();
let n = 0;

async function device() {
  const db = await openOnDevice(`files-${++n}`, now);
  return { db, files: createFilesService({ db, http: offlineHttp }) };
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
const attachments = (db: UserDatabase) => db.dexie.table('attachments').count();

async function personWithFiles() {
  const a = await device();
  const will = pdfBytes(60_000, 'WILL');
  const letter = pdfBytes(30_000, 'LETTER');
  const willRef = await a.files.addFile(new Blob([will as Uint8Array<ArrayBuffer>]), { name: 'Last will.pdf' });
  const letterRef = await a.files.addFile(new Blob([letter as Uint8Array<ArrayBuffer>]), { name: 'Letter.pdf' });
  const copyRef = await a.files.addFile(new Blob([will as Uint8Array<ArrayBuffer>]), { name: 'Last will.pdf' });
  await a.db.writeMany([
    { collection: 'documents', id: 'd-1', patch: { documentType: 'will', documentName: 'Will', documentUrl: null, file: willRef, createdAt } },
    { collection: 'documents', id: 'd-2', patch: { documentType: 'will', documentName: 'Will, copy', documentUrl: null, file: copyRef, createdAt } },
    { collection: 'messages', id: 'm-1', patch: { recipientName: 'Grace Hopper', recipientEmail: 'grace@example.org', messageType: 'text', messageContent: 'Hello', deliveryDate: null, file: letterRef, createdAt } },
  ]);
  const zip = await bytesOf(await exportData(a.db, { now: new Date(now()), openFile: ({ ref }) => a.files.openFile(ref) }));
  return { zip, will, letter, willRef };
}

describe('files in export and import (issue #18)', () => {
  it('writes every file decrypted under a person’s name, de-duplicated, and README.txt says what each is', async () => {
    const { zip, will, letter } = await personWithFiles();
    const entries = unzipSync(zip);
    expect(Object.keys(entries).sort()).toEqual(['README.txt', 'afterword.json', 'files/documents/Last will (2).pdf', 'files/documents/Last will.pdf', 'files/messages/Grace Hopper - Letter.pdf']);
    expect(entries['files/documents/Last will.pdf']).toEqual(will);
    expect(entries['files/messages/Grace Hopper - Letter.pdf']).toEqual(letter);
    const readme = strFromU8(entries['README.txt']!);
    expect(readme).toContain('files/documents/Last will.pdf  (Will & Testament: Will)');
    expect(readme).toContain('files/messages/Grace Hopper - Letter.pdf  (text message for Grace Hopper)');
    // Written for a family, not for programmers: no collection code names.
    expect(readme).toMatch(/\b2 legal documents\b/);
    expect(readme).not.toMatch(/deathPlan|survivorTasks|\d+ documents/);
  });

  it('import adds each file (queued for upload) and the same file opens; a second import adds nothing', async () => {
    const { zip, will, willRef } = await personWithFiles();
    const b = await device();
    const first = await importData(b.db, zip, b.files.addFile);
    expect(first.filesAdded).toBe(3);
    expect(await attachments(b.db)).toBe(3);
    const doc = (await b.db.dexie.entities('documents').get('d-1'))!;
    expect(doc.file).toMatchObject({ name: 'Last will.pdf', sha256: willRef.sha256, size: willRef.size });
    expect(doc.file!.blobId).not.toBe(willRef.blobId); // a new file of this account, with its own key
    expect(await bytesOf(await b.files.openFile(doc.file!))).toEqual(will);

    const pending = await b.db.pendingCount();
    const again = await importData(b.db, zip, b.files.addFile);
    expect(again).toMatchObject({ changed: 0, filesAdded: 0 });
    expect(await b.db.pendingCount()).toBe(pending);
    expect(await attachments(b.db)).toBe(3);
  });

  it('a damaged file refuses the whole import and writes nothing', async () => {
    const { zip } = await personWithFiles();
    const entries = unzipSync(zip);
    entries['files/documents/Last will.pdf']![5_000] ^= 0xff;
    const b = await device();
    const err = await importData(b.db, zipSync(entries), b.files.addFile).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ExportReadError);
    expect((err as Error).message).toBe('The file “files/documents/Last will.pdf” in this export is damaged.');
    expect(await b.db.pendingCount()).toBe(0);
    expect(await attachments(b.db)).toBe(0);
    expect(await b.db.dexie.entities('documents').count()).toBe(0);
  });

  it('a file several records share is in the ZIP once, named by each, and import adds it once', async () => {
    const a = await device();
    const will = pdfBytes(60_000, 'SHARED-WILL');
    const ref = await a.files.addFile(new Blob([will as Uint8Array<ArrayBuffer>]), { name: 'Last will.pdf' });
    await a.db.writeMany(
      [0, 1, 2].map((i) => ({ collection: 'documents' as const, id: `s-${i}`, patch: { documentType: 'will', documentName: `Copy ${i}`, documentUrl: null, file: ref, createdAt } })),
    );
    const zip = await bytesOf(await exportData(a.db, { now: new Date(now()), openFile: ({ ref: r }) => a.files.openFile(r) }));
    expect(Object.keys(unzipSync(zip)).filter((p) => p.startsWith('files/'))).toEqual(['files/documents/Last will.pdf']);
    const b = await device();
    const result = await importData(b.db, zip, b.files.addFile);
    expect(result.filesAdded).toBe(1);
    expect(await attachments(b.db)).toBe(1);
    const docs = await b.db.dexie.entities('documents').toArray();
    expect(new Set(docs.map((d) => d.file!.blobId)).size).toBe(1);
    expect(await bytesOf(await b.files.openFile(docs[2]!.file!))).toEqual(will);
  });
});
