/**
 * Files through the REAL server (issue #17): Dexie over fake-indexeddb on each simulated device,
 * the real Hono app over a real SQLite file and blob store (sync-server/test-support.ts) in
 * process. A file added offline uploads once online after a reload; an upload cut mid-way resumes
 * from the first missing chunk in a new runner; a chunk delivered twice is harmless; a refusal
 * becomes `failed` with the server's message and is not retried; a second device receives the
 * record through sync, downloads, decrypts and gets identical bytes with progress; a damaged chunk
 * is reported, never returned.
 */
import { createHash } from 'node:crypto';
import { afterEach, describe, expect, it } from 'vitest';
import { FILE_CHUNK_BYTES } from '../../shared/files/crypto';
import type { FileRef } from '../../shared/files/ref';
import { newDeviceIndexedDb, openOnDevice } from '../db/test-device';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine } from '../sync/engine';
import { appTransport, createTestApp, type TestApp } from '../../sync-server/test/client-test-support';
import { createApp } from '../../sync-server/app';
import { createServices } from '../../sync-server/services';
import { signUp } from '../../sync-server/test/test-support';
import { addFileTo } from './add';
import { FileDamagedError, FileRefusedError } from './errors';
import type { FilesHttp } from './http';
import { createAttachmentQueue, type AttachmentQueue } from './queue';
import { createFilesService } from './service';
import { offlineHttp, pdfBytes } from './test-files';

const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');
const now = () => Date.UTC(2026, 10, 21, 12);
const queues: AttachmentQueue[] = [];
afterEach(async () => {
  for (const q of queues.splice(0)) await q.stop();
});

/** Requests to the in-process app as the signed-in person (what fetch with the session cookie does). */
function appHttp(t: TestApp, cookie: string): FilesHttp {
  return async (path, init = {}) =>
    t.app.request(`http://localhost${path}`, { ...init, headers: { ...(init.headers as Record<string, string>), Cookie: cookie } });
}

/** A runner (stopped after the test). */
function queueOf(db: UserDatabase, http: FilesHttp): AttachmentQueue {
  const q = createAttachmentQueue({ db, http, random: () => 0 });
  queues.push(q);
  return q;
}

async function account(env: Record<string, string> = {}) {
  const t = createTestApp(env);
  const { cookie, user } = await signUp(t);
  return { t, cookie, userId: user.id, http: appHttp(t, cookie) };
}

/** Writes a document holding `ref` and pushes it to the server with the real sync engine. */
async function writeAndSync(db: UserDatabase, ref: FileRef, t: TestApp, cookie: string): Promise<void> {
  await db.write('documents', crypto.randomUUID(), { documentType: 'will', documentName: 'My will', documentUrl: null, file: ref, createdAt: new Date(now()).toISOString() });
  await syncOnce(db, t, cookie);
}

/** A new account whose device holds a file of `size` bytes in a document already synced; its upload is still queued. */
async function queuedFile(size: number, name: string) {
  const a = await account();
  const db = await openOnDevice(a.userId, now);
  const bytes = pdfBytes(size);
  const ref = await addFileTo({ db, http: a.http }, new Blob([bytes as BlobPart]), { name });
  await writeAndSync(db, ref, a.t, a.cookie);
  return { ...a, db, bytes, ref };
}

/** Asserts the upload of `ref` finished and a fresh device of `userId` reads back exactly `bytes`. */
async function expectUploadedIntact(db: UserDatabase, userId: string, http: FilesHttp, ref: FileRef, bytes: Uint8Array): Promise<void> {
  expect(await db.dexie.attachments.get(ref.blobId)).toMatchObject({ state: 'uploaded' });
  const blob = await createFilesService({ db: await openOnDevice(userId, now), http }).openFile(ref);
  expect(sha256(await bytesOf(blob))).toBe(sha256(bytes));
}

