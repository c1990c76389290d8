/**
 * Issue #17, the server's file endpoints (shared/files/README.md): the real app over a real
 * SQLite file and the filesystem blob store under its DATA_DIR, files encrypted as the browser
 * does (shared/files/crypto.ts).
 */
import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { decryptChunk, importFileKey } from '../../shared/files/crypto';
import { createTestApp, signUp } from '../test/test-support';
import { callerOf, completeUpload, declarationOf, encryptFile, pdfWith, putChunk, sha256Hex, uploadFile } from '../test/blob-test-support';

const KB = 1024;
const MB = 1024 * KB;

async function owner(env: Record<string, string> = {}) {
  const t = createTestApp(env);
  const { cookie, user } = await signUp(t);
  return { t, user, call: callerOf(t, cookie) };
}

/** Every file under `dir`, recursively. */
function filesUnder(dir: string): string[] {
  return readdirSync(dir, { recursive: true, encoding: 'utf8' }).map((f) => join(dir, f)).filter((f) => statSync(f).isFile());
}

const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

describe('uploading a file', () => {
  it('resumable upload → complete → download: the bytes on disk are ciphertext only, and decrypt to the same SHA-256', { timeout: 120_000 }, async () => {
    const { t, user, call } = await owner();
    const marker = 'MARKER-plaintext-of-the-will-7f3a';
    const plain = pdfWith(marker, 2 * MB + 123); // more than the 1 MB JSON body limit per chunk
    const f = await encryptFile(plain, 'application/pdf', 1 * MB + 512 * KB);
    expect(f.chunks).toHaveLength(2);

    const start = await call('POST', '/api/blobs', declarationOf(f));
    expect(start.status).toBe(201);
    expect(await start.json()).toEqual({ blobId: f.blobId, received: [], complete: false });
    expect((await call('POST', '/api/blobs', declarationOf(f))).status).toBe(200); // idempotent
    expect((await putChunk(call, f, 1)).status).toBe(204);
    expect(await (await call('GET', `/api/blobs/${f.blobId}`)).json()).toEqual({
      blobId: f.blobId, size: f.size, chunkSize: f.chunkSize, chunkCount: 2, received: [1], complete: false,
    });
    expect((await completeUpload(call, f)).status).toBe(409); // chunk 0 missing
    expect((await putChunk(call, f, 0)).status).toBe(204);
    const done = await completeUpload(call, f);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await done.json()).toEqual({ complete: true });
    expect((await completeUpload(call, f)).status).toBe(200); // a retry after a lost answer
    expect((await putChunk(call, f, 0)).status).toBe(409); // complete: no more chunks

    const files = filesUnder(join(t.deps.config.dataDir, 'blobs'));
    expect(files.length).toBe(2);
    for (const file of files) {
      expect(file).toContain(join('blobs', user.id, f.blobId));
      expect(readFileSync(file).includes(Buffer.from(marker))).toBe(false);
      expect(readFileSync(file).includes(Buffer.from('%PDF'))).toBe(false);
    }

    const content = await call('GET', `/api/blobs/${f.blobId}/content`);
    expect(content.status).toBe(200);
    expect(content.headers.get('content-type')).toBe('application/octet-stream');
    const cipher = new Uint8Array(await content.arrayBuffer());
    expect(cipher).toEqual(concat(f.chunks));
    const chunk1 = new Uint8Array(await (await call('GET', `/api/blobs/${f.blobId}/chunks/1`)).arrayBuffer());
    expect(chunk1).toEqual(f.chunks[1]);
    const key = await importFileKey(f.key);
    const back = concat([await decryptChunk(key, f.blobId, 0, 2, f.chunks[0]!), await decryptChunk(key, f.blobId, 1, 2, chunk1)]);
    expect(sha256Hex(back)).toBe(f.sha256);
  });

  it('a chunk sent twice is harmless', async () => {
    const { call } = await owner();
    const f = await encryptFile(pdfWith('twice', 5000), 'application/pdf', 2048);
    expect((await call('POST', '/api/blobs', declarationOf(f))).status).toBe(201);
    for (const i of [0, 1, 1, 2, 0, 2]) expect((await putChunk(call, f, i)).status).toBe(204);
    expect((await (await call('GET', `/api/blobs/${f.blobId}`)).json()).received).toEqual([0, 1, 2]);
    expect((await completeUpload(call, f)).status).toBe(200);
  });

  it('a chunk whose bytes do not match x-chunk-sha256, or of the wrong size, is refused and nothing is kept', async () => {
    const { call } = await owner();
    const f = await encryptFile(pdfWith('hash', 5000), 'application/pdf', 2048);
    await call('POST', '/api/blobs', declarationOf(f));
    const wrongHash = await call('PUT', `/api/blobs/${f.blobId}/chunks/0`, f.chunks[0], { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256Hex(f.chunks[1]!) });
    expect(wrongHash.status).toBe(400);
    expect((await wrongHash.json()).issues[0].path).toBe('x-chunk-sha256');
    const long = concat([f.chunks[0]!, new Uint8Array(10)]);
    expect((await putChunk(call, f, 0, long)).status).toBe(413);
    expect((await putChunk(call, f, 0, f.chunks[0]!.subarray(0, 100))).status).toBe(400);
    const noHash = await call('PUT', `/api/blobs/${f.blobId}/chunks/0`, f.chunks[0], { 'Content-Type': 'application/octet-stream' });
    expect(noHash.status).toBe(400);
    expect((await putChunk(call, f, 3, f.chunks[0])).status).toBe(400); // past the last chunk
    // The connection fails mid-chunk: 400 (send it again), nothing kept.
    const broken = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(f.chunks[0]!.subarray(0, 1000));
        controller.error(new Error('connection reset'));
      },
    });
    const cut = await call('PUT', `/api/blobs/${f.blobId}/chunks/0`, broken as BodyInit, { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256Hex(f.chunks[0]!) });
    expect(cut.status).toBe(400);
    expect((await (await call('GET', `/api/blobs/${f.blobId}`)).json()).received).toEqual([]);
  });

  it('complete takes no key, type or hash and decrypts nothing: the key never reaches the server, and chunks it cannot read complete', async () => {
    const { t, user, call } = await owner();
    // Bytes no key opens, of exactly the sizes the declaration asks: the server checks only presence and sizes.
    const f = await encryptFile(pdfWith('opaque', 5000), 'application/pdf', 2048);
    const opaque = { ...f, chunks: f.chunks.map((c) => new Uint8Array(c.length).fill(0x5a)) };
    await call('POST', '/api/blobs', declarationOf(opaque));
    for (let i = 0; i < opaque.chunks.length; i++) expect((await putChunk(call, opaque, i)).status).toBe(204);
    // An app from before sealing sends the key: refused as out of date (426), nothing completed.
    const old = await call('POST', `/api/blobs/${f.blobId}/complete`, { key: f.key, mimeType: f.mimeType, sha256: f.sha256 });
    expect(old.status).toBe(426);
    expect((await old.json()).error).toMatch(/out of date/);
    expect((await (await call('GET', `/api/blobs/${f.blobId}`)).json()).complete).toBe(false);
    const done = await completeUpload(call, opaque);
    expect(done.status, await done.clone().text()).toBe(200);
    expect(await t.services.blobs.meta.get(user.id, f.blobId)).toMatchObject({ state: 'complete', mime_type: null });
    const stored = new Uint8Array(await (await call('GET', `/api/blobs/${f.blobId}/content`)).arrayBuffer());
    expect(stored).toEqual(concat(opaque.chunks));
  });

  it('complete answers 409 naming the missing chunks', async () => {
    const { call } = await owner();
    const f = await encryptFile(pdfWith('sizes', 5000), 'application/pdf', 2048);
    await call('POST', '/api/blobs', declarationOf(f));
    await putChunk(call, f, 0);
    const missing = await completeUpload(call, f);
    expect(missing.status).toBe(409);
    expect((await missing.json()).issues).toEqual([{ path: 'chunks', message: 'Missing chunks: 1, 2' }]);
  });
});

