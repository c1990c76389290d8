/**
 * Sizes the server sees of a file (issue 39 "Less metadata"): the real web/files upload and
 * download code against the real Hono app over SQLite and its blob store. The upload's declared
 * size, its chunk count, every chunk's length and the stored blob row carry only the file's size
 * padded to its bucket (shared/files/crypto.ts paddedFileSize), never its exact size; the device
 * still reads back exactly the file; a blob stored before padding (its exact size) still opens.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { chunkCount, encryptChunk, encryptedSize, FILE_CHUNK_BYTES, importFileKey, paddedFileSize } from '../../shared/files/crypto';
import { openOnDevice } from '../db/test-device';
import { createTestApp, type TestApp } from '../../sync-server/test/client-test-support';
import { signUp } from '../../sync-server/test/test-support';
import { addFileTo } from './add';
import type { FilesHttp } from './http';
import { createFilesService } from './service';
import { pdfBytes } from './test-files';
import { updateAttachment } from './store';
import { uploadFile } from './upload';

const now = () => Date.UTC(2026, 10, 21, 12);
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

/** Every request the device sends: method, path, headers and body length (or JSON). */
interface Sent {
  method: string;
  path: string;
  headers: Record<string, string>;
  json?: Record<string, unknown>;
  bodyBytes?: number;
}

async function account(): Promise<{ t: TestApp; userId: string; http: FilesHttp; sent: Sent[] }> {
  const t = createTestApp();
  const { cookie, user } = await signUp(t);
  const sent: Sent[] = [];
  const http: FilesHttp = async (path, init = {}) => {
    const headers = { ...(init.headers as Record<string, string>) };
    const body = init.body;
    const entry: Sent = { method: init.method ?? 'GET', path, headers };
    if (typeof body === 'string') entry.json = JSON.parse(body) as Record<string, unknown>;
    else if (body instanceof Uint8Array) entry.bodyBytes = body.byteLength;
    sent.push(entry);
    return t.app.request(`http://localhost${path}`, { ...init, headers: { ...headers, Cookie: cookie } });
  };
  return { t, userId: user.id, http, sent };
}

