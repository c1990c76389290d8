/**
 * Issue #17 "Release and deletion": after release a recipient's page fetches their recording
 * (the stored ciphertext, Range over the stored bytes: the page decrypts it, chunk by chunk) and
 * a documents-only trustee's page fetches the will; a messages-only trustee cannot; before release every one of these answers 404.
 * Real app on each engine (a real SQLite file; a real PostgreSQL on loopback, issue #19: release
 * state, tokens and file metadata all in PostgreSQL), real blob store, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { formatHlc } from '../../shared/sync';
import { createPgTestApp, usePgDatabase } from '../test/pg-test-support';
import { linkOf, acceptInvitation, ownerOn, REPORTED, runFor } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from '../release/state-machine';
import { mintToken } from '../release/tokens';
import { createTestApp, type TestApp } from '../test/test-support';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile } from '../test/blob-test-support';
import { CHUNK_OVERHEAD, decryptChunk, encryptedSize, importFileKey } from '../../shared/files/crypto';
import type { DeliveryPageData, PageFile, TrusteePageData } from '../../shared/release/pages';

const concat = (parts: Uint8Array[]) => new Uint8Array(Buffer.concat(parts));

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());
const pgdb = usePgDatabase();
const env = () => ({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
const engines: [string, () => Promise<TestApp>][] = [
  ['SQLite', async () => createTestApp(env())],
  ['PostgreSQL', async () => createPgTestApp(pgdb.url, { env: env() })],
];

/** A small WebM (EBML header with DocType "webm") of `size` bytes: detected as video/webm by content. */
function webm(size: number): Uint8Array {
  const docType = Buffer.concat([Buffer.from([0x42, 0x82, 0x84]), Buffer.from('webm')]);
  const head = Buffer.concat([Buffer.from([0x1a, 0x45, 0xdf, 0xa3, 0x80 | docType.length]), docType]);
  const out = new Uint8Array(size);
  for (let i = 0; i < size; i++) out[i] = (i * 31 + 7) % 251;
  out.set(head, 0);
  return out;
}