describe('Range over the stored bytes', () => {
  it('first bytes, the middle across a chunk boundary, a suffix, past the end (416)', async () => {
    const { call } = await owner();
    const f = await encryptFile(pdfWith('range', 10_000), 'application/pdf', 4096);
    expect((await uploadFile(call, f)).status).toBe(200);
    const all = concat(f.chunks);
    const get = (range: string) => call('GET', `/api/blobs/${f.blobId}/content`, undefined, { Range: range });
    const first = await get('bytes=0-99');
    expect(first.status).toBe(206);
    expect(first.headers.get('content-range')).toBe(`bytes 0-99/${all.length}`);
    expect(first.headers.get('content-length')).toBe('100');
    expect(new Uint8Array(await first.arrayBuffer())).toEqual(all.subarray(0, 100));
    const middle = await get('bytes=4000-8300');
    expect(new Uint8Array(await middle.arrayBuffer())).toEqual(all.subarray(4000, 8301));
    const suffix = await get('bytes=-50');
    expect(suffix.headers.get('content-range')).toBe(`bytes ${all.length - 50}-${all.length - 1}/${all.length}`);
    expect(new Uint8Array(await suffix.arrayBuffer())).toEqual(all.subarray(all.length - 50));
    const open = await get(`bytes=${all.length - 10}-`);
    expect(new Uint8Array(await open.arrayBuffer())).toEqual(all.subarray(all.length - 10));
    const past = await get(`bytes=${all.length}-`);
    expect(past.status).toBe(416);
    expect(past.headers.get('content-range')).toBe(`bytes */${all.length}`);
    expect((await get('bytes=5-2')).status).toBe(200); // an invalid range is ignored (RFC 9110)
  });
});

