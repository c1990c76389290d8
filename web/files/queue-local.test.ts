/**
 * The attachment queue's local rules (issue #17), no server needed: a file waits for its record
 * before it is uploaded, a file whose record was deleted is dropped from the device and never
 * sent, and a failed upload goes back to the queue on retry. Requests are counted, never answered.
 */
import { describe, expect, it, vi } from 'vitest';
import type { FileRef } from '../../shared/files/ref';
import { closeUserDatabase, openUserDatabase } from '../db/current';
import { newDeviceIndexedDb, openOnDevice } from '../db/test-device';
import { endLocalSession } from '../sync/lifecycle';
import { otherTabLocks } from '../sync/test-locks';
import type { UserDatabase } from '../db/user-database';
import { addFileTo } from './add';
import type { FilesHttp } from './http';
import { createAttachmentQueue, retryAttachment } from './queue';
import { collectUnreferenced, readAttachmentState, UNREFERENCED_GRACE_MS } from './store';
import { pdfBytes } from './test-files';

const clock = Date.UTC(2026, 10, 23, 12);
const now = () => clock;

/** Records every request and answers as a device offline would. */
function countingHttp() {
  const paths: string[] = [];
  const http: FilesHttp = async (path) => {
    paths.push(path);
    throw new TypeError('Failed to fetch');
  };
  return { http, paths };
}

/** One run of a fresh runner (stopped afterwards, so no retry timer outlives the test). */
async function runQueue(opts: Parameters<typeof createAttachmentQueue>[0]): Promise<void> {
  const queue = createAttachmentQueue(opts);
  await queue.runNow();
  await queue.stop();
}

async function setup() {
  const db = await openOnDevice('u-queue', now);
  const { http, paths } = countingHttp();
  const ref = await addFileTo({ db, http }, new Blob([pdfBytes(3000) as BlobPart]), { name: 'will.pdf' });
  paths.length = 0; // the limits request of addFile
  return { db, http, paths, ref };
}

/** A document record holding `ref`, written through the one local write. */
async function writeDocument(db: UserDatabase, ref: FileRef): Promise<string> {
  const id = crypto.randomUUID();
  await db.write('documents', id, { documentType: 'will', documentName: 'My will', documentUrl: null, file: ref, createdAt: new Date(clock).toISOString() });
  return id;
}