async function syncOnce(db: UserDatabase, t: TestApp, cookie: string): Promise<void> {
  const engine = createSyncEngine({ db, transport: appTransport(t, cookie), env: {} });
  await engine.syncNow();
  await engine.stop();
}

const bytesOf = async (blob: Blob) => new Uint8Array(await blob.arrayBuffer());
/** The chunk indexes of the PUTs in a request log. */
const putChunks = (log: string[]) => log.filter((l) => l.startsWith('PUT ')).map((l) => Number(l.split('/').pop()));

/** Wraps `http`: logs "METHOD path", and lets a test change requests or answers. */
function logged(http: FilesHttp, log: string[], hook?: (method: string, path: string, send: () => Promise<Response>) => Promise<Response>): FilesHttp {
  return (path, init = {}) => {
    const method = init.method ?? 'GET';
    log.push(`${method} ${path}`);
    const send = () => http(path, init);
    return hook ? hook(method, path, send) : send();
  };
}

describe('files through the real server (issue #17)', () => {
  it('a file added offline survives a reload, uploads once online, and a second device gets identical bytes with progress', async () => {
    const { t, cookie, userId, http } = await account();
    const idb = newDeviceIndexedDb();
    const phone = await openOnDevice(userId, now, idb);
    const bytes = pdfBytes(2 * FILE_CHUNK_BYTES + 777, 'MY-WILL-MARKER');
    const ref = await addFileTo({ db: phone, http: offlineHttp }, new Blob([bytes as BlobPart]), { name: 'will.pdf' });
    await phone.write('documents', crypto.randomUUID(), { documentType: 'will', documentName: 'My will', documentUrl: null, file: ref, createdAt: new Date(now()).toISOString() });
    phone.close();

    const reopened = await openOnDevice(userId, now, idb);
    await queueOf(reopened, http).runNow();
    expect(await reopened.dexie.attachments.get(ref.blobId)).toMatchObject({ state: 'uploaded', progress: 1 });
    await syncOnce(reopened, t, cookie);

    const laptop = await openOnDevice(userId, now);
    await syncOnce(laptop, t, cookie);
    const [doc] = await laptop.dexie.entities('documents').toArray();
    expect(doc!.file).toEqual(ref);
    const progress: number[] = [];
    const files = createFilesService({ db: laptop, http });
    const blob = await files.openFile(doc!.file!, (f) => progress.push(f));
    expect(blob.type).toBe('application/pdf');
    expect(sha256(await bytesOf(blob))).toBe(sha256(bytes));
    expect(progress.at(-1)).toBe(1);
    expect(progress.filter((f) => f > 0 && f < 1).length).toBeGreaterThanOrEqual(2);
    // Kept for offline use: opening again makes no request.
    const log: string[] = [];
    await createFilesService({ db: laptop, http: logged(offlineHttp, log) }).openFile(ref);
    expect(log).toEqual([]);
  });

  it('resumes from the first missing chunk after an interruption, in a new runner, against a restarted server', async () => {
    const { t, cookie, userId, http, db, bytes, ref } = await queuedFile(2 * FILE_CHUNK_BYTES + 10, 'policy.pdf');

    const first: string[] = [];
    const cut = logged(http, first, (method, path, send) =>
      method === 'PUT' && path.endsWith('/chunks/1') ? Promise.reject(new TypeError('Failed to fetch')) : send(),
    );
    await queueOf(db, cut).runNow();
    expect(putChunks(first)).toEqual([0, 1]);
    expect(await db.dexie.attachments.get(ref.blobId)).toMatchObject({ state: 'queued', progress: 1 / 3, attempts: 1 });

    await db.dexie.attachments.update(ref.blobId, { nextAttemptAt: 0 }); // the backoff has passed
    const restarted = { ...t, app: createApp(t.deps, createServices(t.deps)) }; // a new process over the same DATA_DIR
    const second: string[] = [];
    await queueOf(db, logged(appHttp(restarted, cookie), second)).runNow();
    expect(putChunks(second)).toEqual([1, 2]);
    expect(await db.dexie.attachments.get(ref.blobId)).toMatchObject({ state: 'uploaded', progress: 1 });

    const other = await openOnDevice(userId, now);
    const blob = await createFilesService({ db: other, http }).openFile(ref);
    expect(sha256(await bytesOf(blob))).toBe(sha256(bytes));
  });

  it('a chunk delivered twice is harmless', async () => {
    const { userId, http, db, bytes, ref } = await queuedFile(FILE_CHUNK_BYTES + 99, 'deed.pdf');
    const twice = logged(http, [], async (method, _path, send) => {
      if (method === 'PUT') expect((await send()).status).toBe(204); // a proxy that repeats the request
      return send();
    });
    await queueOf(db, twice).runNow();
    await expectUploadedIntact(db, userId, http, ref, bytes);
  });

  it('keeps the server\'s pacing and repairs: a 429 waits and sends again, a chunk damaged on the way is sent again', async () => {
    const { userId, http, db, bytes, ref } = await queuedFile(2 * FILE_CHUNK_BYTES + 3, 'scan.pdf');
    const log: string[] = [];
    const seen = new Set<string>();
    /** A path between device and server that throttles chunk 0 once and damages chunk 1 once (its hash header then no longer agrees). */
    const rough: FilesHttp = async (path, init = {}) => {
      log.push(`${init.method ?? 'GET'} ${path}`);
      const first = init.method === 'PUT' && !seen.has(path) && (seen.add(path), true);
      if (first && path.endsWith('/chunks/0')) return new Response(JSON.stringify({ error: 'Too many uploads at once' }), { status: 429, headers: { 'Retry-After': '0' } });
      if (first && path.endsWith('/chunks/1')) {
        const body = new Uint8Array(init.body as Uint8Array);
        body[100] ^= 0xff;
        return http(path, { ...init, body });
      }
      return http(path, init);
    };
    await queueOf(db, rough).runNow();
    expect(putChunks(log)).toEqual([0, 0, 1, 1, 2]);
    await expectUploadedIntact(db, userId, http, ref, bytes);
  });

  it('a chunk damaged on the way with its hash recomputed cannot be found by the server (it never reads a file): another device opening it is told it is damaged, never shown other bytes', async () => {
    const { userId, http, db, ref } = await queuedFile(2 * FILE_CHUNK_BYTES + 3, 'scan.pdf');
    const log: string[] = [];
    let damaged = false;
    const forging: FilesHttp = async (path, init = {}) => {
      log.push(`${init.method ?? 'GET'} ${path}`);
      if (init.method === 'PUT' && path.endsWith('/chunks/1') && !damaged) {
        damaged = true;
        const body = new Uint8Array(init.body as Uint8Array);
        body[100] ^= 0xff;
        return http(path, { ...init, body, headers: { ...(init.headers as Record<string, string>), 'x-chunk-sha256': sha256(body) } });
      }
      return http(path, init);
    };
    await queueOf(db, forging).runNow();
    expect(putChunks(log)).toEqual([0, 1, 2]);
    const other = createFilesService({ db: await openOnDevice(userId, now), http }); // a device without the local copy
    await expect(other.openFile(ref)).rejects.toBeInstanceOf(FileDamagedError);
  });

  it('a refusal (413 past the limit) becomes failed with the server message and is not retried by itself', async () => {
    const { t, cookie, userId, http } = await account({ MAX_FILE_BYTES: String(64 * 1024) });
    const db = await openOnDevice(userId, now);
    // Added offline, before this device knew the limit.
    const ref = await addFileTo({ db, http: offlineHttp }, new Blob([pdfBytes(100_000) as BlobPart]), { name: 'big.pdf' });
    await writeAndSync(db, ref, t, cookie);
    await queueOf(db, http).runNow();
    const row = await db.dexie.attachments.get(ref.blobId);
    expect(row!.state).toBe('failed');
    expect(row!.reason).toMatch(/larger than the 64 KB limit/); // the server's own words, not a status code
    const log: string[] = [];
    await queueOf(db, logged(http, log)).runNow();
    expect(log).toEqual([]);
  });

  it('refuses a file the vault has no room for, before storing or queueing it', async () => {
    const { userId, http } = await account({ USER_QUOTA_BYTES: String(50_000) });
    const db = await openOnDevice(userId, now);
    await expect(addFileTo({ db, http }, new Blob([pdfBytes(60_000) as BlobPart]), { name: 'scan.pdf' })).rejects.toThrow(/^Your vault is full/);
    expect(await db.dexie.files.count()).toBe(0);
    expect(await db.dexie.attachments.count()).toBe(0);
  });

  it('refuses a file past the server limit before storing or queueing it', async () => {
    const { userId, http } = await account({ MAX_FILE_BYTES: String(64 * 1024) });
    const db = await openOnDevice(userId, now);
    await expect(addFileTo({ db, http }, new Blob([pdfBytes(100_000) as BlobPart]), { name: 'big.pdf' })).rejects.toThrow(
      new FileRefusedError('This file is too large (98 KB). Files can be up to 64 KB.'),
    );
    expect(await db.dexie.files.count()).toBe(0);
    expect(await db.dexie.attachments.count()).toBe(0);
    expect(await db.getMeta('fileLimits')).toMatchObject({ maxFileBytes: 64 * 1024 });
  });

  it('a preview and a player opening the same file at once share one download', async () => {
    const { userId, http, db, bytes, ref } = await queuedFile(FILE_CHUNK_BYTES + 5, 'photo.pdf');
    await queueOf(db, http).runNow();

    const laptop = await openOnDevice(userId, now);
    const log: string[] = [];
    const files = createFilesService({ db: laptop, http: logged(http, log) });
    const [a, b] = await Promise.all([files.openFile(ref), files.openFile(ref)]);
    expect(log.filter((l) => l.includes('/chunks/'))).toHaveLength(2);
    expect(sha256(await bytesOf(a))).toBe(sha256(bytes));
    expect(sha256(await bytesOf(b))).toBe(sha256(bytes));
  });

  it('a damaged chunk is reported, never returned; the next open resumes and verifies', async () => {
    const { t, cookie, userId, http, db, bytes, ref } = await queuedFile(2 * FILE_CHUNK_BYTES + 5, 'insurance.pdf');
    await queueOf(db, http).runNow();

    const laptop = await openOnDevice(userId, now);
    await syncOnce(laptop, t, cookie);
    const flipped = logged(http, [], async (method, path, send) => {
      const res = await send();
      if (method !== 'GET' || !path.endsWith('/chunks/1')) return res;
      const body = new Uint8Array(await res.arrayBuffer());
      body[body.length >> 1] ^= 0x01;
      return new Response(body, { status: res.status, headers: res.headers });
    });
    await expect(createFilesService({ db: laptop, http: flipped }).openFile(ref)).rejects.toBeInstanceOf(FileDamagedError);
    expect(await laptop.dexie.files.count()).toBe(0);

    // Chunks that decrypt but do not make the file the record names (another SHA-256): refused too.
    const elsewhere = await openOnDevice(userId, now);
    await expect(createFilesService({ db: elsewhere, http }).openFile({ ...ref, sha256: 'a'.repeat(64) })).rejects.toBeInstanceOf(FileDamagedError);
    expect(await elsewhere.dexie.files.count()).toBe(0);
    expect(await elsewhere.dexie.downloadChunks.count()).toBe(0);

    const log: string[] = [];
    const blob = await createFilesService({ db: laptop, http: logged(http, log) }).openFile(ref);
    expect(log.filter((l) => l.includes('/chunks/'))).toEqual([`GET /api/blobs/${ref.blobId}/chunks/1`, `GET /api/blobs/${ref.blobId}/chunks/2`]);
    expect(sha256(await bytesOf(blob))).toBe(sha256(bytes));
  });
});
