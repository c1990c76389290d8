/**
 * The release pages open everything in the browser (issue "Sealed from the server": "The server
 * never decrypts anything"; release/README.md "Pages"): the server answers JSON to the static
 * pages under /r/, streams a file's STORED ciphertext byte for byte (charged per byte, no
 * decryption), no longer builds a trustee's binder with pdf-lib, and old e-mailed links redirect.
 * Real app over a real SQLite file, real blob store, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol';
import { concat as concatBytes } from '../../shared/crypto/bytes';
import { formatHlc } from '../../shared/sync';
import { linkOf, acceptInvitation, ownerOn, runFor, type Owner, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';
import { createTestApp } from '../test/test-support';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile } from '../test/blob-test-support';
import { generateFileKey } from '../../shared/files/crypto';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());


/** An owner with a voice message (its stored key WRONG: a hostile client can write one), a will, and three trustees; released. */
async function releasedOwner() {
  const o = await ownerOn(await createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' }));
  const call = callerOf(o.t, o.cookie);
  const voice = await encryptFile(pdfWith('not really a voice', 9000), 'application/pdf', 4096);
  const will = await encryptFile(pdfWith('Last will of Ada Lovelace', 6000), 'application/pdf', 4096);
  expect((await uploadFile(call, voice)).status).toBe(200);
  expect((await uploadFile(call, will)).status).toBe(200);
  const sync = await call('POST', '/api/sync', {
    protocol: PROTOCOL_VERSION,
    cursor: 0,
    changes: [{
      collection: 'messages', id: 'voice1', hlc: formatHlc({ ms: o.t.deps.now(), counter: 0, node: 'phone' }),
      fields: {
        recipientName: 'Annabella', recipientEmail: o.addr('annabella'), messageType: 'audio', messageContent: 'Listen when you are ready.', deliveryDate: null,
        file: { ...fileRefOf(voice, 'For Annabella.pdf'), key: generateFileKey() }, createdAt: new Date(o.t.deps.now()).toISOString(),
      },
    }],
  });
  expect((await sync.json()).rejected).toEqual([]);
  const { id: willId } = await o.post('/api/documents', { documentType: 'will', documentName: 'My will', file: fileRefOf(will, 'will.pdf') });
  await o.addTrustee('milo', 'messages-only');
  await o.addTrustee('grace', 'full');
  await o.t.services.scheduler.runOnce();
  const report = await acceptInvitation(o, smtp, 'grace');
  expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
  await runFor(o, 2, 8 * DAY_MS);
  expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
  const delivery = linkOf(await smtp.waitFor(o.addr('annabella'), /A message from Ada$/));
  const access = async (who: string) => linkOf(await smtp.waitFor(o.addr(who), /What Ada left for you/));
  return { o, voice, will, willId, delivery, grace: await access('grace'), milo: await access('milo') };
}

const tokenOf = (link: string) => new URL(link).pathname.split('/').pop()!;
const json = async (o: Owner, path: string) => {
  const res = await o.open(`http://localhost${path}`);
  expect(res.status, path).toBe(200);
  expect(res.headers.get('content-type')).toMatch(/^application\/json/);
  return res.json();
};

describe('release pages: the server decrypts nothing', () => {
  it('a recording streams as the exact stored ciphertext, even when its stored key is wrong; old page links redirect to /r/', async () => {
    const { o, voice, delivery } = await releasedOwner();
    const token = tokenOf(delivery);
    const old = await o.open(delivery);
    expect(old.status).toBe(302);
    expect(old.headers.get('location')).toBe(`/r/d/${token}`);

    const data = await json(o, `/api/delivery/${token}/data`);
    expect(data.message.messageContent).toBe('Listen when you are ready.');
    expect(data.message.file).toMatchObject({ name: 'For Annabella.pdf', size: voice.size, chunkSize: 4096, chunkCount: 3, blobId: voice.blobId });
    expect(data.message.file.url).toBe(`/api/delivery/${token}/file`);

    const stored = concatBytes(...voice.chunks);
    const whole = await o.open(`http://localhost/api/delivery/${token}/file`);
    expect(whole.status).toBe(200);
    expect(whole.headers.get('content-type')).toBe('application/octet-stream');
    expect(whole.headers.get('content-security-policy')).toBe("sandbox; default-src 'none'");
    expect(new Uint8Array(await whole.arrayBuffer())).toEqual(stored);
    const part = await o.t.app.request(`/api/delivery/${token}/file`, { headers: { Range: 'bytes=4100-8300' } });
    expect(part.status).toBe(206);
    expect(part.headers.get('content-range')).toBe(`bytes 4100-8300/${stored.length}`);
    expect(new Uint8Array(await part.arrayBuffer())).toEqual(stored.subarray(4100, 8301));
  });

  it("a trustee's data is their level's only, documents stream as ciphertext, and the binder URL no longer runs pdf-lib on the server", async () => {
    const { o, will, willId, grace, milo } = await releasedOwner();
    const g = tokenOf(grace);
    expect((await o.open(grace)).headers.get('location')).toBe(`/r/t/${g}`);
    const full = await json(o, `/api/trustee/access/${g}/data`);
    expect(full.level).toBe('full');
    expect(full.documents[0]).toMatchObject({ documentName: 'My will', file: { url: `/api/trustee/access/${g}/documents/${willId}/file`, key: will.key } });
    expect(full.messages[0]).toMatchObject({ recipientName: 'Annabella' });
    expect(JSON.stringify(full)).not.toContain('Listen when you are ready.'); // a trustee never reads a letter
    expect(full.binder.messages[0]).not.toHaveProperty('messageContent');
    const doc = await o.open(`http://localhost/api/trustee/access/${g}/documents/${willId}/file`);
    expect(new Uint8Array(await doc.arrayBuffer())).toEqual(concatBytes(...will.chunks));

    const binder = await o.open(`${grace}/binder.pdf`);
    expect(binder.status).toBe(303);
    expect(binder.headers.get('location')).toBe(`/r/t/${g}`);
    expect(binder.headers.get('content-type') ?? '').not.toContain('application/pdf');

    const m = tokenOf(milo);
    const limited = await json(o, `/api/trustee/access/${m}/data`);
    expect(limited.level).toBe('messages-only');
    expect(limited).not.toHaveProperty('documents');
    expect(limited).not.toHaveProperty('binder');
    expect((await o.open(`http://localhost/api/trustee/access/${m}/documents/${willId}/file`)).status).toBe(404);
    expect((await o.open(`http://localhost/api/trustee/access/not-a-token/data`)).status).toBe(404);
  });
});
