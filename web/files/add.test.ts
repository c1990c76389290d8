/**
 * addFile on a device with no network (issue #17 "Files work offline first"): the file is checked,
 * hashed and kept in IndexedDB at once, queued, and still there after the database is reopened;
 * refused files (too large, HTML disguised as a PDF, vault full) throw with a message for the person
 * and leave nothing stored or queued. Dexie over fake-indexeddb, one simulated device per test.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { FILE_CHUNK_BYTES } from '../../shared/files/crypto';
import { fileRefSchema } from '../../shared/files/ref';
import { TYPE_REFUSED_MESSAGE } from '../../shared/files/types';
import { newDeviceIndexedDb, openOnDevice } from '../db/test-device';
import { addFileTo } from './add';
import { FileRefusedError } from './errors';
import { DEFAULT_FILE_LIMITS } from './limits';
import { offlineHttp as offline, pdfBytes } from './test-files';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const now = () => Date.UTC(2026, 10, 23, 12);

async function device() {
  const idb = newDeviceIndexedDb();
  const db = await openOnDevice('u-files', now, idb);
  return { idb, db, deps: { db, http: offline } };
}

describe('addFile offline (issue #17)', () => {
  it('keeps a file offline: hashed, stored and queued, and still there after the database is reopened', async () => {
    const { idb, db, deps } = await device();
    const bytes = pdfBytes(FILE_CHUNK_BYTES + 12_345); // two chunks
    const ref = await addFileTo(deps, new Blob([bytes as BlobPart]), { name: '  My will.pdf ' });

    expect(fileRefSchema.parse(ref)).toEqual(ref);
    expect(ref).toMatchObject({ name: 'My will.pdf', size: bytes.length, mimeType: 'application/pdf', sha256: sha256(bytes), chunkSize: FILE_CHUNK_BYTES });
    db.close();

    const again = await openOnDevice('u-files', now, idb);
    const kept = await again.dexie.files.get(ref.blobId);
    expect(sha256(new Uint8Array(await kept!.blob.arrayBuffer()))).toBe(ref.sha256);
    expect(await again.dexie.attachments.get(ref.blobId)).toMatchObject({ state: 'queued', progress: 0, ref, referenced: false });
  });

  it('two files get different keys and ids; a recording keeps its length', async () => {
    const { deps } = await device();
    const a = await addFileTo(deps, new Blob([pdfBytes(2000) as BlobPart]), { name: 'a.pdf' });
    const b = await addFileTo(deps, new Blob([pdfBytes(2000) as BlobPart]), { name: 'b.pdf', durationMs: 3012.4 });
    expect(a.key).not.toBe(b.key);
    expect(a.blobId).not.toBe(b.blobId);
    expect(a.sha256).toBe(b.sha256);
    expect(b.durationMs).toBe(3012);
  });

  it('refuses HTML disguised as a .pdf with the type message, and queues nothing', async () => {
    const { db, deps } = await device();
    const html = new Blob(['<!doctype html><script>alert(1)</script>'], { type: 'application/pdf' });
    await expect(addFileTo(deps, html, { name: 'will.pdf' })).rejects.toThrow(new FileRefusedError(TYPE_REFUSED_MESSAGE));
    expect(await db.dexie.files.count()).toBe(0);
    expect(await db.dexie.attachments.count()).toBe(0);
  });

  it('refuses a file over the kept limit offline, naming the limit, and queues nothing', async () => {
    const { db, deps } = await device();
    await db.setMeta('fileLimits', { ...DEFAULT_FILE_LIMITS, maxFileBytes: 5000 });
    const err = await addFileTo(deps, new Blob([pdfBytes(6000) as BlobPart]), { name: 'big.pdf' }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(FileRefusedError);
    expect((err as Error).message).toBe('This file is too large (5.9 KB). Files can be up to 4.9 KB.');
    expect(await db.dexie.files.count()).toBe(0);
    expect(await db.dexie.attachments.count()).toBe(0);
  });

  it('counts files still waiting to upload against the vault: the one that does not fit is refused', async () => {
    const { db, deps } = await device();
    await db.setMeta('fileLimits', { maxFileBytes: 100_000, quotaBytes: 30_000, usedBytes: 5_000 });
    await addFileTo(deps, new Blob([pdfBytes(20_000) as BlobPart]), { name: 'first.pdf' });
    await expect(addFileTo(deps, new Blob([pdfBytes(10_000) as BlobPart]), { name: 'second.pdf' })).rejects.toThrow(/^Your vault is full/);
    expect(await db.dexie.attachments.count()).toBe(1);
  });

  it('does not count twice a waiting file the server already counts (its upload was accepted)', async () => {
    const { db, deps } = await device();
    await db.setMeta('fileLimits', { maxFileBytes: 100_000, quotaBytes: 50_000, usedBytes: 20_100 });
    const first = await addFileTo(deps, new Blob([pdfBytes(20_000) as BlobPart]), { name: 'first.pdf' });
    await db.dexie.attachments.update(first.blobId, { reserved: true }); // POST /api/blobs accepted: in usedBytes now
    await expect(addFileTo(deps, new Blob([pdfBytes(20_000) as BlobPart]), { name: 'second.pdf' })).resolves.toMatchObject({ size: 20_000 });
  });

  it('refuses an empty file', async () => {
    const { deps } = await device();
    await expect(addFileTo(deps, new Blob([]), { name: 'empty.txt' })).rejects.toThrow('This file is empty.');
  });
});
