/**
 * The attacker's review of the file surfaces (issues #17, #18): a record whose `file.key` is not
 * the key its blob was completed with (any client may write one), the release downloads' byte
 * budget, and chunk sizes a client may declare. Real app over a real SQLite file and a real blob
 * store; e-mails read from the outbox folder.
 */
import { existsSync, readdirSync, rmSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { unzipSync } from 'fflate';
import { CHUNK_OVERHEAD, encryptedSize, generateFileKey } from '../../shared/files/crypto';
import { openStoredExport } from '../../shared/export/open-stored';
import { readExport } from '../../shared/export/read';
import { createTestApp } from '../test/test-support';
import { outboxFiles, ownerOn, type Owner, REPORTED } from '../test/release-test-support';
import { DAY_MS } from '../release/state-machine';
import { callerOf, completeUpload, declarationOf, encryptFile, fileRefOf, pdfWith, putChunk, sha256Hex, uploadFile } from '../test/blob-test-support';

/** The link in the newest outbox e-mail to `to` whose subject matches. */
const mailLink = (o: Owner, to: string, subject: RegExp) => {
  const mail = outboxFiles(o.t.deps.config.dataDir).filter((e) => e.to.includes(to) && subject.test(e.subject)).at(-1);
  expect(mail, `an e-mail to ${to} about ${subject}`).toBeDefined();
  return mail!.links[0]!.replace(/^https?:\/\/[^/]+/, 'http://localhost');
};

/** Releases `o` through a full-access trustee Grace (accept, report, 7 days); returns Grace's access page. */
async function release(o: Owner): Promise<string> {
  const run = () => o.t.services.scheduler.runOnce();
  await o.addTrustee('grace', 'full');
  await run();
  expect((await o.open(mailLink(o, o.addr('grace'), /asked you to be a trustee/), 'POST')).status).toBe(200);
  await run();
  expect((await o.open(mailLink(o, o.addr('grace'), /Thank you for being/), 'POST', REPORTED)).status).toBe(200);
  await run();
  o.t.advance(7 * DAY_MS + 60_000);
  await run();
  await run();
  expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
  return mailLink(o, o.addr('grace'), /left for you/);
}

/** Uploads a PDF and keeps a document referring to it; `key` replaces the record's key. */
async function documentWithFile(o: Owner, name: string, opts: { key?: string; padTo?: number; chunkSize?: number } = {}) {
  const file = await encryptFile(pdfWith(name, opts.padTo ?? 6000), 'application/pdf', opts.chunkSize ?? 4096);
  expect((await uploadFile(callerOf(o.t, o.cookie), file)).status).toBe(200);
  const ref = { ...fileRefOf(file, `${name}.pdf`), ...(opts.key ? { key: opts.key } : {}) };
  const { id } = await o.post('/api/documents', { documentType: 'will', documentName: name, file: ref });
  return { id, file };
}

describe('a record whose file key is not the blob’s', () => {
  it('the trustee’s download is the stored ciphertext as it is: the server never opens a file, the page refuses it (web/release/files.ts)', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test' });
    const o = await ownerOn(t);
    const { id, file } = await documentWithFile(o, 'Will', { key: generateFileKey() });
    const access = await release(o);
    const res = await o.open(`${access}/documents/${id}/file`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(new Uint8Array(await res.arrayBuffer())).toEqual(new Uint8Array(Buffer.concat(file.chunks)));
  });

  it('GET /api/export still answers a whole ZIP; the device names that file as not opened and lists it as not included', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    await documentWithFile(o, 'Broken', { key: generateFileKey() });
    const { file: good } = await documentWithFile(o, 'Good');
    const res = await t.call('GET', '/api/export', undefined, o.cookie);
    expect(res.status).toBe(200);
    const opened = await openStoredExport(new Uint8Array(await res.arrayBuffer()), { keyring: null });
    expect(opened.failures).toEqual(['The file "Broken.pdf" of legal document "Broken" did not open: it is damaged, or its key is not the one it was sealed with.']);
    const zip = opened.zip;
    const { manifest, readFile } = readExport(zip);
    expect(manifest.files.map((f) => f.path)).toEqual(['files/documents/Good.pdf']);
    expect(readFile(manifest.files[0]!).byteLength).toBe(good.size);
    expect(new TextDecoder().decode(unzipSync(zip)['README.txt'])).toMatch(/could not be included[^]*files\/documents\/Broken\.pdf/);
  });
});