describe('limits', () => {
  it('MAX_FILE_BYTES and USER_QUOTA_BYTES answer 413 with clear words, before any byte is sent', async () => {
    const { call } = await owner({ MAX_FILE_BYTES: String(10 * MB), USER_QUOTA_BYTES: String(12 * MB) });
    expect(await (await call('GET', '/api/files/usage')).json()).toEqual({ usedBytes: 0, quotaBytes: 12 * MB, maxFileBytes: 10 * MB });
    const declare = (blobId: string, size: number) =>
      call('POST', '/api/blobs', { blobId, size, chunkSize: 4 * MB, chunkCount: Math.ceil(size / (4 * MB)), encryptedSize: size + Math.ceil(size / (4 * MB)) * 28 });
    const big = await declare('too-big-file-000001', 10 * MB + 1);
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'This file is larger than the 10 MB limit', issues: [{ path: 'size', message: 'This file is larger than the 10 MB limit' }] });
    expect((await declare('first-file-00000001', 8 * MB)).status).toBe(201); // reserved at once
    const full = await declare('second-file-0000001', 5 * MB);
    expect(full.status).toBe(413);
    const body = await full.json();
    expect(body.error).toMatch(/^Your vault is full: this file needs 5 MB and 4 MB of your 12 MB are free/);
    expect(body.issues[0].path).toBe('size');
    expect((await call('GET', '/api/files/usage').then((r) => r.json())).usedBytes).toBe(8 * MB + 2 * 28);
  });

  it('a declaration whose counts do not add up is a 400 naming the field', async () => {
    const { call } = await owner();
    const res = await call('POST', '/api/blobs', { blobId: 'bad-count-00000001', size: 5000, chunkSize: 2048, chunkCount: 2, encryptedSize: 5000 + 3 * 28 });
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].path).toBe('chunkCount');
    const id = await call('POST', '/api/blobs', { blobId: '../../etc/passwd', size: 1, chunkSize: 2048, chunkCount: 1, encryptedSize: 29 });
    expect((await id.json()).issues[0].path).toBe('blobId');
  });

  it('chunks are counted by bytes, not as writes: 12 chunks with writesPerMinute 5 pass; fileBytesPerMinute answers 429', async () => {
    const { call } = await owner({ AFTERWORD_LIMITS: JSON.stringify({ writesPerMinute: 5, fileBytesPerMinute: 20_000 }) });
    const f = await encryptFile(pdfWith('many chunks', 12 * 1024), 'application/pdf', 1024);
    await call('POST', '/api/blobs', declarationOf(f));
    for (let i = 0; i < 12; i++) expect((await putChunk(call, f, i)).status).toBe(204);
    expect((await completeUpload(call, f)).status).toBe(200);
    const g = await encryptFile(pdfWith('over the byte budget', 12 * 1024), 'application/pdf', 1024);
    await call('POST', '/api/blobs', declarationOf(g));
    let refused: Response | null = null;
    for (let i = 0; i < 12 && !refused; i++) {
      const res = await putChunk(call, g, i);
      if (res.status !== 204) refused = res;
    }
    expect(refused?.status).toBe(429);
    expect(refused?.headers.get('retry-after')).toMatch(/^\d+$/);
  });
  it('completing reads no chunk, so it costs no file bytes: a complete retried in a loop is no work', async () => {
    const f = await encryptFile(pdfWith('retry loop', 8000), 'application/pdf', 2048);
    const total = f.size + f.chunks.length * 28;
    const { call } = await owner({ AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: total }) });
    await call('POST', '/api/blobs', declarationOf(f));
    for (let i = 0; i < f.chunks.length; i++) expect((await putChunk(call, f, i)).status).toBe(204);
    for (let n = 0; n < 5; n++) expect((await completeUpload(call, f)).status).toBe(200);
  });
});

