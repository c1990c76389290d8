/**
 * The server's side of issues #18 and 29: `GET /api/export` streams the signed-in person's export
 * as stored (shared/export/stored-format.ts; the device opens it, shared/export/open-stored.ts),
 * never another account's; after release a full-access
 * trustee downloads the family binder, made on the server with shared/binder (404 before release
 * and for other access levels). Real app over a real SQLite file; e-mails read from the outbox folder.
 */
import { readFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { extractText } from 'unpdf';
import { binderInputOf, buildBinder } from '../../shared/binder';
import type { TrusteePageData } from '../../shared/release/pages';
import { describe, expect, it } from 'vitest';
import { unzipSync } from 'fflate';
import { openStoredExport } from '../../shared/export/open-stored';
import { readExport } from '../../shared/export/read';
import { callerOf, encryptFile, fileRefOf, pdfWith, uploadFile } from '../test/blob-test-support';
import { createTestApp, signUp } from '../test/test-support';
import { outboxFiles, ownerOn, type Owner, REPORTED } from '../test/release-test-support';
import { DAY_MS } from '../release/state-machine';

/** The binder's fonts as the device fetches them, read from the package here. */
const binderFontsFromPackage = () => {
  const path = (file: string) => createRequire(import.meta.url).resolve(`dejavu-fonts-ttf/ttf/${file}`);
  return { regular: new Uint8Array(readFileSync(path('DejaVuSans.ttf'))), bold: new Uint8Array(readFileSync(path('DejaVuSans-Bold.ttf'))) };
};
const pdfText = async (bytes: ArrayBuffer) => ((await extractText(new Uint8Array(bytes), { mergePages: true })).text as string).replace(/\s+/g, ' ');

async function ownerWithRecords(o: Owner) {
  await o.addTrustee('grace', 'full');
  await o.addTrustee('mary', 'documents-only');
  await o.addMessage('annabella', 'SECRET words for Annabella only');
  await o.post('/api/survivor-tasks', {
    title: 'Call the doctor', description: 'Ask for the medical certificate of death.', category: 'immediate',
    timeframe: '24h', automationLevel: 'manual-with-guidance', priority: 1, resources: ['GP: 01865 000000'], automationSteps: [],
    notifyTrustees: false, completionStatus: 'not-started',
  });
  const plan = await o.t.call('POST', '/api/death-plan', { location: 'Kensal Green', specialRequests: 'Play Bach.', musicSelections: ['Air on the G String', 'Dvořák: Rusalka, Měsíčku na nebi hlubokém'] }, o.cookie);
  expect(plan.status).toBeLessThan(300);
}

describe('GET /api/export (issue #18)', () => {
  it('streams the session account’s records in the export format, and nothing of another account', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    await ownerWithRecords(o);
    const other = await signUp(t, { firstName: 'Eve' });
    await t.call('POST', '/api/trustees', { name: 'Mallory', email: 'mallory@example.com', accessLevel: 'full' }, other.cookie);

    const res = await t.call('GET', '/api/export', undefined, o.cookie);
    expect(res.status).toBe(200);
    expect(res.headers.get('content-type')).toBe('application/zip');
    expect(res.headers.get('content-disposition')).toMatch(/^attachment; filename="afterword-export-\d{4}-\d{2}-\d{2}\.zip"$/);
    const opened = await openStoredExport(new Uint8Array(await res.arrayBuffer()), { keyring: null }); // a legacy account: plain records
    expect(opened.failures).toEqual([]);
    const { manifest } = readExport(opened.zip);
    expect(manifest.records.profile.map((p) => p.firstName)).toEqual(['Ada']);
    expect(manifest.records.trustees.map((x) => x.name).sort()).toEqual(['Grace Trustee', 'Mary Trustee']);
    expect(manifest.records.messages.map((m) => m.messageContent)).toEqual(['SECRET words for Annabella only']);
    expect(manifest.records.deathPlan[0]).toMatchObject({ location: 'Kensal Green', musicSelections: ['Air on the G String', 'Dvořák: Rusalka, Měsíčku na nebi hlubokém'] });
    expect(JSON.stringify(manifest)).not.toContain('Mallory');
  });

  it('holds each uploaded file once as stored ciphertext, which the device opens; names a file not uploaded yet', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    const plain = pdfWith('THE-WILL', 40_000);
    const file = await encryptFile(plain, 'application/pdf', 16 * 1024); // three chunks
    expect((await uploadFile(callerOf(t, o.cookie), file)).status).toBe(200);
    await o.post('/api/documents', { documentType: 'will', documentName: 'Will', file: fileRefOf(file, 'Last will.pdf') });
    await o.post('/api/documents', { documentType: 'will', documentName: 'Copy of the will', file: fileRefOf(file, 'Last will.pdf') });
    const never = await encryptFile(pdfWith('NEVER-UPLOADED'), 'application/pdf');
    await o.post('/api/documents', { documentType: 'insurance', documentName: 'Policy', file: fileRefOf(never, 'Policy.pdf') });

    const zip = new Uint8Array(await (await t.call('GET', '/api/export', undefined, o.cookie)).arrayBuffer());
    const entries = unzipSync(zip);
    expect(Object.keys(entries).filter((p) => p.startsWith('blobs/'))).toEqual([`blobs/${file.blobId}`]);
    expect(Buffer.from(zip).includes(Buffer.from('THE-WILL'))).toBe(false); // ciphertext: the server decrypted nothing
    expect(JSON.parse(new TextDecoder().decode(entries['afterword.json']))).toMatchObject({ version: 2, sealed: false, missingBlobs: [never.blobId] });

    const opened = await openStoredExport(zip, { keyring: null });
    expect(opened.failures).toEqual(['The file "Policy.pdf" of legal document "Policy" is not in this export (it was not uploaded from the device that added it).']);
    const { manifest, readFile } = readExport(opened.zip); // sizes and SHA-256 checked against the records
    expect(manifest.files.map((f) => f.path)).toEqual(['files/documents/Last will.pdf', 'files/documents/Last will.pdf']); // one file, both records
    expect(readFile(manifest.files[0]!)).toEqual(plain);
    expect(new TextDecoder().decode(unzipSync(opened.zip)['README.txt'])).toContain('files/documents/Policy.pdf  (Insurance: Policy)');
  });

  it('charges the file-bytes budget as it sends: past it the export stops mid-stream with the budget’s error, and the next waits (429)', async () => {
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ fileBytesPerMinute: 100_000 }) });
    const o = await ownerOn(t);
    for (const name of ['Will', 'Policy', 'Deed', 'Lease']) {
      const file = await encryptFile(pdfWith(name, 45_000), 'application/pdf', 45_056); // one chunk each: upload and complete fit a minute's budget
      expect((await uploadFile(callerOf(t, o.cookie), file)).status).toBe(200);
      await o.post('/api/documents', { documentType: 'will', documentName: name, file: fileRefOf(file, `${name}.pdf`) });
      t.advance(60_000);
    }
    const first = await t.call('GET', '/api/export', undefined, o.cookie);
    expect(first.status).toBe(200);
    const reader = first.body!.getReader();
    let received = 0;
    const stopped = await (async () => {
      for (;;) {
        const { done, value } = await reader.read();
        if (done) return null;
        received += value.byteLength;
      }
    })().catch((err: Error) => err);
    expect(stopped?.message).toBe('Too many file bytes sent in a short time. Please wait a minute and try again.');
    expect(received).toBeGreaterThan(100_000); // three files went out, the fourth did not
    expect(received).toBeLessThan(4 * 45_000);
    const next = await t.call('GET', '/api/export', undefined, o.cookie); // not "already being made": the stopped one ended
    expect(next.status).toBe(429);
    expect(((await next.json()) as { error: string }).error).toBe('Too many file bytes sent in a short time. Please wait a minute and try again.');
    t.advance(60_000);
    expect((await t.call('GET', '/api/export', undefined, o.cookie)).status).toBe(200);
  });

  it('needs a session', async () => {
    const t = createTestApp();
    expect((await t.call('GET', '/api/export')).status).toBe(401);
  });
});

