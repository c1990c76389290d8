/**
 * The canary scan (issue "Sealed from the server", tests; SECURITY.md "Sealed from the server"):
 * one person on two devices (two browser contexts of one Chromium), registered through the UI,
 * fills every field of every screen that is sealed (shared/crypto/fields.ts) with a unique phrase
 * (a canary): profile, plan, a text, a voice and a video message, a document with a file, a
 * trustee and a survivor task. Both devices sync, the trustee is invited and accepts, the password
 * is changed, and a trustee's report starts the waiting period, which the release scheduler runs
 * through up to (not past) its end. Then every byte the server holds or sent is searched
 * (sync-server/canary-scan.ts, every encoding it knows) for each canary and both passwords:
 * everything under DATA_DIR (the SQLite file and its WAL, blobs), the server's log, every e-mail it
 * sent, and every request and response body the browsers exchanged with it. Zero hits is the pass.
 * Plain fields (fields.ts: e-mail addresses, the owner's first name, dates) are not canaries: the
 * server must read them.
 */
import { parseRecoveryCode } from '../shared/crypto/recovery';
import { randomBytes } from 'node:crypto';
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { needlesOf, scanBytes, scanDirectory, type Hit } from '../sync-server/canary-scan';
import { secondDevice, syncUntil } from './devices';
import { reportPassingInBrowser } from './report-passing';
import { desktopContext, hasChromium, mobileContext, registerViaUi, uniqueUser, useMailSuite } from './harness';
import { confirmOwnerEmail } from './owner-email';
import { choose, expectToast, openDialog } from './record-screens';

const DAY_MS = 24 * 60 * 60 * 1000;
const tag = randomBytes(5).toString('hex');
/** A phrase nothing else contains: `what` names the field, so a hit says where it came from. */
const canary = (what: string) => `Cnry${what}${tag}`;

/** Every canary, by the field it is typed into. One has non-ASCII letters (UTF-16 and JSON escapes). */
const C = {
  lastName: canary('LastName'),
  location: canary('Location'),
  song: canary('Song'),
  reading: canary('Reading'),
  obituary: canary('Obituary'),
  specialRequests: `Liebe Grüße ${canary('Requests')}`,
  textRecipient: canary('TextRecipient'),
  textContent: canary('TextContent'),
  audioRecipient: canary('AudioRecipient'),
  audioNote: canary('AudioNote'),
  videoRecipient: canary('VideoRecipient'),
  videoNote: canary('VideoNote'),
  documentName: canary('DocName'),
  linkName: canary('LinkName'),
  documentUrl: `https://files.example.com/${canary('DocUrl')}`,
  documentFileName: canary('DocFileName'),
  documentFileBytes: canary('DocFileBytes'),
  trusteeName: canary('TrusteeName'),
  trusteePhone: `555${randomBytes(4).readUInt32BE(0)}`,
  trusteeRelationship: canary('Relationship'),
  taskTitle: canary('TaskTitle'),
  taskDescription: canary('TaskDescription'),
  taskResource: canary('TaskResource'),
  taskStep: canary('TaskStep'),
};

/** Every request and response body `context` exchanges with `origin`, as the browser saw them. */
function recordTraffic(context: BrowserContext, origin: string, into: { where: string; bytes: Buffer }[]): void {
  context.on('requestfinished', async (request) => {
    if (!request.url().startsWith(origin)) return;
    const where = `${request.method()} ${new URL(request.url()).pathname}`;
    const sent = request.postDataBuffer();
    if (sent) into.push({ where: `request ${where}`, bytes: sent });
    const response = await request.response().catch(() => null);
    const body = await response?.body().catch(() => null);
    if (body) into.push({ where: `response ${where}`, bytes: body });
  });
}

/** Records a voice or video message of about two seconds in the open message dialog (fake devices). */
async function record(page: Page): Promise<void> {
  const dialog = openDialog(page);
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await dialog.getByRole('button', { name: 'Stop recording' }).waitFor();
  await page.waitForTimeout(2_300);
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await dialog.getByRole('button', { name: 'Re-take' }).waitFor();
}