describe('attachment queue, local rules (issue #17)', () => {
  it('does not upload a file before a record holds it, and keeps it meanwhile', async () => {
    const { db, http, paths, ref } = await setup();
    await runQueue({ db, http });
    expect(paths).toEqual([]);
    expect(await db.dexie.attachments.get(ref.blobId)).toMatchObject({ state: 'queued', referenced: false });
    expect(await db.dexie.files.get(ref.blobId)).toBeDefined();
  });

  it('uploads once a record holds it (a network failure leaves it queued with a reason and a backoff)', async () => {
    const { db, http, paths, ref } = await setup();
    await writeDocument(db, ref);
    await runQueue({ db, http, random: () => 0 });
    expect(paths).toEqual(['/api/blobs']);
    const row = await db.dexie.attachments.get(ref.blobId);
    expect(row).toMatchObject({ state: 'queued', referenced: true, attempts: 1, reason: 'Cannot reach the server; retrying' });
    expect(row!.nextAttemptAt).toBeGreaterThan(clock);
  });

  it('drops the file and its queue row when its record is deleted locally, and never sends it', async () => {
    const { db, http, paths, ref } = await setup();
    const id = await writeDocument(db, ref);
    expect(await collectUnreferenced(db, clock)).toEqual([]);
    await db.write('documents', id, { _deleted: true });
    await runQueue({ db, http });
    expect(paths).toEqual([]);
    expect(await db.dexie.files.count()).toBe(0);
    expect(await db.dexie.attachments.count()).toBe(0);
  });

  it('drops the file when its record now holds another file', async () => {
    const { db, http, ref } = await setup();
    const id = await writeDocument(db, ref);
    await collectUnreferenced(db, clock);
    const other = await addFileTo({ db, http }, new Blob([pdfBytes(4000) as BlobPart]), { name: 'new will.pdf' });
    await db.write('documents', id, { file: other });
    expect(await collectUnreferenced(db, clock)).toEqual([ref.blobId]);
    expect(await db.dexie.files.get(other.blobId)).toBeDefined();
  });

  it('drops a file no record ever held only after the grace period', async () => {
    const { db, ref } = await setup();
    expect(await collectUnreferenced(db, clock + UNREFERENCED_GRACE_MS - 1)).toEqual([]);
    expect(await collectUnreferenced(db, clock + UNREFERENCED_GRACE_MS + 1)).toEqual([ref.blobId]);
  });

  it('retry puts a failed upload back in the queue with no backoff', async () => {
    const { db, ref } = await setup();
    await db.dexie.attachments.update(ref.blobId, { state: 'failed', reason: 'Too large', attempts: 4, nextAttemptAt: clock + 60_000 });
    await retryAttachment(db, ref.blobId);
    const row = await db.dexie.attachments.get(ref.blobId);
    expect(row).toMatchObject({ state: 'queued', attempts: 0, nextAttemptAt: 0 });
    expect(row!.reason).toBeUndefined();
  });

  it('reports each file\'s state for the screens: queued here, failed with its reason, not on this device', async () => {
    const { db, ref } = await setup();
    expect(await readAttachmentState(db, ref.blobId)).toEqual({ state: 'queued', progress: 0 });
    await db.dexie.attachments.update(ref.blobId, { state: 'failed', reason: 'This file is too large' });
    expect(await readAttachmentState(db, ref.blobId)).toEqual({ state: 'failed', progress: 0, reason: 'This file is too large' });
    expect(await readAttachmentState(db, 'not-on-this-device-0001')).toBeNull();
  });

  it('waits while the device is offline: no request, and a row a closed tab left uploading shows as queued again', async () => {
    const { db, http, paths, ref } = await setup();
    await writeDocument(db, ref);
    await db.dexie.attachments.update(ref.blobId, { state: 'uploading', progress: 0.5 });
    await runQueue({ db, http, env: { isOnline: () => false } });
    expect(paths).toEqual([]);
    expect(await db.dexie.attachments.get(ref.blobId)).toMatchObject({ state: 'queued', progress: 0.5, referenced: true });
  });

  it('one runner per device: while another tab holds the Web Lock, this tab sends nothing', async () => {
    const { db, http, paths, ref } = await setup();
    await writeDocument(db, ref);
    const { locks, requested, release } = otherTabLocks();
    await runQueue({ db, http, env: { locks } });
    expect(requested).toEqual(['afterword-files-u-queue']);
    expect(paths).toEqual([]);
    release();
    await runQueue({ db, http, env: { locks } });
    expect(paths).toEqual(['/api/blobs']);
  });

  it('coming back online forgets the backoff and tries at once', async () => {
    const { db, http, paths, ref } = await setup();
    await writeDocument(db, ref);
    await db.dexie.attachments.update(ref.blobId, { referenced: true, attempts: 6, nextAttemptAt: clock + 3_600_000 });
    let goOnline = () => {};
    const queue = createAttachmentQueue({ db, http, env: { subscribe: (event, fn) => ((event === 'online' && (goOnline = fn)), () => {}) } });
    queue.start();
    await queue.runNow();
    expect(paths).toEqual([]);
    goOnline();
    await vi.waitFor(() => expect(paths).toEqual(['/api/blobs']));
    await queue.stop();
  });
});

describe('signing out with files still waiting (issue #17)', () => {
  it('keeps the local database (closed) while a file has not reached the server, so its bytes are not lost', async () => {
    const device = newDeviceIndexedDb();
    const db = await openUserDatabase('u-leaving-with-a-file', device);
    const { http } = countingHttp();
    const ref = await addFileTo({ db, http }, new Blob([pdfBytes(3000) as BlobPart]), { name: 'will.pdf' });
    expect(await db.pendingCount()).toBe(0); // no record holds it yet (an abandoned dialog is not "waiting")
    await writeDocument(db, ref);
    await db.dexie.outbox.clear(); // as if the record had synced: only the file waits
    await runQueue({ db, http, env: { isOnline: () => false } });
    expect(await db.pendingCount()).toBe(1);
    await db.dexie.attachments.update(ref.blobId, { state: 'failed' });
    expect(await db.pendingCount()).toBe(0); // refused by the server: nothing on its way
    await db.dexie.attachments.update(ref.blobId, { state: 'queued' });
    expect(await endLocalSession('u-leaving-with-a-file', { timeoutMs: 0 })).toBe('kept');
    const again = await openUserDatabase('u-leaving-with-a-file', device);
    expect(await again.dexie.attachments.count()).toBe(1);
    closeUserDatabase();
  });
});