describe('release downloads cost bytes', () => {
  it('one address downloading the same file over and over gets 429 past fileBytesPerMinute, and again a minute later', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: 100_000 }) });
    const o = await ownerOn(t);
    const { id } = await documentWithFile(o, 'Will', { padTo: 40_000 });
    const access = await release(o);
    const url = `${access}/documents/${id}/file`;
    // A download starts while budget is left: the third (from 80 560 bytes) is sent whole, the fourth waits.
    for (let i = 0; i < 3; i++) {
      const res = await o.open(url);
      expect(res.status, `download ${i + 1}`).toBe(200);
      expect((await res.arrayBuffer()).byteLength).toBe(encryptedSize(40_000, 4096)); // the stored ciphertext
    }
    const refused = await o.open(url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get('retry-after'))).toBeGreaterThan(0);
    t.advance(60_000);
    expect((await o.open(url)).status).toBe(200);
  });

  it('a player that asks bytes=0- and stops after the first piece is charged what was sent, not the whole file', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: 100_000 }) });
    const o = await ownerOn(t);
    const { id } = await documentWithFile(o, 'Will', { padTo: 40_000 }); // 10 chunks of 4096 bytes
    const access = await release(o);
    const url = `${access}/documents/${id}/file`;
    for (let i = 0; i < 5; i++) {
      const res = await o.t.app.request(url, { headers: { Range: 'bytes=0-' } });
      expect(res.status).toBe(206);
      const reader = res.body!.getReader();
      expect((await reader.read()).value!.byteLength).toBe(4096 + CHUNK_OVERHEAD); // one stored chunk
      await reader.cancel();
    }
    expect((await o.open(url)).status).toBe(200); // 5 × 40 280 would be past the budget
  });
});

describe('chunk sizes a client may declare', () => {
  it('POST /api/blobs refuses a chunkSize above 16 MiB (the server holds one chunk in memory per read): 400 naming chunkSize', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    const f = await encryptFile(pdfWith('Big chunks', 2000), 'application/pdf', 4096);
    const size = 64 * 1024 * 1024;
    const res = await callerOf(t, o.cookie)('POST', '/api/blobs', { ...declarationOf(f), size, chunkSize: size, chunkCount: 1, encryptedSize: size + 28 });
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].path).toBe('chunkSize');
  });
});

describe('chunk uploads that break off', () => {
  // Vitest fails the file on an uncaught exception: the body below errors before the store's pipeline listens.
  it('a body that fails half way is no uncaught exception (it would stop the server) but a 400, keeps nothing (no temporary file) and frees its upload slot', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    const call = callerOf(t, o.cookie);
    const f = await encryptFile(pdfWith('Broken off', 20_000), 'application/pdf', 4096);
    expect((await call('POST', '/api/blobs', declarationOf(f))).status).toBe(201);
    const chunk = f.chunks[0]!;
    for (let n = 0; n < 5; n++) {
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(chunk.subarray(0, 1000));
          controller.error(new Error('connection reset'));
        },
      });
      const res = await t.app.request(`http://localhost/api/blobs/${f.blobId}/chunks/0`, {
        method: 'PUT',
        headers: { Cookie: o.cookie, 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256Hex(chunk) },
        body,
        duplex: 'half',
      } as RequestInit);
      expect(res.status).toBe(400); // the client's doing: resend, and nothing logged as a server error
      expect((await res.json()).issues[0].path).toBe('body');
    }
    const tmp = join(t.deps.config.dataDir, 'blobs', '.tmp');
    expect(existsSync(tmp) ? readdirSync(tmp) : []).toEqual([]);
    expect((await putChunk(call, f, 0)).status).toBe(204); // the slots of the five broken uploads were freed
  });
});

