/**
 * The canary scan (issue "Sealed from the server", tests; SECURITY.md "Sealed from the server"):
 * one person on two devices (two browser contexts of one Chromium), registered through the UI,
 * fills every field of every screen that is sealed (shared/crypto/fields.ts) with a unique phrase
 * (a canary): the profile (registration and every field of the profile wizard), the plan, a text, a
 * voice and a video message, a document with a file and where its original is kept, a link, a
 * trustee and a survivor task. Both devices sync, the trustee is invited and accepts, the password
 * is changed, and a trustee's report starts the waiting period, which the release scheduler runs
 * through up to (not past) its end. Then every byte the server holds or sent is searched
 * (sync-server/canary-scan.ts, every encoding it knows) for each canary, both passwords, the
 * recovery code, the account key AK, every scope key of the keyring and every file's key and hash
 * (AK and the keys as the device holds them: e2e/device-secrets.ts): everything under DATA_DIR (the
 * SQLite file and its WAL, blobs), the server's log, every e-mail it sent, and every request and
 * response body the server exchanged with anyone (recorded at the server,
 * sync-server/http/test-traffic-log.ts: the invitation and report pages, opened in other browser
 * contexts, included). Zero hits is the pass. The one exception is by design (SECURITY.md "Release
 * escrow"): the body of the escrow deposit, PUT /api/release/escrow, carries the release's scope
 * keys raw, so there, and only there, scope keys are not needles (every other needle still is);
 * the test checks that the deposit did carry them, which also shows the needles match real bytes.
 * Plain fields (fields.ts: e-mail addresses, the owner's first name, delivery dates) are not
 * canaries: the server must read them. One plain field holds a canary by design (issue 38 item 8 d;
 * SECURITY.md): the profile's `emailName`, the full name the device writes so that e-mails to
 * trustees and recipients say which person they are about. That one value ("Ada <last-name
 * canary>", in each of its forms) is blanked before the scan; the last name found anywhere else,
 * the `lastName` field in plain included, is still a hit. The same runs on PostgreSQL (DATABASE_URL), where a pg_dump
 * of the database and every file of the cluster are searched too (e2e/canary-postgres.ts).
 */
