/**
 * A shared document's file (docs/sharing.md "The file of a shared document"; issue 43): the viewer's
 * public, token-scoped route `GET /api/shared/:token/files/:fileId` answers the file's STORED
 * ciphertext only for the file the shared item's record names, only while the share is live; every
 * other case is the same 404 (no oracle telling "no such share" from "not covered"). Its bounds are
 * its own, per address and per share, never the owner's budget (review F5). Real app over a real
 * SQLite file (and PostgreSQL for the first), real blob store; the file is encrypted as the browser does it and the key never
 * reaches the server.
 */
import { describe, expect, it } from 'vitest';
import { sealShared } from '../../shared/crypto/share-copy';
import { formatHlc } from '../../shared/sync';
import { CHUNK_OVERHEAD, decryptChunk, importFileKey } from '../../shared/files/crypto';
import { boundTo, newShareBody } from '../test/share-test-support';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile, type EncryptedFile } from '../test/blob-test-support';
import { createPgTestApp, usePgDatabase } from '../test/pg-test-support';
import { createTestApp, signUp, type TestApp } from '../test/test-support';
import { SHARE_FILE_REQUESTS_ALL_PER_10_MIN, SHARE_FILE_TEXT } from './routes';

/** A new account with a document holding `f` (uploaded): its cookie, user id and the document's id. */
async function ownerWithFile(t: TestApp, f: EncryptedFile, name: string) {
  const { cookie, user } = await signUp(t);
  expect((await uploadFile(callerOf(t, cookie), f)).status).toBe(200);
  return { cookie, userId: user.id, docId: await documentWith(t, cookie, f, name) };
}

/** Adds a document holding `f` to the account of `cookie`; resolves its id. */
async function documentWith(t: TestApp, cookie: string, f: EncryptedFile, name: string): Promise<string> {
  const res = await t.call('POST', '/api/documents', { documentType: 'will', documentName: name, file: fileRefOf(f, `${name}.pdf`) }, cookie);
  expect(res.status).toBe(201);
  return ((await res.json()) as { id: string }).id;
}

/** Shares document `docId` of `o` with a first copy; resolves the share id. */
async function share(t: TestApp, o: { cookie: string; userId: string }, docId: string): Promise<string> {
  const { key, body } = await newShareBody(o.userId, docId);
  expect((await t.call('POST', '/api/shares', body, o.cookie)).status).toBe(201);
  const copy = await sealShared(key, boundTo(body), 'copy', 1, { kind: 'document', documentName: 'Will' });
  expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 0, copy }, o.cookie)).status).toBe(204);
  return body.shareId;
}

const bytesOf = async (res: Response) => new Uint8Array(await res.arrayBuffer());
const pgdb = usePgDatabase();
const engines: Array<[string, () => Promise<TestApp>]> = [
  ['SQLite', async () => createTestApp()],
  ['PostgreSQL', async () => createPgTestApp(pgdb.url)],
];