describe('the server sees a file only by its bucket (issue 39)', () => {
  it.each([
    ['a small file', 10_000 + 3],
    ['a file of a few chunks', 2 * FILE_CHUNK_BYTES + 777],
  ])('%s: upload body, chunk lengths and the stored row carry the padded size; the device reads back the exact bytes', async (_, size) => {
    const { t, userId, http, sent } = await account();
    const db = await openOnDevice(userId, now);
    const bytes = pdfBytes(size);
    const ref = await addFileTo({ db, http }, new Blob([bytes as BlobPart]), { name: 'will.pdf' });
    await uploadFile(db, http, ref);

    const padded = paddedFileSize(size);
    expect(padded).toBeGreaterThan(size);
    const count = chunkCount(padded, ref.chunkSize);
    const init = sent.find((s) => s.method === 'POST' && s.path === '/api/blobs')!;
    expect(init.json).toEqual({ blobId: ref.blobId, size: padded, chunkSize: ref.chunkSize, chunkCount: count, encryptedSize: encryptedSize(padded, ref.chunkSize) });
    // Nothing the device sent names the exact size, in a body or a header.
    for (const s of sent) {
      expect(Object.values(s.json ?? {})).not.toContain(size);
      expect(Object.values(s.headers)).not.toContain(String(size));
    }
    const puts = sent.filter((s) => s.method === 'PUT');
    expect(puts).toHaveLength(count);
    expect(puts.reduce((sum, p) => sum + p.bodyBytes!, 0)).toBe(encryptedSize(padded, ref.chunkSize));

    const row = await t.services.blobs.meta.get(userId, ref.blobId);
    expect(row).toMatchObject({ size: padded, chunk_count: count, encrypted_size: encryptedSize(padded, ref.chunkSize), state: 'complete' });
    const usage = await (await http('/api/files/usage')).json() as { usedBytes: number };
    expect(usage.usedBytes).toBe(encryptedSize(padded, ref.chunkSize)); // the quota counts what is stored, padding included

    const other = await openOnDevice(userId, now);
    const blob = await createFilesService({ db: other, http }).openFile(ref);
    expect(blob.size).toBe(size);
    expect(sha256(new Uint8Array(await blob.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('a blob stored before padding (declared at its exact size) still opens on a device of this version', async () => {
    const { t, userId, http } = await account();
    const db = await openOnDevice(userId, now);
    const bytes = pdfBytes(10_003);
    const ref = await addFileTo({ db, http }, new Blob([bytes as BlobPart]), { name: 'old.pdf' });
    // The protocol as devices spoke it before issue 39: size = the plaintext's exact size.
    const cs = ref.chunkSize;
    const res = await http('/api/blobs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ blobId: ref.blobId, size: bytes.length, chunkSize: cs, chunkCount: 1, encryptedSize: encryptedSize(bytes.length, cs) }) });
    expect(res.status).toBe(201);
    const sealed = await encryptChunk(await importFileKey(ref.key), ref.blobId, 0, 1, bytes);
    const put = await http(`/api/blobs/${ref.blobId}/chunks/0`, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256(sealed) }, body: sealed as BodyInit });
    expect(put.status).toBe(204);
    expect((await http(`/api/blobs/${ref.blobId}/complete`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{}' })).status).toBe(200);
    expect((await t.services.blobs.meta.get(userId, ref.blobId))!.size).toBe(bytes.length);

    const blob = await createFilesService({ db: await openOnDevice(userId, now), http }).openFile(ref);
    expect(sha256(new Uint8Array(await blob.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('an upload begun before padding (at the exact size) is finished as it began after the app updates', async () => {
    const { t, userId, http } = await account();
    const db = await openOnDevice(userId, now);
    const bytes = pdfBytes(FILE_CHUNK_BYTES + 5_000);
    const ref = await addFileTo({ db, http }, new Blob([bytes as BlobPart]), { name: 'begun.pdf' });
    // The previous version declared the exact size and sent the first of two chunks, then the app updated.
    const count = chunkCount(bytes.length, ref.chunkSize);
    const res = await http('/api/blobs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ blobId: ref.blobId, size: bytes.length, chunkSize: ref.chunkSize, chunkCount: count, encryptedSize: encryptedSize(bytes.length, ref.chunkSize) }) });
    expect(res.status).toBe(201);
    const first = await encryptChunk(await importFileKey(ref.key), ref.blobId, 0, count, bytes.subarray(0, ref.chunkSize));
    expect((await http(`/api/blobs/${ref.blobId}/chunks/0`, { method: 'PUT', headers: { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256(first) }, body: first as BodyInit })).status).toBe(204);
    await updateAttachment(db, ref.blobId, { reserved: true }); // as that version marked its queue row (no declaredSize then)

    await uploadFile(db, http, ref);
    expect(await t.services.blobs.meta.get(userId, ref.blobId)).toMatchObject({ size: bytes.length, state: 'complete' });
    const blob = await createFilesService({ db: await openOnDevice(userId, now), http }).openFile(ref);
    expect(sha256(new Uint8Array(await blob.arrayBuffer()))).toBe(sha256(bytes));
  });

  it('a lying server (409 to the padded size, then "begun at the exact size") never gets the exact size from this version\'s upload', async () => {
    const { userId, http: honest, sent } = await account();
    const db = await openOnDevice(userId, now);
    const bytes = pdfBytes(FILE_CHUNK_BYTES + 5_000);
    const ref = await addFileTo({ db, http: honest }, new Blob([bytes as BlobPart]), { name: 'lied-to.pdf' });
    const json = (status: number, body: unknown) => new Response(JSON.stringify(body), { status, headers: { 'Content-Type': 'application/json' } });
    const lying: FilesHttp = async (path, init = {}) => {
      const answer = await honest(path, init); // recorded in `sent` as the device sent it
      if ((init.method ?? 'GET') === 'POST' && path === '/api/blobs') return json(409, { error: 'A file with this id exists with another size', issues: [{ path: 'blobId', message: 'A file with this id exists with another size' }] });
      if ((init.method ?? 'GET') === 'GET' && path === `/api/blobs/${ref.blobId}`) return json(200, { blobId: ref.blobId, size: bytes.length, chunkSize: ref.chunkSize, received: [], complete: false });
      return answer;
    };
    sent.length = 0;
    for (let attempt = 0; attempt < 2; attempt++) await expect(uploadFile(db, lying, ref)).rejects.toMatchObject({ status: 409 });
    expect(sent.filter((s) => s.method === 'PUT')).toEqual([]); // no chunk at the exact size (its last one's length would tell)
    for (const s of sent) expect(Object.values(s.json ?? {})).not.toContain(bytes.length);
    expect(sent.filter((s) => s.method === 'POST').map((s) => s.json?.size)).toEqual([paddedFileSize(bytes.length), paddedFileSize(bytes.length)]);
  });

  it('a file just under MAX_FILE_BYTES still uploads: the server allows the bucket of its largest size', async () => {
    const { t, userId, http } = await account();
    const max = (await (await http('/api/files/usage')).json() as { maxFileBytes: number }).maxFileBytes;
    expect(paddedFileSize(max)).toBeGreaterThan(max);
    const cs = FILE_CHUNK_BYTES;
    const size = paddedFileSize(max);
    const res = await http('/api/blobs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ blobId: 'nearly-the-limit-0001', size, chunkSize: cs, chunkCount: chunkCount(size, cs), encryptedSize: encryptedSize(size, cs) }) });
    expect(res.status).toBe(201);
    const over = size + 1;
    const refused = await http('/api/blobs', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ blobId: 'over-the-limit-000001', size: over, chunkSize: cs, chunkCount: chunkCount(over, cs), encryptedSize: encryptedSize(over, cs) }) });
    expect(refused.status).toBe(413);
    expect(await t.services.blobs.meta.get(userId, 'over-the-limit-000001')).toBeNull();
  });
});