import { unwrapAccountKey } from '../shared/crypto/keys';
import { parseRecoveryCode } from '../shared/crypto/recovery';
import { importAesKey } from '../shared/crypto/wrap';
import { randomBytes } from 'node:crypto';
import { rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { needlesOf, scanBytes, scanDirectory, withoutAllowed, type Hit, type NeedleForm } from '../sync-server/test/canary-scan';
import { readTrafficLog, TEST_TRAFFIC_LOG_ENV, type Exchange } from '../sync-server/http/test-traffic-log';
import { usePostgresFor } from './canary-postgres';
import { fileSecretsOnDevice, keysOnDevice, serverKeysOf, unlockHalf } from './device-secrets';
import { secondDevice, syncUntil } from './devices';
import { reportPassingInBrowser } from './report-passing';
import { desktopContext, hasChromium, mobileContext, registerViaUi, uniqueUser, useMailSuite, WAIT_BOUND_MS } from './harness';
import { confirmOwnerEmail } from './owner-email';
import { choose, dialogClosed, expectToast, openDialog, openSignedIn } from './record-screens';

const DAY_MS = 24 * 60 * 60 * 1000;
/** A trustee's browser context: without the app's service worker (press). */
const NO_WORKER = { serviceWorkers: 'block' } as const;
const tag = randomBytes(5).toString('hex');
/** A phrase nothing else contains: `what` names the field, so a hit says where it came from. */
const canary = (what: string) => `Cnry${what}${tag}`;

/** Every canary, by the field it is typed into. One has non-ASCII letters (UTF-16 and JSON escapes). */
const digits = (n: number) => String(randomBytes(4).readUInt32BE(0)).padStart(10, '0').slice(0, n);
const C = {
  lastName: canary('LastName'),
  contactEmail: `cnrycontact${tag}@example.com`,
  birthdate: `19${30 + (randomBytes(1)[0]! % 60)}-0${1 + (randomBytes(1)[0]! % 9)}-1${randomBytes(1)[0]! % 10}`,
  emergencyName: canary('EmergencyName'),
  emergencyPhone: `555${digits(9)}`,
  healthInfo: canary('HealthInfo'),
  beliefs: canary('Beliefs'),
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
  originalLocation: canary('OriginalKept'),
  trusteeName: canary('TrusteeName'),
  trusteePhone: `555${digits(9)}`,
  trusteeRelationship: canary('Relationship'),
  taskTitle: canary('TaskTitle'),
  taskDescription: canary('TaskDescription'),
  taskResource: canary('TaskResource'),
  taskStep: canary('TaskStep'),
};

/**
 * Records a voice or video message of at least a second in the open message dialog (fake
 * devices): the countdown shows 9:59 (MediaRecorderField rounds up), a wait for that event rather
 * than a fixed sleep; what is scanned for is the file's key and hash, whatever its length.
 */
async function record(page: Page): Promise<void> {
  const dialog = openDialog(page);
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  await dialog.getByRole('timer', { name: 'Time left' }).getByText(/^9:5\d left$/).waitFor();
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await dialog.getByRole('button', { name: 'Re-take' }).waitFor();
}

/** Writes one message in the Message Vault of `page`; a recording for audio and video. */
async function writeMessage(page: Page, type: 'Text' | 'Audio' | 'Video', name: string, email: string, words: string): Promise<void> {
  await openSignedIn(page, '/message-vault');
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

/** Device A: every step of the profile wizard on the dashboard (SPEC.md §2 "Profile-completion wizard"). */
async function fillWizardOnA(page: Page): Promise<void> {
  await page.locator('#wizard-step-heading', { hasText: 'Basic Information' }).waitFor();
  await page.getByLabel('Contact Email').fill(C.contactEmail);
  await page.getByLabel('Birthdate').fill(C.birthdate);
  await page.getByLabel('Emergency Contact Name').fill(C.emergencyName);
  await page.getByLabel('Emergency Contact Phone').fill(C.emergencyPhone);
  await page.getByLabel('Important Health Information').fill(C.healthInfo);
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expectToast(page, 'Basic information saved');
  await page.getByRole('button', { name: /Family & Relationships/ }).click();
  await page.getByLabel('Your Beliefs').fill(C.beliefs);
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expectToast(page, 'Values saved successfully');
  await page.getByRole('button', { name: 'Save & Continue' }).click();
  await expectToast(page, 'Preferences saved');
  await page.getByRole('button', { name: 'Finish Setup' }).click();
  await expectToast(page, 'Profile complete!');
}

/** Device A: the plan (every tab), a text message and a trustee. */
async function fillOnA(page: Page, trusteeEmail: string): Promise<void> {
  await openSignedIn(page, '/death-plan');
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

  await openSignedIn(page, '/trustees');
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

  await openSignedIn(page, '/documents');
  await page.getByRole('button', { name: /^(Upload Your First Document|Upload Document)$/ }).first().click();
  const upload = openDialog(page);
  await choose(page, 'Document Type', 'Will & Testament');
  const pdf = Buffer.from(`%PDF-1.4\n% ${C.documentFileBytes}\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n`);
  await upload.getByLabel('Document File').setInputFiles({ name: `${C.documentFileName}.pdf`, mimeType: 'application/pdf', buffer: pdf });
  await upload.getByLabel('Document Name').fill(C.documentName);
  await upload.getByLabel('Where the original is kept (optional)').fill(C.originalLocation);
  await upload.getByRole('button', { name: 'Upload Document' }).click();
  await dialogClosed(page);
  // A document is a file or a link: a second one holds the link.
  await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
  await upload.waitFor();
  await choose(page, 'Document Type', 'Insurance');
  await upload.getByText('Link to it', { exact: true }).click();
  await upload.getByLabel('Document Name').fill(C.linkName);
  await upload.getByLabel('Document URL').fill(C.documentUrl);
  await upload.getByRole('button', { name: 'Save Link' }).click();
  await dialogClosed(page);
  const card = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: C.documentName });
  await card.waitFor();
  await expect.poll(() => card.getByText(/Waiting to upload|Upload failed/).count(), { timeout: 60_000 }).toBe(0);

  await openSignedIn(page, '/survivor-tasks');
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
 * Opens `link` (from an e-mail) in a fresh phone-sized context and presses its one button. The
 * context is the trustee's, who holds none of the owner's secrets: without the app's service worker
 * (ContextWorkers; its install is ~2.4 s of Chromium's CPU, issue 41). The owner's devices keep theirs.
 */
async function press(browser: Browser, link: string, button: string | RegExp): Promise<void> {
  const context = await mobileContext(browser, undefined, NO_WORKER);
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

/** Whether `t` is the escrow deposit's body: the one place scope keys travel raw (escrow/routes.ts). */
const isEscrowDeposit = (t: Exchange) => t.dir === 'request' && t.method === 'PUT' && t.path === '/api/release/escrow';

type Suite = ReturnType<typeof useMailSuite>;

/**
 * The whole scenario on `suite`'s server, whose traffic is recorded into `trafficLog`, then the
 * scan of DATA_DIR, the log, the e-mails, the traffic and whatever `moreHits` searches (the
 * PostgreSQL run's database). Fails the test with every hit.
 */
async function scenario(suite: Suite, trafficLog: string, moreHits: (needles: NeedleForm[], allowed: NeedleForm[]) => Promise<Hit[]>): Promise<void> {
  const user = { ...uniqueUser('Ada'), lastName: C.lastName, password: `pw ${canary('Password')}` };
  const newPassword = `new pw ${canary('NewPassword')}`;
  const trusteeEmail = `trustee.${tag}@example.com`;

  // Device A registers through the UI and fills the profile wizard; device B signs in.
  const a = await desktopContext(suite.browser, suite.server.url);
  const pageA = await a.newPage();
  const recoveryCode = await registerViaUi(pageA, user);
  const recoverySecret = await parseRecoveryCode(recoveryCode); // the code's 128 bits: never sent either
  await pageA.waitForURL('**/dashboard');
  await fillWizardOnA(pageA);
  const b = await secondDevice(suite.browser, suite.server.url, user, '/dashboard', mobileContext);
  // The page's own errors, printed where a step fails (diagnosis of a CI failure on a loaded machine).
  b.page.on('console', (m) => m.type() === 'error' && console.log(`[device B console] ${m.text()}`));
  b.page.on('pageerror', (e) => console.log(`[device B pageerror] ${e.message}`));

  await Promise.all([fillOnA(pageA, trusteeEmail), fillOnB(b.page)]);

  // Both sync until each shows the other's words.
  await openSignedIn(pageA, '/survivor-tasks');
  await syncUntil(a, () => pageA.getByText(C.taskTitle).first().isVisible(), true);
  await openSignedIn(b.page, '/trustees');
  await syncUntil(b.context, () => b.page.getByText(C.trusteeName).first().isVisible(), true);

  // The files' keys and hashes, as device A holds them after the sync (B's included).
  const files = await fileSecretsOnDevice(pageA);
  expect(files.length).toBeGreaterThanOrEqual(3); // the document's file and both recordings

  // The trustee accepts the invitation; the owner confirms their address and sets the waiting period.
  const invitation = await suite.smtp.waitFor(trusteeEmail, /has asked you to be a trustee/);
  await press(suite.browser, invitation.links[0]!, 'Accept');
  const reportLink = (await suite.smtp.waitFor(trusteeEmail, /Thank you for being/)).links[0]!;
  await confirmOwnerEmail(suite.browser, pageA, suite.smtp, user.email);
  await openSignedIn(pageA, '/settings');
  await choose(pageA, 'Waiting period', '2 days');
  await expectToast(pageA, 'Release settings saved');

  // The password changes on device A (B is signed out by it): the old password's KDF parameters first.
  const kdfBefore = (await serverKeysOf(pageA)).kdf;
  await openSignedIn(pageA, '/profile');
  await pageA.getByRole('tab', { name: 'Security' }).click();
  await pageA.getByLabel('Current Password').fill(user.password);
  await pageA.getByLabel('New Password', { exact: true }).fill(newPassword);
  await pageA.getByLabel('Confirm New Password').fill(newPassword);
  await pageA.getByRole('button', { name: 'Update Password' }).click();
  // Two key derivations (the old and the new password) run first: wait longer than a toast poll.
  await pageA.locator('li[data-state="open"]', { hasText: 'Password updated' }).first().waitFor({ timeout: WAIT_BOUND_MS });

  // AK and every scope key (each message's included), as device A holds them now.
  const keys = await keysOnDevice(pageA);
  expect(keys.scopeKeys.size).toBeGreaterThanOrEqual(7); // the fixed scopes and the three messages' keys

  // The trustee reports; the scheduler runs through the waiting period up to, not past, its end.
  const reporter = await (await mobileContext(suite.browser, undefined, NO_WORKER)).newPage(); // the trustee's phone, as in press
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
  const scopeKeyNeedles = needlesOf([...keys.scopeKeys].map(([kid, bytes]) => ({ name: `scope key ${kid}`, bytes })));
  // The new password's unlock half derived here is the device's: it unwraps the server's AK.
  const newUnlock = await unlockHalf(newPassword, keys.kdf);
  expect(await unwrapAccountKey(await importAesKey(newUnlock), keys.akPassword, keys.userId, keys.akVersion, 'password')).toEqual(keys.ak);
  const otherNeedles = needlesOf([
    ...Object.values(C),
    user.password,
    newPassword,
    recoveryCode,
    recoverySecret,
    { name: 'AK', bytes: keys.ak },
    { name: 'unlock half of the password', bytes: await unlockHalf(user.password, kdfBefore) },
    { name: 'unlock half of the new password', bytes: newUnlock },
    ...files.map((f) => f.sha256),
    ...files.map((f, i) => ({ name: `file key ${i + 1}`, bytes: f.key })),
  ]);
  const needles = [...otherNeedles, ...scopeKeyNeedles];
  // The deliberate plain full name for e-mails (emailName): blanked, and only it.
  const allowed = needlesOf([`${user.firstName} ${C.lastName}`]);
  const scan = (bytes: Uint8Array, n: readonly NeedleForm[], where: string) => scanBytes(withoutAllowed(bytes, allowed), n, where);
  const traffic = readTrafficLog(trafficLog);
  const deposits = traffic.filter(isEscrowDeposit);
  const hits: Hit[] = [
    ...scanDirectory(suite.server.dataDir, needles, allowed).map((h) => ({ ...h, where: `DATA_DIR/${h.where}` })),
    ...scan(Buffer.from(suite.server.output()), needles, 'server log'),
    ...suite.smtp.received.flatMap((m) => scan(Buffer.from(`${m.subject}\n${m.text}`), needles, `e-mail "${m.subject}"`)),
    ...(await moreHits(needles, allowed)),
    ...traffic.filter((t) => !isEscrowDeposit(t)).flatMap((t) => scan(t.bytes, needles, t.where)),
    ...deposits.flatMap((t) => scan(t.bytes, otherNeedles, t.where)),
  ];
  // The record holds what the devices and the pages opened elsewhere exchanged: the invitation's
  // and the report's pages (other browser contexts), the report itself, the devices' sync.
  const paths = new Set(traffic.map((t) => `${t.dir} ${t.method} ${t.path}`));
  expect(paths).toContain(`response GET ${new URL(invitation.links[0]!).pathname}`);
  expect(paths).toContain(`response GET ${new URL(reportLink).pathname}`);
  expect([...paths].some((p) => p.startsWith('request POST') && p.includes(new URL(reportLink).pathname))).toBe(true);
  expect(traffic.length).toBeGreaterThan(50);
  // The deposit carried the release's scope keys (by design): the needles find real keys in real bytes.
  expect(deposits.length).toBeGreaterThan(0);
  expect(deposits.flatMap((t) => scanBytes(t.bytes, scopeKeyNeedles, t.where)).length).toBeGreaterThan(0);
  expect(hits.length, `${hits.length} hits in what the server holds or sent:\n${report(hits)}`).toBe(0);
}

/** The environment of a scanned server: the release clock, and every body it exchanges recorded into `trafficLog` (outside DATA_DIR: it holds the deposit). */
const scannedEnv = (trafficLog: string): Record<string, string> => ({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '500', [TEST_TRAFFIC_LOG_ENV]: trafficLog });
const IT = 'finds no canary, password, recovery code, AK or key anywhere the server stored, logged, mailed or answered';

describe.skipIf(!hasChromium)('canary scan on SQLite: the server holds and sends no word a person wrote', () => {
  const trafficLog = join(tmpdir(), `afterword-canary-traffic-${tag}-sqlite.jsonl`);
  const suite = useMailSuite(scannedEnv(trafficLog), { fakeMedia: true });
  afterAll(() => rmSync(trafficLog, { force: true }));
  it(IT, () => scenario(suite, trafficLog, async () => []));
});

describe.skipIf(!hasChromium)('canary scan on PostgreSQL (DATABASE_URL): the same, and a pg_dump and the cluster\'s files', () => {
  const trafficLog = join(tmpdir(), `afterword-canary-traffic-${tag}-pg.jsonl`);
  const env = scannedEnv(trafficLog);
  const pg = usePostgresFor(env); // before the suite's server: its beforeAll sets DATABASE_URL in `env`
  const suite = useMailSuite(env, { fakeMedia: true });
  afterAll(() => rmSync(trafficLog, { force: true }));
  it(IT, () => scenario(suite, trafficLog, (needles, allowed) => pg.hits(needles, allowed)));
});