describe('the trustee’s family binder (issue #18)', () => {
  /** The link in the newest outbox e-mail to `to` whose subject matches. */
  const mailLink = (o: Owner, to: string, subject: RegExp) => {
    const mail = outboxFiles(o.t.deps.config.dataDir).filter((e) => e.to.includes(to) && subject.test(e.subject)).at(-1);
    expect(mail, `an e-mail to ${to} about ${subject}`).toBeDefined();
    return mail!.links[0]!.replace(/^https?:\/\/[^/]+/, 'http://localhost');
  };

  it('is 404 before release and for other levels; after release a full-access trustee gets its records and makes it on their device', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test' });
    const o = await ownerOn(t);
    await ownerWithRecords(o);
    const run = () => t.services.scheduler.runOnce();
    await run();
    expect((await o.open(mailLink(o, o.addr('grace'), /asked you to be a trustee/), 'POST')).status).toBe(200);
    await run();
    const report = mailLink(o, o.addr('grace'), /Thank you for being/);
    // Before release: no binder, whatever token is tried.
    expect((await o.open(`${report.replace('/report/', '/access/')}/binder.pdf`)).status).toBe(404);

    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await run();
    t.advance(7 * DAY_MS + 60_000);
    await run();
    await run();
    const graceAccess = mailLink(o, o.addr('grace'), /left for you/);
    const maryAccess = mailLink(o, o.addr('mary'), /left for you/);

    // The page's data carries the binder's records for a full-access trustee only; the binder is
    // made on the trustee's device (web/release/binder.ts), as here: the server never runs pdf-lib.
    const data = (await (await o.open(`${graceAccess}/data`)).json()) as TrusteePageData;
    expect(data.binder).toBeDefined();
    expect(await (await o.open(`${maryAccess}/data`)).json()).not.toHaveProperty('binder');
    expect((await o.open(`${maryAccess}/binder.pdf`)).status).toBe(404);

    const res = await o.open(`${graceAccess}/binder.pdf`);
    expect(res.status).toBe(303); // the old URL opens the page, which makes the binder
    expect(res.headers.get('location')).toMatch(/^\/r\/t\/[A-Za-z0-9_-]{43}$/);
    const pdf = await buildBinder(binderInputOf(data.binder!, new Date(data.now)), binderFontsFromPackage());
    const text = await pdfText(pdf.buffer as ArrayBuffer);
    for (const seen of ['Ada Lovelace', 'In the first 24 hours', 'Call the doctor', 'Kensal Green', 'Play Bach.', 'Air on the G String', 'Dvořák: Rusalka, Měsíčku na nebi hlubokém', 'GP: 01865 000000', 'Grace Trustee']) {
      expect(text).toContain(seen);
    }
    expect(text).not.toContain('SECRET words');
  });
});
