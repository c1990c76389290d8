/**
 * Issue #17 "Resumable": the real server in a child process is SIGKILLed while chunks stream in;
 * after a restart on the same DATA_DIR the upload resumes from `GET /api/blobs/:id` (every
 * acknowledged chunk is there, none half-written), completes, and the downloaded bytes decrypt
 * to the same SHA-256.
 */
import { randomBytes } from 'node:crypto';
import { request } from 'node:http';
import { afterAll, describe, expect, it } from 'vitest';
import { decryptChunk, importFileKey } from '../../shared/files/crypto';
import { type ChildServer, startChildServer } from '../test/child-server';
import { serverBundleOfThisProcess } from '../test/server-bundle';
import { completeUpload, declarationOf, encryptFile, putChunk, sha256Hex, type Caller } from '../test/blob-test-support';

const servers: ChildServer[] = [];
afterAll(async () => {
  for (const s of servers) await s.kill();
});

const callerOver = (url: () => string, cookie: string): Caller => async (method, path, body, headers = {}) => {
  const json = body !== undefined && !(body instanceof Uint8Array);
  return fetch(`${url()}${path}`, {
    method,
    headers: { ...(json ? { 'Content-Type': 'application/json' } : {}), Cookie: cookie, ...headers },
    body: body === undefined ? undefined : json ? JSON.stringify(body) : (body as BodyInit),
  });
};

describe('an upload survives a crash of the server', () => {
  it('SIGKILL mid-upload, restart, resume from GET status, complete, download: same SHA-256', { timeout: 180_000 }, async () => {
    const first = await startChildServer({ entry: await serverBundleOfThisProcess() });
    servers.push(first);
    let server = first;
    const reg = await fetch(`${first.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', username: 'crash_ada', password: 'correct horse battery' }),
    });
    expect(reg.status).toBe(201);
    const call = callerOver(() => server.url, reg.headers.get('set-cookie')!.split(';')[0]!);

    const plain = new Uint8Array(randomBytes(24 * 1024 * 1024));
    plain.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
    const f = await encryptFile(plain, 'application/pdf', 1024 * 1024);
    expect((await call('POST', '/api/blobs', declarationOf(f))).status).toBe(201);

    // Three streams of chunk uploads; the kill lands while chunks are being written.
    const acknowledged = new Set<number>();
    let next = 0;
    let killed = false;
    const stream = async () => {
      while (!killed && next < f.chunks.length) {
        const i = next++;
        const res = await putChunk(call, f, i).catch(() => null);
        if (res?.status === 204) acknowledged.add(i);
      }
    };
    const streams = Array.from({ length: 3 }, stream);
    while (acknowledged.size < 6) await new Promise((r) => setTimeout(r, 2));
    await first.kill();
    killed = true;
    await Promise.all(streams);
    expect(first.child.signalCode).toBe('SIGKILL');
    expect(acknowledged.size).toBeLessThan(f.chunks.length);

    server = await startChildServer({ dataDir: first.dataDir, entry: await serverBundleOfThisProcess() });
    servers.push(server);
    const status = (await (await call('GET', `/api/blobs/${f.blobId}`)).json()) as { received: number[]; complete: boolean };
    expect(status.complete).toBe(false);
    for (const i of acknowledged) expect(status.received, `acknowledged chunk ${i}`).toContain(i);
    const missing = f.chunks.map((_, i) => i).filter((i) => !status.received.includes(i));
    expect(missing.length).toBeGreaterThan(0);
    for (const i of missing) expect((await putChunk(call, f, i)).status).toBe(204);
    const done = await completeUpload(call, f); // every stored chunk decrypts: none was half-written
    expect(done.status, await done.clone().text()).toBe(200);

    const content = new Uint8Array(await (await call('GET', `/api/blobs/${f.blobId}/content`)).arrayBuffer());
    const key = await importFileKey(f.key);
    const stride = f.chunkSize + 28;
    const parts: Uint8Array[] = [];
    for (let i = 0; i < f.chunks.length; i++) parts.push(await decryptChunk(key, f.blobId, i, f.chunks.length, content.subarray(i * stride, (i + 1) * stride)));
    expect(sha256Hex(new Uint8Array(Buffer.concat(parts)))).toBe(f.sha256);
    await server.stop();
  });

  it('a client that goes away mid-chunk leaves nothing and the server keeps serving', { timeout: 120_000 }, async () => {
    const server = await startChildServer({ entry: await serverBundleOfThisProcess() });
    servers.push(server);
    const reg = await fetch(`${server.url}/api/auth/register`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', username: 'gone_ada', password: 'correct horse battery' }),
    });
    const cookie = reg.headers.get('set-cookie')!.split(';')[0]!;
    const call = callerOver(() => server.url, cookie);
    const plain = new Uint8Array(randomBytes(3 * 1024 * 1024));
    plain.set(new TextEncoder().encode('%PDF-1.4\n'), 0);
    const f = await encryptFile(plain, 'application/pdf', 2 * 1024 * 1024);
    expect((await call('POST', '/api/blobs', declarationOf(f))).status).toBe(201);
    for (let round = 0; round < 3; round++) {
      await new Promise<void>((resolve) => {
        const req = request(`${server.url}/api/blobs/${f.blobId}/chunks/0`, {
          method: 'PUT',
          headers: { Cookie: cookie, 'Content-Type': 'application/octet-stream', 'Content-Length': String(f.chunks[0]!.length), 'x-chunk-sha256': sha256Hex(f.chunks[0]!) },
        });
        req.on('error', () => resolve());
        req.on('close', () => resolve());
        req.write(f.chunks[0]!.subarray(0, 512 * 1024), () => setTimeout(() => req.destroy(), 100));
      });
    }
    const status = (await (await call('GET', `/api/blobs/${f.blobId}`)).json()) as { received: number[] };
    expect(status.received).toEqual([]);
    expect(server.child.exitCode).toBeNull();
    for (let i = 0; i < f.chunks.length; i++) expect((await putChunk(call, f, i)).status).toBe(204);
    expect((await completeUpload(call, f)).status).toBe(200);
    await server.stop();
  });
});