describe('logs', () => {
  it('a release download that fails on the server logs the path without its token (a token opens the page)', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test' });
    const o = await ownerOn(t);
    const { id, file } = await documentWithFile(o, 'Will');
    const access = await release(o);
    rmSync(join(t.deps.config.dataDir, 'blobs', o.userId, file.blobId), { recursive: true }); // the disk lost the file
    const token = new URL(access).pathname.split('/').at(-1)!;
    const logged: unknown[][] = [];
    const spy = vi.spyOn(console, 'error').mockImplementation((...args: unknown[]) => void logged.push(args));
    try {
      expect((await o.open(`${access}/documents/${id}/file`)).status).toBe(500);
    } finally {
      spy.mockRestore();
    }
    expect(logged.length).toBeGreaterThan(0);
    const text = logged.flat().map((a) => (a instanceof Error ? `${a.message} ${a.stack}` : String(a))).join(' ');
    expect(text).toContain('/documents/');
    expect(text).not.toContain(token);
  });
});

describe('GET /api/export at once', () => {
  it('a second export of the same account while one is being made answers 429 (parallel exports would read past the file-bytes budget); once it ends, another may start', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    await documentWithFile(o, 'Will', { padTo: 50_000 });
    const first = await t.call('GET', '/api/export', undefined, o.cookie);
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    expect((await reader.read()).done).toBe(false); // the export has started reading the files
    const second = await t.call('GET', '/api/export', undefined, o.cookie);
    expect(second.status).toBe(429);
    expect(Number(second.headers.get('retry-after'))).toBeGreaterThan(0);
    while (!(await reader.read()).done);
    // The next may start; a download the client abandons frees the slot too.
    const abandoned = await t.call('GET', '/api/export', undefined, o.cookie);
    expect(abandoned.status).toBe(200);
    await abandoned.body!.cancel();
    expect((await t.call('GET', '/api/export', undefined, o.cookie)).status).toBe(200);
  });
});

describe('quota under parallel starts', () => {
  it('twenty POST /api/blobs sent at once reserve no more than USER_QUOTA_BYTES', async () => {
    const t = createTestApp({ USER_QUOTA_BYTES: '100000' });
    const o = await ownerOn(t);
    const call = callerOf(t, o.cookie);
    const files = await Promise.all(Array.from({ length: 20 }, (_, i) => encryptFile(pdfWith(`File ${i}`, 30_000), 'application/pdf', 4096)));
    const answers = await Promise.all(files.map((f) => call('POST', '/api/blobs', declarationOf(f))));
    const statuses = answers.map((r) => r.status);
    expect(statuses.filter((s) => s === 201)).toHaveLength(3); // 3 × 30 000 plaintext (+ 28 per chunk) fit in 100 000
    expect(statuses.filter((s) => s === 413)).toHaveLength(17);
    const usage = await (await call('GET', '/api/files/usage')).json();
    expect(usage.usedBytes).toBeLessThanOrEqual(100_000);
  });
});

describe('chunk uploads at once', () => {
  it('a fifth chunk refused for the four already streaming (429) costs no bytes of the budget', async () => {
    const chunkBytes = 4096 + 28;
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: 5 * chunkBytes }) });
    const o = await ownerOn(t);
    const call = callerOf(t, o.cookie);
    const f = await encryptFile(pdfWith('Six chunks', 6 * 4096), 'application/pdf', 4096);
    expect((await call('POST', '/api/blobs', declarationOf(f))).status).toBe(201);
    const send = (i: number, body: ReadableStream<Uint8Array> | Uint8Array) =>
      t.app.request(`http://localhost/api/blobs/${f.blobId}/chunks/${i}`, {
        method: 'PUT',
        headers: { Cookie: o.cookie, 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256Hex(f.chunks[i]!) },
        body,
        duplex: 'half',
      } as RequestInit);
    // Four chunks stream slowly: their first half is sent, the rest waits.
    const finish: (() => void)[] = [];
    const streaming = [0, 1, 2, 3].map((i) => {
      const chunk = f.chunks[i]!;
      const body = new ReadableStream<Uint8Array>({
        start(controller) {
          controller.enqueue(chunk.subarray(0, 100));
          finish.push(() => {
            controller.enqueue(chunk.subarray(100));
            controller.close();
          });
        },
      });
      return send(i, body);
    });
    const tmp = join(t.deps.config.dataDir, 'blobs', '.tmp');
    while ((existsSync(tmp) ? readdirSync(tmp) : []).length < 4) await new Promise((r) => setTimeout(r, 10)); // the four reach the store
    const fifth = await send(4, f.chunks[4]!);
    expect(fifth.status).toBe(429);
    expect(fifth.headers.get('retry-after')).toBe('1');
    for (const done of finish) done();
    expect((await Promise.all(streaming)).map((r) => r.status)).toEqual([204, 204, 204, 204]);
    expect((await send(4, f.chunks[4]!)).status).toBe(204); // the fifth chunk's bytes of the budget were still free
  });
});