describe.each(engines)('files after release on %s', (engine, open) => {
  it("a recipient's page fetches their recording's ciphertext by chunk and opens it; a documents-only trustee's page fetches the will, a messages-only one cannot; all 404 before release", async () => {
    const o = await ownerOn(await open());
    expect(o.t.services.engine).toBe(engine === 'SQLite' ? 'sqlite' : 'postgres');
    const call = callerOf(o.t, o.cookie);
    const video = webm(10_000);
    const rec = await encryptFile(video, 'video/webm', 4096); // three chunks: ranges cross them
    const will = pdfWith('Last will of Ada Lovelace', 6000);
    const doc = await encryptFile(will, 'application/pdf', 4096);
    expect((await uploadFile(call, rec)).status).toBe(200);
    expect((await uploadFile(call, doc)).status).toBe(200);

    const sync = await call('POST', '/api/sync', {
      protocol: 2,
      cursor: 0,
      changes: [{
        collection: 'messages', id: 'video1', hlc: formatHlc({ ms: o.t.deps.now(), counter: 0, node: 'phone' }),
        fields: { recipientName: 'Annabella', recipientEmail: o.addr('annabella'), messageType: 'video', messageContent: 'Watch this when you are ready.', deliveryDate: null, file: fileRefOf(rec, 'For Annabella.webm'), createdAt: new Date(o.t.deps.now()).toISOString() },
      }],
    });
    expect((await sync.json()).rejected).toEqual([]);
    const { id: willId } = await o.post('/api/documents', { documentType: 'will', documentName: 'My will', file: fileRefOf(doc, 'will "final".pdf') });
    const dora = await o.addTrustee('dora', 'documents-only');
    const milo = await o.addTrustee('milo', 'messages-only');
    await o.addTrustee('grace', 'full');
    await o.t.services.scheduler.runOnce();

    // Before release: links that would be valid afterwards answer 404, file endpoints included.
    const { store } = o.t.services.release;
    const now = o.t.deps.now();
    const early = {
      delivery: await mintToken(store, { userId: o.userId, purpose: 'delivery', subjectId: 'video1', now, addr: o.addr('annabella') }),
      dora: await mintToken(store, { userId: o.userId, purpose: 'access', subjectId: dora.id, now }),
    };
    for (const path of [`/api/delivery/${early.delivery}`, `/api/delivery/${early.delivery}/file`, `/api/trustee/access/${early.dora}/documents/${willId}/file`]) {
      expect((await o.open(`http://localhost${path}`)).status, path).toBe(404);
    }

    // Release: Grace accepts and reports; nobody cancels.
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await runFor(o, 2, 8 * DAY_MS);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('released');

    // The recipient's page learns how to fetch and open the recording; the server sends the stored
    // ciphertext as it is (Range over the stored bytes), and the page decrypts it (web/release/files.ts).
    const delivery = linkOf(await smtp.waitFor(o.addr('annabella'), /A message from Ada$/));
    const data = (await (await o.open(`${delivery}/data`)).json()) as DeliveryPageData;
    const ref = data.message.file as PageFile;
    expect(ref).toMatchObject({ name: 'For Annabella.webm', type: 'video/webm', chunkCount: 3, chunkSize: 4096, url: `${new URL(delivery).pathname}/file` });
    const file = `${delivery}/file`;
    const whole = await o.open(file);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    expect(whole.headers.get('accept-ranges')).toBe('bytes');
    expect(whole.headers.get('x-content-type-options')).toBe('nosniff');
    expect(whole.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(concat(rec.chunks));
    const ranged = (range: string) => o.t.app.request(file, { headers: { Range: range } });
    const key = await importFileKey(ref.key);
    const stride = 4096 + CHUNK_OVERHEAD;
    const chunk1 = await ranged(`bytes=${stride}-${2 * stride - 1}`); // what the page asks for one chunk
    expect(chunk1.status).toBe(206);
    expect(chunk1.headers.get('content-range')).toBe(`bytes ${stride}-${2 * stride - 1}/${encryptedSize(video.length, 4096)}`);
    expect(await decryptChunk(key, ref.blobId, 1, 3, new Uint8Array(await chunk1.arrayBuffer()))).toEqual(video.subarray(4096, 8192));
    expect((await ranged(`bytes=${encryptedSize(video.length, 4096)}-`)).status).toBe(416);

    // Trustees by access level.
    const accessOf = async (who: string) => linkOf(await smtp.waitFor(o.addr(who), /What Ada left for you/));
    const doraPage = await accessOf('dora');
    const doraData = (await (await o.open(`${doraPage}/data`)).json()) as TrusteePageData;
    const willPath = `/documents/${willId}/file`;
    expect(doraData.documents![0]!.file).toMatchObject({ name: 'will "final".pdf', type: 'application/pdf', url: `${new URL(doraPage).pathname}${willPath}` });
    const download = await o.open(`${doraPage}${willPath}`);
    expect(download.status).toBe(200);
    expect(download.headers.get('content-type')).toBe('application/octet-stream');
    expect(download.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(new Uint8Array(await download.arrayBuffer())).toEqual(concat(doc.chunks));

    const gracePage = await accessOf('grace'); // full access: documents too
    expect((await o.open(`${gracePage}${willPath}`)).status).toBe(200);

    const miloPage = await accessOf('milo');
    expect(await (await o.open(`${miloPage}/data`)).text()).not.toContain(willPath);
    expect((await o.open(`${miloPage}${willPath}`)).status).toBe(404);
    expect(milo.id).toBeTruthy();
    // A document id of another collection or unknown: 404 as well.
    expect((await o.open(`${doraPage}/documents/video1/file`)).status).toBe(404);
  });
});
