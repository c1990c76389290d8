/**
 * Files of an account being sealed (migrate-files.ts through sealAccountData) over the REAL app
 * and SQLite file, Dexie over fake-indexeddb: a file uploaded before keys (its key travelled in
 * the plain record) is re-encrypted under a new key as a new blob, its record points to it by a
 * sealed write with a new HLC, and another device reads back the same bytes.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { FileRef } from '../../../shared/files/ref';
import { appTransport, createTestApp, serverRecords, type TestApp } from '../../../sync-server/test/client-test-support';
import { signUp } from '../../../sync-server/test/test-support';
import { openOnDevice } from '../../db/test-device';
import { addFileTo } from '../../files/add';
import type { FilesHttp } from '../../files/http';
import { createAttachmentQueue } from '../../files/queue';
import { createFilesService } from '../../files/service';
import { pdfBytes } from '../../files/test-files';
import { createSyncEngine } from '../../sync/engine';
import type { SyncKeys } from '../../sync/sealing';
import { rejectedToast } from '../../sync/kept-toast';
import { openRecords, keysWithoutSealing } from '../../sync/test-sealed';
import type { RejectedChange } from '../../../shared/sync/protocol';
import { sealAccountData } from './migrate';
import { apiOver } from './test-migrate';

const now = () => Date.UTC(2026, 10, 21, 12);
const appHttp = (t: TestApp, cookie: string): FilesHttp => async (path, init = {}) =>
  t.app.request(`http://localhost${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });

async function syncOnce(db: Awaited<ReturnType<typeof openOnDevice>>, t: TestApp, cookie: string, keys?: SyncKeys, onRejected?: (r: RejectedChange[]) => void) {
  const engine = createSyncEngine({ db, transport: appTransport(t, cookie), keys, env: { locks: null }, intervalMs: 3_600_000, onRejected });
  await engine.syncNow();
  await engine.stop();
}

describe('sealAccountData re-keys the files the server has seen (web/features/keys/migrate-files.ts)', () => {
  it('a file uploaded before keys gets a new key and a new blob; its sealed record opens to the new ref; another device reads the same bytes', async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    const userId = user.id as string;
    const http = appHttp(t, cookie);
    const db = await openOnDevice(userId, now);
    const bytes = pdfBytes(50_000, 'REKEY-MARKER');
    const old = await addFileTo({ db, http }, new Blob([bytes as BlobPart]), { name: 'will.pdf' });
    const docId = crypto.randomUUID();
    await db.write('documents', docId, { documentType: 'will', documentName: 'My will', documentUrl: null, file: old, createdAt: new Date(now()).toISOString() });
    const queue = createAttachmentQueue({ db, http, random: () => 0 });
    await queue.runNow();
    await syncOnce(db, t, cookie); // plain: the old key is in the server's record

    const sealing = await keysWithoutSealing(t, userId);
    const keys = await sealing.keysFor();
    const result = await sealAccountData({ api: apiOver(t.call, cookie), keys, files: { db, http } });
    expect(result.files).toEqual({ rekeyed: 1, left: [] });
    const fresh = ((await db.dexie.entities('documents').get(docId)) as { file: FileRef }).file;
    expect(fresh.blobId).not.toBe(old.blobId);
    expect(fresh.key).not.toBe(old.key);

    await queue.runNow(); // the new blob uploads
    await queue.stop();
    await syncOnce(db, t, cookie, keys); // the new ref goes sealed, at a new HLC
    const server = (await openRecords(sealing, userId, await serverRecords(appTransport(t, cookie)))).find((r) => r.id === docId)!;
    expect(server.values.file).toEqual(fresh);
    expect(server.values.fileBlobId).toBe(fresh.blobId);
    const sealedDoc = (await serverRecords(appTransport(t, cookie))).find((r) => r.id === docId)!;
    expect(JSON.stringify(sealedDoc.values)).not.toContain(old.key);
    expect(JSON.stringify(sealedDoc.values)).not.toContain(fresh.key);

    // The old blob, whose key the server saw, is released as any file no live record names.
    const blobRow = (id: string) => t.deps.db.prepare('SELECT released_at FROM blobs WHERE user_id = ? AND blob_id = ?').get(userId, id) as { released_at: number | null } | undefined;
    const oldRow = blobRow(old.blobId);
    expect(oldRow === undefined || oldRow.released_at !== null, 'the old blob is released or gone').toBe(true);
    expect(blobRow(fresh.blobId)).toEqual({ released_at: null });

    const other = await openOnDevice(userId, now);
    const blob = await createFilesService({ db: other, http }).openFile(fresh);
    expect(new Uint8Array(await blob.arrayBuffer())).toEqual(bytes);

    // Run again (a second sign-in): nothing to re-key, nothing re-sealed.
    expect(await sealAccountData({ api: apiOver(t.call, cookie), keys, files: { db, http } })).toEqual({ sealedAt: result.sealedAt });
  });

  it("a file another device replaced after this device read it stays replaced: the re-key is a compare-and-set on the file's HLC", async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    const userId = user.id as string;
    const http = appHttp(t, cookie);
    // This device's clock runs a minute ahead: its re-key is stamped after the other device's replacement.
    const db = await openOnDevice(userId, () => now() + 60_000);
    const old = await addFileTo({ db, http }, new Blob([pdfBytes(30_000, 'OLD-FILE') as BlobPart]), { name: 'will.pdf' });
    const docId = crypto.randomUUID();
    await db.write('documents', docId, { documentType: 'will', documentName: 'My will', documentUrl: null, file: old, createdAt: new Date(now()).toISOString() });
    const queue = createAttachmentQueue({ db, http, random: () => 0 });
    await queue.runNow();
    await syncOnce(db, t, cookie); // plain: the old key is in the server's record

    // Another device, not yet with keys, replaces the file once the migration has read the account
    // and re-keyed it here (onProgress 'records' comes right after), before anything is pushed.
    const other = await openOnDevice(userId, now);
    let replacement: FileRef | undefined;
    const replaceElsewhere = async () => {
      await syncOnce(other, t, cookie);
      replacement = await addFileTo({ db: other, http }, new Blob([pdfBytes(20_000, 'REPLACED') as BlobPart]), { name: 'new will.pdf' });
      await other.write('documents', docId, { file: replacement });
      const otherQueue = createAttachmentQueue({ db: other, http, random: () => 0 });
      await otherQueue.runNow();
      await otherQueue.stop();
      await syncOnce(other, t, cookie);
    };
    const sealing = await keysWithoutSealing(t, userId);
    const keys = await sealing.keysFor();
    const result = await sealAccountData({
      api: apiOver(t.call, cookie),
      keys,
      files: { db, http },
      onProgress: async (p) => {
        if (p.phase === 'records' && !replacement) await replaceElsewhere();
      },
    });
    expect(result.files).toEqual({ rekeyed: 1, left: [] });
    expect(replacement).toBeDefined();

    await queue.runNow();
    await queue.stop();
    const rejected: RejectedChange[] = [];
    await syncOnce(db, t, cookie, keys, (r) => rejected.push(...r)); // the re-key's push: its file moved since it was read
    const server = (await openRecords(sealing, userId, await serverRecords(appTransport(t, cookie)))).find((r) => r.id === docId)!;
    expect(server.values.file).toEqual(replacement);
    expect(server.values.fileBlobId).toBe(replacement!.blobId);
    expect(((await db.dexie.entities('documents').get(docId)) as { file: FileRef }).file).toEqual(replacement);
    expect(rejected).toHaveLength(1);
    expect(rejectedToast(rejected)).toBeNull(); // not the person's edit: undone without a word
  });
});