describe('only the owner', () => {
  it("another account's blob id answers 404 on every route, and nothing of the owner's changes", async () => {
    const { t, call } = await owner();
    const f = await encryptFile(pdfWith('mine', 3000), 'application/pdf', 2048);
    expect((await uploadFile(call, f)).status).toBe(200);
    const g = await encryptFile(pdfWith('mine too', 3000), 'application/pdf', 2048);
    await call('POST', '/api/blobs', declarationOf(g));
    await putChunk(call, g, 0);
    const { cookie } = await signUp(t);
    const other = callerOf(t, cookie);
    for (const id of [f.blobId, g.blobId]) {
      for (const [method, path, body] of [
        ['GET', `/api/blobs/${id}`],
        ['GET', `/api/blobs/${id}/content`],
        ['GET', `/api/blobs/${id}/chunks/0`],
        ['POST', `/api/blobs/${id}/complete`, {}],
      ] as const) {
        const res = await other(method, path, body);
        expect(res.status, `${method} ${path}`).toBe(404);
        expect(res.headers.get('x-content-type-options')).toBe('nosniff');
      }
      expect((await putChunk(other, { ...g, blobId: id }, 1)).status).toBe(404);
    }
    // The same id is the other account's own new file, not the owner's.
    expect((await other('POST', '/api/blobs', declarationOf(f))).status).toBe(201);
    expect((await (await call('GET', `/api/blobs/${g.blobId}`)).json()).received).toEqual([0]);
    expect((await call('GET', `/api/blobs/${f.blobId}/content`)).status).toBe(200);
    expect((await t.call('GET', `/api/blobs/${f.blobId}`)).status).toBe(401); // signed out
  });

  it('every blob answer carries nosniff, a sandbox CSP and, for bytes, attachment; a foreign site cannot upload', async () => {
    const { call } = await owner();
    const f = await encryptFile(pdfWith('headers', 3000), 'application/pdf', 2048);
    await uploadFile(call, f);
    for (const path of [`/api/blobs/${f.blobId}/content`, `/api/blobs/${f.blobId}/chunks/0`, `/api/blobs/${f.blobId}`, '/api/files/usage', '/api/blobs/nope-nope-nope-nope']) {
      const res = await call('GET', path);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff');
      expect(res.headers.get('content-security-policy'), path).toBe("sandbox; default-src 'none'");
      if (path.includes('/content') || path.includes('/chunks/')) expect(res.headers.get('content-disposition'), path).toMatch(/^attachment; filename=/);
    }
    const g = await encryptFile(pdfWith('csrf', 3000), 'application/pdf', 2048);
    await call('POST', '/api/blobs', declarationOf(g));
    const foreign = await call('PUT', `/api/blobs/${g.blobId}/chunks/0`, g.chunks[0], { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256Hex(g.chunks[0]!), Origin: 'https://evil.example' });
    expect(foreign.status).toBe(403);
    const form = await call('PUT', `/api/blobs/${g.blobId}/chunks/0`, g.chunks[0], { 'Content-Type': 'text/plain', 'x-chunk-sha256': sha256Hex(g.chunks[0]!) });
    expect(form.status).toBe(415);
    expect((await (await call('GET', `/api/blobs/${g.blobId}`)).json()).received).toEqual([]);
  });
});