describe('a chunk that arrives while its upload is being completed', () => {
  it('complete answers 409 while a chunk streams, so a complete file never holds a chunk that was not wholly stored when it was checked', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    const call = callerOf(t, o.cookie);
    const f = await encryptFile(pdfWith('Verified', 3 * 4096), 'application/pdf', 4096);
    expect((await call('POST', '/api/blobs', declarationOf(f))).status).toBe(201);
    for (let i = 0; i < f.chunks.length; i++) expect((await putChunk(call, f, i)).status).toBe(204);
    // Chunk 0 sent again with other bytes of the same size, slowly.
    const other = new Uint8Array(f.chunks[0]!.length).fill(7);
    let finish = () => {};
    const body = new ReadableStream<Uint8Array>({
      start(controller) {
        controller.enqueue(other.subarray(0, 100));
        finish = () => {
          controller.enqueue(other.subarray(100));
          controller.close();
        };
      },
    });
    const resend = t.app.request(`http://localhost/api/blobs/${f.blobId}/chunks/0`, {
      method: 'PUT',
      headers: { Cookie: o.cookie, 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': sha256Hex(other) },
      body,
      duplex: 'half',
    } as RequestInit);
    const tmp = join(t.deps.config.dataDir, 'blobs', '.tmp');
    while ((existsSync(tmp) ? readdirSync(tmp) : []).length < 1) await new Promise((r) => setTimeout(r, 10)); // it reached the store
    const early = await completeUpload(call, f);
    expect(early.status).toBe(409);
    expect((await early.json()).issues[0].path).toBe('chunks');
    finish();
    expect((await resend).status).toBe(204);
    // Once it is stored whole, complete passes (the server cannot read it: the device that opens the
    // file finds such a chunk does not decrypt, and says so); the stored chunk is the one sent last.
    expect((await completeUpload(call, f)).status).toBe(200);
    const chunk0 = new Uint8Array(await (await call('GET', `/api/blobs/${f.blobId}/chunks/0`)).arrayBuffer());
    expect(chunk0).toEqual(other);
  });
});

describe('release downloads started together', () => {
  it('six downloads opened at once (all under the budget when they start) are cut off past twice the budget', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: 100_000 }) });
    const o = await ownerOn(t);
    const { id } = await documentWithFile(o, 'Will', { padTo: 40_000 });
    const access = await release(o);
    const url = `${access}/documents/${id}/file`;
    const opened = await Promise.all(Array.from({ length: 6 }, () => o.open(url)));
    expect(opened.map((r) => r.status)).toEqual([200, 200, 200, 200, 200, 200]);
    let delivered = 0;
    let cut = 0;
    for (const res of opened) {
      try {
        delivered += (await res.arrayBuffer()).byteLength;
      } catch {
        cut += 1;
      }
    }
    expect(cut).toBeGreaterThan(0);
    expect(delivered).toBeLessThanOrEqual(200_000);
  });
});

describe('chunk upload content type', () => {
  it('without a session: 401 whatever the type; with one, a type a form can send is refused (415) and nothing is stored', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    const f = await encryptFile(pdfWith('Typed', 2000), 'application/pdf', 4096);
    expect((await callerOf(t, o.cookie)('POST', '/api/blobs', declarationOf(f))).status).toBe(201);
    const path = `/api/blobs/${f.blobId}/chunks/0`;
    const headers = { 'Content-Type': 'text/plain', 'x-chunk-sha256': sha256Hex(f.chunks[0]!) };
    const body = f.chunks[0]! as Uint8Array<ArrayBuffer>;
    expect((await t.app.request(`http://localhost${path}`, { method: 'PUT', headers, body })).status).toBe(401);
    expect((await t.app.request(`http://localhost${path}`, { method: 'PUT', headers: { ...headers, Cookie: o.cookie }, body })).status).toBe(415);
    expect((await (await callerOf(t, o.cookie)('GET', `/api/blobs/${f.blobId}`)).json()).received).toEqual([]);
  });
});
