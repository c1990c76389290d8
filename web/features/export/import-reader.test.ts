/**
 * The import's checks off the main thread (issue 40, low finding "import"): importData with a
 * reader over a real MessageChannel whose other end is served by serveImportChecks, as the app's
 * module worker serves it. The ZIP is handed over (its buffer detached here), an honest export
 * imports with its file, and a refusal comes back with the same words as on the main thread.
 * Real Dexie over fake-indexeddb, the real files service, the real importData and readExport.
 */
import { zipSync, unzipSync } from 'fflate';
import { describe, expect, it } from 'vitest';
import { openOnDevice } from '../../db/test-device';
import { createFilesService } from '../../files/service';
import { offlineHttp, pdfBytes } from '../../files/test-files';
import { exportData } from './export-data';
import { ExportReadError, importData } from './import-data';
import { inThreadReader, portReader, serveImportChecks } from './import-reader';

const now = () => Date.UTC(2026, 10, 23, 12);
let n = 0;

async function device() {
  const db = await openOnDevice(`reader-${++n}`, now);
  return { db, files: createFilesService({ db, http: offlineHttp }) };
}

/** A reader whose checks run on the far end of a MessageChannel; `ended` counts its ends. */
function channelReader() {
  const channel = new MessageChannel();
  serveImportChecks(channel.port2 as unknown as Parameters<typeof serveImportChecks>[0]);
  const state = { ended: 0 };
  const reader = portReader(channel.port1 as unknown as Parameters<typeof portReader>[0], () => {
    state.ended += 1;
    channel.port1.close();
  });
  return { reader, state };
}

async function exportWithFile(): Promise<Uint8Array> {
  const a = await device();
  const ref = await a.files.addFile(new Blob([pdfBytes(20_000, 'WILL') as Uint8Array<ArrayBuffer>]), { name: 'Last will.pdf' });
  await a.db.writeMany([{ collection: 'documents', id: 'd-1', patch: { documentType: 'will', documentName: 'Will', documentUrl: null, file: ref, createdAt: new Date(now()).toISOString() } }]);
  return new Uint8Array(await (await exportData(a.db, { now: new Date(now()), openFile: ({ ref: r }) => a.files.openFile(r) })).arrayBuffer());
}

describe('the import reads the ZIP on the other side of a port', () => {
  it('an honest export imports its records and file; the ZIP is handed over, and the reader ended once', async () => {
    const zip = await exportWithFile();
    const b = await device();
    const { reader, state } = channelReader();
    const result = await importData(b.db, zip, b.files.addFile, null, reader);
    expect(result.filesAdded).toBe(1);
    expect(result.records.documents).toBe(1);
    expect(zip.byteLength).toBe(0); // transferred, not copied
    expect(state.ended).toBe(1);
    const doc = await b.db.dexie.entities('documents').get('d-1');
    expect(doc).toBeTruthy();
  });

  it('a refusal has the same words as on the main thread, nothing is written, and the reader is ended', async () => {
    const entries = unzipSync(await exportWithFile());
    const damaged = zipSync({ ...entries, 'afterword.json': new TextEncoder().encode('{ not json') });
    const here = await importData((await device()).db, damaged.slice(), undefined, null, inThreadReader).catch((e: unknown) => e);
    const b = await device();
    const { reader, state } = channelReader();
    const there = await importData(b.db, damaged, b.files.addFile, null, reader).catch((e: unknown) => e);
    expect(there).toBeInstanceOf(ExportReadError);
    expect((there as Error).message).toBe((here as Error).message);
    expect((there as Error).message).toBe('afterword.json in this export is damaged: it is not valid JSON.');
    expect(await b.db.pendingCount()).toBe(0);
    expect(state.ended).toBe(1);
  });
});