/** Writes one message in the Message Vault of `page`; a recording for audio and video. */
async function writeMessage(page: Page, type: 'Text' | 'Audio' | 'Video', name: string, email: string, words: string): Promise<void> {
  await page.goto('/message-vault');
  await page.locator('main h1').waitFor();
  await page.getByRole('button', { name: /^(New Message|Create Your First Message)$/ }).first().click();
  const dialog = openDialog(page);
  await dialog.getByLabel('Recipient Name').fill(name);
  await dialog.getByLabel('Recipient Email').fill(email);
  if (type === 'Text') await dialog.getByLabel('Your Message').fill(words);
  else {
    await choose(page, 'Message Type', type);
    await record(page);
    await dialog.getByLabel('A note to go with it').fill(words);
  }
  await dialog.getByRole('button', { name: 'Save Message' }).click();
  await dialog.waitFor({ state: 'detached' });
  await page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: name }).waitFor();
}

/** Device A: the plan (every tab), a text message and a trustee. */
async function fillOnA(page: Page, trusteeEmail: string): Promise<void> {
  await page.goto('/death-plan');
  await page.locator('main h1').waitFor();
  await choose(page, 'Funeral Type', 'Celebration of Life');
  await page.getByLabel('Location').fill(C.location);
  await page.getByRole('tab', { name: 'Music' }).click();
  await page.getByLabel('Add a song or piece of music').fill(C.song);
  await page.getByLabel('Add a song or piece of music').press('Enter');
  await page.getByRole('tab', { name: 'Readings' }).click();
  await page.getByLabel('Add a reading').fill(C.reading);
  await page.getByLabel('Add a reading').press('Enter');
  await page.getByRole('tab', { name: 'Obituary' }).click();
  await page.getByRole('textbox', { name: 'Obituary' }).fill(C.obituary);
  await page.getByRole('tab', { name: 'Preferences' }).click();
  await page.getByLabel('Special Requests').fill(C.specialRequests);
  await page.getByRole('button', { name: 'Save Changes' }).click();
  await expectToast(page, 'Plan created successfully');

  await writeMessage(page, 'Text', C.textRecipient, `text.${tag}@example.com`, C.textContent);

  await page.goto('/trustees');
  await page.getByRole('button', { name: 'Add Your First Trustee' }).click();
  const dialog = openDialog(page);
  await dialog.getByLabel('Name').fill(C.trusteeName);
  await dialog.getByLabel('Email').fill(trusteeEmail);
  await dialog.getByLabel('Phone (optional)').fill(C.trusteePhone);
  await dialog.getByLabel('Relationship (optional)').fill(C.trusteeRelationship);
  await choose(page, 'Access Level', 'Full Access');
  await dialog.getByRole('button', { name: 'Add Trustee' }).click();
  await dialog.waitFor({ state: 'detached' });
}

/** Device B: a voice and a video message, a document with a file, and a survivor task. */
async function fillOnB(page: Page): Promise<void> {
  await writeMessage(page, 'Audio', C.audioRecipient, `audio.${tag}@example.com`, C.audioNote);
  await writeMessage(page, 'Video', C.videoRecipient, `video.${tag}@example.com`, C.videoNote);

  await page.goto('/documents');
  await page.locator('main h1').waitFor();
  await page.getByRole('button', { name: /^(Upload Your First Document|Upload Document)$/ }).first().click();
  const upload = openDialog(page);
  await choose(page, 'Document Type', 'Will & Testament');
  const pdf = Buffer.from(`%PDF-1.4\n% ${C.documentFileBytes}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  await upload.getByLabel('Document File').setInputFiles({ name: `${C.documentFileName}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await upload.getByLabel('Document Name').fill(C.documentName);
  await upload.getByRole('button', { name: 'Upload Document' }).click();
  await upload.waitFor({ state: 'detached' });
  // A document is a file or a link: a second one holds the link.
  await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
  await choose(page, 'Document Type', 'Insurance');
  await upload.getByText('Link to it', { exact: true }).click();
  await upload.getByLabel('Document Name').fill(C.linkName);
  await upload.getByLabel('Document URL').fill(C.documentUrl);
  await upload.getByRole('button', { name: 'Save Link' }).click();
  await upload.waitFor({ state: 'detached' });
  const card = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: C.documentName });
  await card.waitFor();
  await expect.poll(() => card.getByText(/Waiting to upload|Upload failed/).count(), { timeout: 20_000 }).toBe(0);

  await page.goto('/survivor-tasks');
  await page.getByRole('heading', { level: 1, name: 'Survivor Tasks' }).waitFor();
  await page.getByRole('button', { name: 'Add New Task' }).first().click();
  const add = page.getByRole('dialog', { name: 'Add Survivor Task' });
  await add.getByLabel('Title').fill(C.taskTitle);
  await add.getByLabel('Description').fill(C.taskDescription);
  await choose(page, 'Category', 'Memorial');
  await choose(page, 'Timeframe', '3 months');
  await choose(page, 'Automation Level', 'Manual with Guidance');
  await add.getByRole('textbox', { name: 'Resources' }).fill(C.taskResource);
  await add.getByRole('textbox', { name: 'Resources' }).press('Enter');
  await add.getByRole('textbox', { name: 'Automation Steps' }).fill(C.taskStep);
  await add.getByRole('button', { name: 'Add automation step' }).click();
  await add.getByRole('button', { name: 'Create Task' }).click();
  await add.waitFor({ state: 'detached' });
}