describe.each(engines)("share now: a shared document's file on %s", (engine, open) => {
  it('the covered file is served as its stored ciphertext, which opens with the key the owner sealed in the copy; nothing else is served, and Stop ends it at once', async () => {
    const t = await open();
    expect(t.services.engine).toBe(engine === 'SQLite' ? 'sqlite' : 'postgres');
    const will = await encryptFile(pdfWith('Last will of Ada'), 'application/pdf', 4096, { padded: true });
    const o = await ownerWithFile(t, will, 'Will');
    const shareId = await share(t, o, o.docId);
    // Another file of the same owner (a document not shared), and another account's file.
    const deed = await encryptFile(pdfWith('Deed of the house'), 'application/pdf', 4096, { padded: true });
    expect((await uploadFile(callerOf(t, o.cookie), deed)).status).toBe(200);
    await documentWith(t, o.cookie, deed, 'Deed');
    const theirs = await encryptFile(pdfWith('Someone else'), 'application/pdf', 4096, { padded: true });
    const b = await ownerWithFile(t, theirs, 'Theirs');
    await share(t, b, b.docId);

    const res = await t.call('GET', `/api/shared/${shareId}/files/${will.blobId}`);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/octet-stream');
    expect(res.headers.get('x-content-type-options')).toBe('nosniff');
    expect(res.headers.get('accept-ranges')).toBe('bytes');
    const stored = await bytesOf(res);
    expect(stored.length).toBe(will.storedSize + will.chunks.length * CHUNK_OVERHEAD);
    const plain = await decryptChunk(await importFileKey(will.key), will.blobId, 0, 1, stored);
    expect(new TextDecoder().decode(plain.subarray(0, will.size))).toContain('Last will of Ada');
    // A Range over the stored bytes, as the viewer's page fetches chunk by chunk.
    const part = await t.call('GET', `/api/shared/${shareId}/files/${will.blobId}`, undefined, undefined, { Range: 'bytes=0-99' });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 0-99/${stored.length}`);

    // Not covered by this share, another account's, made up, or the share unknown: one and the same 404.
    const refused = [
      `/api/shared/${shareId}/files/${deed.blobId}`,
      `/api/shared/${shareId}/files/${theirs.blobId}`,
      `/api/shared/${shareId}/files/AAAAAAAAAAAAAAAAAAAAAA`,
      `/api/shared/${shareId}/files/not a file id`,
      `/api/shared/AAAAAAAAAAAAAAAAAAAAAA/files/${will.blobId}`,
    ];
    const bodies = new Set<string>();
    for (const path of refused) {
      const r = await t.call('GET', path);
      expect(r.status, path).toBe(404);
      bodies.add(await r.text());
    }
    expect(bodies.size).toBe(1);

    // The owner stops sharing: the file is not served from that moment, with the same 404.
    expect((await t.call('POST', `/api/shares/${shareId}/stop`, {}, o.cookie)).status).toBe(204);
    const stopped = await t.call('GET', `/api/shared/${shareId}/files/${will.blobId}`);
    expect(stopped.status).toBe(404);
    expect(bodies.has(await stopped.text())).toBe(true);
  });
});

describe("share now: a shared document's file", () => {
  it('a share made before its first copy, or of a document whose file was replaced, serves nothing of the old or unsent', async () => {
    const t = createTestApp();
    const will = await encryptFile(pdfWith('Will 2019'), 'application/pdf', 4096, { padded: true });
    const o = await ownerWithFile(t, will, 'Will');
    const { body } = await newShareBody(o.userId, o.docId);
    expect((await t.call('POST', '/api/shares', body, o.cookie)).status).toBe(201);
    expect((await t.call('GET', `/api/shared/${body.shareId}/files/${will.blobId}`)).status).toBe(404); // nothing sent yet
    const shareId = await share(t, o, o.docId);
    const newer = await encryptFile(pdfWith('Will 2025'), 'application/pdf', 4096, { padded: true });
    expect((await uploadFile(callerOf(t, o.cookie), newer)).status).toBe(200);
    expect((await t.call('PATCH', `/api/documents/${o.docId}`, { file: fileRefOf(newer, 'Will 2025.pdf') }, o.cookie)).status).toBe(200);
    expect((await t.call('GET', `/api/shared/${shareId}/files/${will.blobId}`)).status).toBe(404); // the replaced file
    expect((await t.call('GET', `/api/shared/${shareId}/files/${newer.blobId}`)).status).toBe(200);
  });

  it("a shared letter's recording is not served (it is kept for after: review M1), nor any file to a task list's share", async () => {
    const t = createTestApp();
    const rec = await encryptFile(new Uint8Array(5000).fill(7), 'audio/webm', 4096, { padded: true });
    const { cookie, user } = await signUp(t);
    expect((await uploadFile(callerOf(t, cookie), rec)).status).toBe(200);
    // A recording's file is sent by sync, as the device sends it (REST takes no file for a letter).
    const letterId = 'letter-with-recording';
    const at = new Date(t.deps.now()).toISOString();
    const sync = await t.call('POST', '/api/sync', {
      protocol: 2,
      cursor: 0,
      changes: [{ collection: 'messages', id: letterId, hlc: formatHlc({ ms: t.deps.now(), counter: 0, node: 'phone' }), fields: { recipientName: 'Clara', recipientEmail: 'clara@example.com', messageType: 'audio', messageContent: 'For you.', deliveryDate: null, file: fileRefOf(rec, 'For Clara.webm'), createdAt: at } }],
    }, cookie);
    expect(((await sync.json()) as { rejected: unknown[] }).rejected).toEqual([]);
    const o = { cookie, userId: user.id };
    const { key, body } = await newShareBody(o.userId, letterId, 'letter');
    expect((await t.call('POST', '/api/shares', body, cookie)).status).toBe(201);
    const copy = await sealShared(key, boundTo(body), 'copy', 1, { kind: 'letter', title: 'A letter to Clara', entries: [] });
    expect((await t.call('PUT', `/api/shares/${body.shareId}/copy`, { after: 0, copy }, cookie)).status).toBe(204);
    expect((await t.call('GET', `/api/shared/${body.shareId}`)).status).toBe(200);
    expect((await t.call('GET', `/api/shared/${body.shareId}/files/${rec.blobId}`)).status).toBe(404);
    // A share of another kind covers no file, whichever the owner has.
    const section = await newShareBody(o.userId, 'legal', 'task-list');
    expect((await t.call('POST', '/api/shares', section.body, cookie)).status).toBe(201);
    const sectionCopy = await sealShared(section.key, boundTo(section.body), 'copy', 1, { kind: 'task-list', title: 'Tasks: Legal', entries: [] });
    expect((await t.call('PUT', `/api/shares/${section.body.shareId}/copy`, { after: 0, copy: sectionCopy }, cookie)).status).toBe(204);
    expect((await t.call('GET', `/api/shared/${section.body.shareId}`)).status).toBe(200);
    expect((await t.call('GET', `/api/shared/${section.body.shareId}/files/${rec.blobId}`)).status).toBe(404);
  });

  it("the file route has its own bounds per address and per share, in bytes, and never spends the owner's file budget (review F5)", async () => {
    const will = await encryptFile(pdfWith('Last will', 6000), 'application/pdf', 4096, { padded: true });
    const size = will.storedSize + will.chunks.length * CHUNK_OVERHEAD;
    // An address may fetch a little over one whole file a minute; the owner's own file budget is the same.
    const t = createTestApp({ TRUST_PROXY: '1', AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: size + 100 }) });
    const o = await ownerWithFile(t, will, 'Will');
    const shareId = await share(t, o, o.docId);
    t.advance(61_000); // every window ends
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    const path = `/api/shared/${shareId}/files/${will.blobId}`;
    const first = await t.call('GET', path, undefined, undefined, from('203.0.113.9'));
    expect(first.status).toBe(200);
    await first.arrayBuffer(); // bytes are charged as they are sent
    await (await t.call('GET', path, undefined, undefined, from('203.0.113.9'))).arrayBuffer();
    const refused = await t.call('GET', path, undefined, undefined, from('203.0.113.9'));
    expect(refused.status).toBe(429);
    expect(refused.headers.get('Retry-After')).toMatch(/^[1-9][0-9]*$/);
    expect(((await refused.json()) as { error: string }).error).toBe(SHARE_FILE_TEXT);
    // Another address still opens the file, and the owner still reads their own file in full.
    const other = await t.call('GET', path, undefined, undefined, from('198.51.100.7'));
    expect(other.status).toBe(200);
    await other.arrayBuffer();
    const own = await t.call('GET', `/api/blobs/${will.blobId}/content`, undefined, o.cookie);
    expect(own.status).toBe(200);
    expect((await bytesOf(own)).length).toBe(size);
    // All addresses together: the share's own bound ends what one link costs the server.
    let status = 200;
    for (let i = 0; i < 40 && status === 200; i++) {
      const r = await t.call('GET', path, undefined, undefined, from(`192.0.2.${i + 1}`));
      status = r.status;
      await r.arrayBuffer();
    }
    expect(status).toBe(429);
  });

  it("one owner's shares together have a bound in bytes (sharedFileBytesPerMinute), and each share one in requests from all addresses (review M2)", async () => {
    const will = await encryptFile(pdfWith('Last will', 6000), 'application/pdf', 4096, { padded: true });
    const size = will.storedSize + will.chunks.length * CHUNK_OVERHEAD;
    // Each address may fetch a file a minute and each share eight; the owner's shares together a little over two.
    const t = createTestApp({ TRUST_PROXY: '1', AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: size + 100, sharedFileBytesPerMinute: 2 * size + 100 }) });
    const o = await ownerWithFile(t, will, 'Will');
    const deed = await encryptFile(pdfWith('Deed', 6000), 'application/pdf', 4096, { padded: true });
    t.advance(61_000); // the owner's own upload budget is as low
    expect((await uploadFile(callerOf(t, o.cookie), deed)).status).toBe(200);
    const deedId = await documentWith(t, o.cookie, deed, 'Deed');
    const paths = [`/api/shared/${await share(t, o, o.docId)}/files/${will.blobId}`, `/api/shared/${await share(t, o, deedId)}/files/${deed.blobId}`, `/api/shared/${await share(t, o, o.docId)}/files/${will.blobId}`];
    t.advance(61_000);
    const from = (ip: string) => ({ 'X-Forwarded-For': ip });
    // Three shares, each fetched once from its own address: the third passes the owner's bound.
    const statuses: number[] = [];
    for (const [i, path] of paths.entries()) {
      const r = await t.call('GET', path, undefined, undefined, from(`192.0.2.${i + 1}`));
      statuses.push(r.status);
      if (r.status === 200) await r.arrayBuffer();
      else expect(((await r.json()) as { error: string }).error).toBe(SHARE_FILE_TEXT);
    }
    expect(statuses).toEqual([200, 200, 200]); // started together within the bound, each sends in full
    const past = await t.call('GET', paths[0]!, undefined, undefined, from('192.0.2.9'));
    expect(past.status).toBe(429);
    expect(((await past.json()) as { error: string }).error).toBe(SHARE_FILE_TEXT);
    // Another owner's share is not held back by this owner's bound.
    const other = await encryptFile(pdfWith('Theirs', 6000), 'application/pdf', 4096, { padded: true });
    const b = await ownerWithFile(t, other, 'Theirs');
    const theirs = await t.call('GET', `/api/shared/${await share(t, b, b.docId)}/files/${other.blobId}`, undefined, undefined, from('192.0.2.10'));
    expect(theirs.status).toBe(200);
    await theirs.arrayBuffer();

    // Requests to one share from many addresses, each well under its own bound, end at the share's.
    t.advance(11 * 60_000);
    const small = await encryptFile(pdfWith('Small', 10), 'application/pdf', 4096, { padded: true });
    const c = await ownerWithFile(t, small, 'Small');
    const path = `/api/shared/${await share(t, c, c.docId)}/files/${small.blobId}`;
    let status = 200;
    let sent = 0;
    for (; sent <= SHARE_FILE_REQUESTS_ALL_PER_10_MIN && status !== 429; sent++) {
      const r = await t.call('GET', path, undefined, undefined, { ...from(`198.51.100.${(sent % 50) + 1}`), Range: 'bytes=0-0' });
      status = r.status;
      await r.arrayBuffer();
    }
    expect(status).toBe(429);
    expect(sent).toBe(SHARE_FILE_REQUESTS_ALL_PER_10_MIN + 1);
  });
});