/**
 * Every file reference (shared/files/ref.ts) in this device's IndexedDB: the file's AES key and the
 * SHA-256 of its plaintext, both sealed inside the record's `file` field, so needles too.
 */
async function fileSecretsOnDevice(page: Page): Promise<{ key: string; sha256: string }[]> {
  return page.evaluate(async () => {
    const found = new Map<string, { key: string; sha256: string }>();
    const walk = (v: unknown, depth: number): void => {
      if (!v || typeof v !== 'object' || depth > 8) return;
      const o = v as Record<string, unknown>;
      if (typeof o.blobId === 'string' && typeof o.key === 'string' && /^[A-Za-z0-9_-]{43}$/.test(o.key) && typeof o.sha256 === 'string') {
        found.set(o.key, { key: o.key, sha256: o.sha256 });
      }
      for (const child of Object.values(o)) walk(child, depth + 1);
    };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        for (const row of rows) {
          // An outbox entry or a cached record may hold the reference as JSON text.
          walk(row, 0);
          if (row && typeof row === 'object') {
            for (const v of Object.values(row)) {
              if (typeof v === 'string' && v.includes('"blobId"')) {
                try {
                  walk(JSON.parse(v), 0);
                } catch {
                  /* not JSON */
                }
              }
            }
          }
        }
      }
      db.close();
    }
    return [...found.values()];
  });
}

/** Opens `link` (from an e-mail) in a fresh phone-sized context and presses its one button. */
async function press(browser: Browser, link: string, button: string | RegExp): Promise<void> {
  const context = await mobileContext(browser);
  const page = await context.newPage();
  await page.goto(link);
  await page.getByRole('button', { name: button }).click();
  await page.getByRole('heading', { level: 1 }).waitFor();
  await context.close();
}

/** The hits grouped for the failure message: each secret with the places it was found in and how. */
function report(hits: Hit[]): string {
  const by = new Map<string, Set<string>>();
  for (const h of hits) by.set(h.secret, (by.get(h.secret) ?? new Set()).add(`${h.where} (${h.form})`));
  return [...by].map(([secret, where]) => `${secret}:\n  ${[...where].slice(0, 8).join('\n  ')}${where.size > 8 ? `\n  … ${where.size - 8} more` : ''}`).join('\n');
}

describe.skipIf(!hasChromium)('canary scan: the server holds and sends no word a person wrote', () => {
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '500' }, { fakeMedia: true });

  it('finds no canary, and neither password, anywhere the server stored, logged, mailed or answered', async () => {
    const traffic: { where: string; bytes: Buffer }[] = [];
    const user = { ...uniqueUser('Ada'), lastName: C.lastName, password: `pw ${canary('Password')}` };
    const newPassword = `new pw ${canary('NewPassword')}`;
    const trusteeEmail = `trustee.${tag}@example.com`;

    // Device A registers through the UI; device B signs in; both record what they exchange.
    const a = await desktopContext(suite.browser, suite.server.url);
    recordTraffic(a, suite.server.url, traffic);
    const pageA = await a.newPage();
    const recoveryCode = await registerViaUi(pageA, user);
    const recoverySecret = await parseRecoveryCode(recoveryCode); // the code's 128 bits: never sent either
    await pageA.waitForURL('**/dashboard');
    const b = await secondDevice(suite.browser, suite.server.url, user, '/dashboard', mobileContext);
    recordTraffic(b.context, suite.server.url, traffic);

    await Promise.all([fillOnA(pageA, trusteeEmail), fillOnB(b.page)]);

    // Both sync until each shows the other's words.
    await pageA.goto('/survivor-tasks');
    await syncUntil(a, () => pageA.getByText(C.taskTitle).first().isVisible(), true);
    await b.page.goto('/trustees');
    await syncUntil(b.context, () => b.page.getByText(C.trusteeName).first().isVisible(), true);

    // The files' keys and hashes, as device A holds them after the sync (B's included).
    const files = await fileSecretsOnDevice(pageA);
    expect(files.length).toBeGreaterThanOrEqual(3); // the document's file and both recordings

    // The trustee accepts the invitation; the owner confirms their address and sets the waiting period.
    const invitation = await suite.smtp.waitFor(trusteeEmail, /has asked you to be a trustee/, 30_000);
    await press(suite.browser, invitation.links[0]!, 'Accept');
    const reportLink = (await suite.smtp.waitFor(trusteeEmail, /Thank you for being/)).links[0]!;
    await confirmOwnerEmail(suite.browser, pageA, suite.smtp, user.email);
    await pageA.goto('/settings');
    await choose(pageA, 'Waiting period', '2 days');
    await expectToast(pageA, 'Release settings saved');

    // The password changes on device A (B is signed out by it).
    await pageA.goto('/profile');
    await pageA.getByRole('tab', { name: 'Security' }).click();
    await pageA.getByLabel('Current Password').fill(user.password);
    await pageA.getByLabel('New Password', { exact: true }).fill(newPassword);
    await pageA.getByLabel('Confirm New Password').fill(newPassword);
    await pageA.getByRole('button', { name: 'Update Password' }).click();
    // Two key derivations (the old and the new password) run first: wait longer than a toast poll.
    await pageA.locator('li[data-state="open"]', { hasText: 'Password updated' }).first().waitFor({ timeout: 30_000 });

    // The trustee reports; the scheduler runs through the waiting period up to, not past, its end.
    const reporter = await (await mobileContext(suite.browser)).newPage();
    await reportPassingInBrowser(reporter, reportLink, user.firstName);
    await reporter.context().close();
    await suite.smtp.waitFor(user.email, /A waiting period has started/);
    const advanced = await fetch(`${suite.server.url}/api/test/clock`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ advanceMs: 2 * DAY_MS - 60 * 60 * 1000 }),
    });
    expect(advanced.status).toBe(200); // the answer comes after one scheduler pass at the new time
    expect(suite.smtp.to(`text.${tag}@example.com`)).toHaveLength(0); // not released
    await a.close();
    await b.context.close();

    // Every byte the server holds or sent.
    const needles = needlesOf([
      ...Object.values(C),
      user.password,
      newPassword,
      recoveryCode,
      recoverySecret,
      ...files.map((f) => f.sha256),
      ...files.map((f) => new Uint8Array(Buffer.from(f.key, 'base64url'))),
    ]);
    const hits: Hit[] = [
      ...scanDirectory(suite.server.dataDir, needles).map((h) => ({ ...h, where: `DATA_DIR/${h.where}` })),
      ...scanBytes(Buffer.from(suite.server.output()), needles, 'server log'),
      ...suite.smtp.received.flatMap((m) => scanBytes(Buffer.from(`${m.subject}\n${m.text}`), needles, `e-mail "${m.subject}"`)),
      ...traffic.flatMap((t) => scanBytes(t.bytes, needles, t.where)),
    ];
    expect(traffic.length).toBeGreaterThan(20); // the recording saw the devices' traffic
    expect(hits.length, `${hits.length} hits in what the server holds or sent:\n${report(hits)}`).toBe(0);
  });
});
