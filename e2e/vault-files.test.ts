/**
 * Issue #17 "Tests / Browser", files in the vault end to end (Chromium with a fake camera and
 * microphone): offline, a 3-second video message is recorded and a PDF document uploaded; both
 * survive a reload while still offline; once online the attachment queue uploads them, and a
 * second browser signed into the same account plays the video (its duration over 2 s) and opens
 * the PDF with identical bytes (SHA-256). A document over the server's MAX_FILE_BYTES is refused
 * with a clear message and nothing is queued. axe at 390 and 1280 px on the new dialogs and cards.
 */
import { createHash } from 'node:crypto';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PDFDocument, StandardFonts } from 'pdf-lib';
import type { Locator, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { desktopContext, downloadedBytes, goOffline, hasChromium, poll, SCREEN_SIZES, useBrowserSuite, expectNoSeriousA11yViolations } from './harness';
import { secondDevice, syncUntil } from './devices';
import { choose, confirmDialog, expectToast, navigateInApp, openDialog, signedInPage, useSharedOwner } from './record-screens';

/** The server's per-file limit in this suite: small, so a "too large" file is quick to make. */
const MAX_FILE_BYTES = 3 * 1024 * 1024;
/** The account quota in this suite: room for one of two 2.5 MB files. */
const USER_QUOTA_BYTES = 4 * 1024 * 1024;
const sha256 = (bytes: Uint8Array) => createHash('sha256').update(bytes).digest('hex');

let dir = '';
let willPath = '';
let willBytes: Uint8Array = new Uint8Array();
let hugePath = '';
let policyPath = '';

/** Makes the test files: a real one-page PDF, one over MAX_FILE_BYTES, and a 2.5 MB one. */
async function makeFiles(): Promise<void> {
  dir = await mkdtemp(join(tmpdir(), 'afterword-files-'));
  const pdf = await PDFDocument.create();
  const font = await pdf.embedFont(StandardFonts.Helvetica);
  pdf.addPage().drawText('Last will and testament of Ada Lovelace', { x: 50, y: 700, size: 18, font });
  willBytes = await pdf.save();
  willPath = join(dir, 'Last will.pdf');
  await writeFile(willPath, willBytes);
  hugePath = join(dir, 'Scanned deed.pdf');
  const huge = new Uint8Array(MAX_FILE_BYTES + 512 * 1024);
  huge.set(new TextEncoder().encode('%PDF-1.4\n'));
  await writeFile(hugePath, huge);
  policyPath = join(dir, 'Policy.pdf');
  const policy = new Uint8Array(2.5 * 1024 * 1024);
  policy.set(new TextEncoder().encode('%PDF-1.4\n'));
  await writeFile(policyPath, policy);
}

/** Uploads `path` as a document named `name` on the open Legal Documents page. */
async function uploadDocument(page: Page, path: string, name: string): Promise<void> {
  await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
  const dialog = openDialog(page);
  await choose(page, 'Document Type', 'Insurance');
  await dialog.getByLabel('Document File').setInputFiles(path);
  await dialog.getByLabel('Document Name').fill(name);
  await dialog.getByRole('button', { name: 'Upload Document' }).click();
  await expectToast(page, 'Document uploaded');
  await dialog.waitFor({ state: 'detached' });
  // The name typed while the picked file was being checked is the one kept (not the file's).
  await page.getByRole('heading', { name, exact: true }).waitFor();
}

const documentCard = (page: Page, name: string) => page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: name });
/** How many upload states a card shows (waiting, failed, or an upload's progress bar): 0 once uploaded. */
async function uploadStates(card: Locator): Promise<number> {
  return (await card.getByText(/Waiting to upload|Upload failed/).count()) + (await card.getByRole('progressbar', { name: /^Uploading / }).count());
}

/** True when `locator` is the focused element. */
const isFocused = (locator: Locator) => locator.evaluate((el) => el === document.activeElement);

/**
 * Records a video of at least `seconds` in the open message dialog, with the fake camera, and
 * checks that "Recorded m:ss." says how long it really was: between the time from the timer's
 * showing to the Stop press (the recording ran at least that long) and the time from the Start
 * press to the Re-take button (at most that long). On a quiet machine that is 0:03 or 0:04 for 3 s;
 * on a loaded one the press and the recorder's stop event come later and the recording is longer,
 * which a fixed '0:03 or 0:04' failed (issue 41: the fresh-clone run at load ~10, and again at ~40).
 */
async function recordVideo(page: Page, seconds: number): Promise<void> {
  const dialog = openDialog(page);
  await dialog.getByText(/asks your browser for your camera and microphone/).waitFor();
  const pressedStart = Date.now();
  await dialog.getByRole('button', { name: 'Start recording' }).click();
  const timer = dialog.getByRole('timer', { name: 'Time left' });
  await timer.waitFor();
  const timerShown = Date.now();
  expect(await timer.textContent()).toMatch(/^(10:00|9:5\d) left$/);
  // Keyboard focus follows each step: the pressed button is gone, the next one has focus.
  await poll(() => isFocused(dialog.getByRole('button', { name: 'Stop recording' }))).toBe(true);
  await page.waitForTimeout(seconds * 1000 + 300);
  const pressedStop = Date.now();
  await dialog.getByRole('button', { name: 'Stop recording' }).click();
  await dialog.getByRole('button', { name: 'Re-take' }).waitFor();
  const stopped = Date.now();
  await poll(() => isFocused(dialog.getByRole('button', { name: 'Re-take' }))).toBe(true);
  const said = (await dialog.getByText(/^Recorded \d+:\d\d\./).textContent())!.match(/^Recorded (\d+):(\d\d)\./)!;
  const recordedSeconds = Number(said[1]) * 60 + Number(said[2]);
  expect(recordedSeconds).toBeGreaterThanOrEqual(Math.floor((pressedStop - timerShown) / 1000));
  expect(recordedSeconds).toBeLessThanOrEqual(Math.floor((stopped - pressedStart) / 1000));
}

/** Blob ids in this origin's attachment queues (every account database on the device). */
function queuedBlobIds(page: Page): Promise<string[]> {
  return page.evaluate(async () => {
    const ids: string[] = [];
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      if (db.objectStoreNames.contains('attachments')) {
        const keys = await new Promise<IDBValidKey[]>((resolve, reject) => {
          const req = db.transaction('attachments').objectStore('attachments').getAllKeys();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        ids.push(...keys.map(String));
      }
      db.close();
    }
    return ids;
  });
}

describe.skipIf(!hasChromium)('files in the vault (issue #17)', () => {
  const suite = useBrowserSuite({
    env: { MAX_FILE_BYTES: String(MAX_FILE_BYTES), USER_QUOTA_BYTES: String(USER_QUOTA_BYTES) },
    browser: { fakeMedia: true },
  });
  // The four desktop tests that need an owner but not a new one (each closes its own tab): the
  // refused documents (run first, so nothing of this owner's is queued yet), the voice message, the
  // dialogs and cards at 1280 px (its one video beside the voice message's audio) and the countdown
  // (saves nothing). None of them goes offline, nor does the phone of the dialogs at 390 px: their
  // contexts run without the service worker, whose install is about 2.6 s of CPU each (issue 41).
  const NO_WORKER = { serviceWorkers: 'block' } as const;
  const owner = useSharedOwner(suite, (b, url) => desktopContext(b, url, NO_WORKER));
  beforeAll(makeFiles);
  afterAll(() => rm(dir, { recursive: true, force: true }));

  it('offline: records a video and uploads a PDF, keeps both across a reload, and another device plays and opens them', async () => {
    // Both screens are visited once online, so their lazily loaded code is in memory.
    const { context, page, user } = await signedInPage(suite.browser, suite.server.url, '/documents');
    await page.getByText('No documents found').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Message Vault' }).click();
    await page.getByText('No messages found').waitFor();
    await goOffline(context);

    await page.getByRole('button', { name: 'New Message' }).click();
    const dialog = openDialog(page);
    await dialog.getByLabel('Recipient Name').fill('Clara');
    await dialog.getByLabel('Recipient Email').fill('clara@example.com');
    await choose(page, 'Message Type', 'Video');
    await recordVideo(page, 3);
    await dialog.getByLabel('A note to go with it').fill('For your eighteenth birthday.');
    await dialog.getByRole('button', { name: 'Save Message' }).click();
    await expectToast(page, 'Message created', 'Your message has been saved to the vault.');
    const clara = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Clara' });
    await clara.getByText('Waiting to upload — offline').waitFor();
    await clara.locator('video').waitFor();

    await page.getByRole('navigation').getByRole('link', { name: 'Legal Documents', exact: true }).click();
    await page.getByRole('button', { name: 'Upload Document', exact: true }).click();
    const upload = openDialog(page);
    await choose(page, 'Document Type', 'Will & Testament');
    await upload.getByLabel('Document File').setInputFiles(willPath);
    await upload.getByText('Last will.pdf').waitFor();
    expect(await upload.getByLabel('Document Name').inputValue()).toBe('Last will');
    await upload.getByRole('button', { name: 'Upload Document' }).click();
    await expectToast(page, 'Document uploaded', 'Your document has been saved securely.');
    const will = page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Last will' });
    await will.getByText('Waiting to upload — offline').waitFor();
    expect(await will.textContent()).toContain('Last will.pdf');
    await will.getByTitle('Preview of Last will.pdf').waitFor();

    // A reload while the server is unreachable (the shell from the network, every /api call
    // failing as with no network): both are still there, still waiting.
    await page.route('**/api/**', (route) => route.abort('internetdisconnected'));
    await context.setOffline(false);
    await page.reload();
    await will.getByText('Last will.pdf').waitFor();
    await page.getByRole('navigation').getByRole('link', { name: 'Message Vault' }).click();
    await clara.locator('video').waitFor();
    // Not uploaded: waiting, or an attempt the unreachable server never answers (read once the
    // card's queue state has loaded: the player can show the local copy before it).
    await poll(() => uploadStates(clara)).toBe(1);
    expect((await queuedBlobIds(page)).length).toBe(2);

    // Online: the records sync and the queue uploads both files.
    await page.unroute('**/api/**');
    await poll(() => uploadStates(clara), 60_000).toBe(0);
    await page.getByRole('navigation').getByRole('link', { name: 'Legal Documents', exact: true }).click();
    await poll(() => uploadStates(will), 60_000).toBe(0);
    expect(await will.textContent()).toMatch(/Uploaded [A-Z][a-z]+ \d{1,2}, \d{4}/); // a file: 'Uploaded' (a link says 'Saved', issue 38 item 8)

    // Another device: plays the video (over 2 s) and opens the PDF, byte for byte.
    const b = await secondDevice(suite.browser, suite.server.url, user, '/message-vault');
    const claraB = b.page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Clara' });
    await syncUntil(b.context, () => claraB.isVisible(), true);
    await claraB.getByRole('button', { name: /^Play video message for Clara/ }).click();
    const video = claraB.locator('video');
    await video.waitFor();
    await poll(() => video.evaluate((v: HTMLVideoElement) => (Number.isFinite(v.duration) ? v.duration : 0))).toBeGreaterThan(2);

    await navigateInApp(b.page, '/documents'); // within the app: no second load of it (issue 41)
    const willB = b.page.getByRole('list', { name: 'Documents' }).getByRole('listitem').filter({ hasText: 'Last will' });
    await syncUntil(b.context, () => willB.isVisible(), true);
    const [download] = await Promise.all([b.page.waitForEvent('download'), willB.getByRole('button', { name: 'Download Last will.pdf' }).click()]);
    expect(download.suggestedFilename()).toBe('Last will.pdf');
    expect(sha256(await downloadedBytes(download))).toBe(sha256(willBytes));
    // View Document opens the PDF itself in a new tab (the browser's viewer), from the copy now on
    // this device; its bytes were compared through Download above (the app's CSP keeps blob: out of fetch).
    const [tab] = await Promise.all([b.context.waitForEvent('page'), willB.getByRole('button', { name: /^View Document: Last will/ }).click()]);
    expect(tab.url()).toMatch(/^blob:/);
    await tab.waitForLoadState();
    expect(await tab.evaluate(() => document.contentType)).toBe('application/pdf');
    await b.context.close();
    await context.close();
  });

  it('refuses a document over the size limit, or a disguised type, with a clear message as soon as it is picked, and queues nothing', async () => {
    const { page } = await owner.open('/documents/upload');
    const dialog = openDialog(page);
    await choose(page, 'Document Type', 'Financial');
    await dialog.getByLabel('Document File').setInputFiles(hugePath);
    await expectToast(page, 'Failed to upload document', 'This file is too large (3.5 MB). Files can be up to 3 MB.');
    expect(await dialog.getByText('Scanned deed.pdf').count()).toBe(0);
    // A web page renamed .pdf is refused by its content as soon as it is picked, like a too-large one.
    await dialog.getByLabel('Document File').setInputFiles({ name: 'Deed.pdf', mimeType: 'application/pdf', buffer: Buffer.from('<!doctype html><script>alert(1)</script>') });
    await expectToast(page, 'This kind of file cannot be kept in the vault.', 'Failed to upload document');
    expect(await dialog.getByText('Deed.pdf').count()).toBe(0);
    await dialog.getByRole('button', { name: 'Upload Document' }).click();
    await expectToast(page, 'Missing information', 'Please fill in all required fields.');
    // The file's own reason stays under it (it was replaced by "This field is required").
    const described = (await dialog.getByLabel('Document File').getAttribute('aria-describedby'))!.split(' ');
    const fileNotes = await Promise.all(described.map((id) => page.locator(`[id="${id}"]`).textContent()));
    expect(fileNotes.join(' ')).toContain('This kind of file cannot be kept in the vault.');
    expect(fileNotes.join(' ')).not.toContain('This field is required');
    // Focus moves from the button to the first field marked missing, named by its label.
    await poll(() => page.evaluate(() => document.activeElement?.getAttribute('aria-invalid'))).toBe('true');
    expect(await queuedBlobIds(page)).toEqual([]);
    await page.close();
  });

  it('a voice message plays in an audio player named for it, not an empty video frame', async () => {
    const { page } = await owner.open('/message-vault/new');
    const dialog = openDialog(page);
    await dialog.getByLabel('Recipient Name').fill('Tom');
    await dialog.getByLabel('Recipient Email').fill('tom@example.com');
    await choose(page, 'Message Type', 'Audio');
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    // At least a second recorded: the countdown shows 9:59 (MediaRecorderField rounds up), not a fixed sleep.
    await dialog.getByRole('timer', { name: 'Time left' }).getByText(/^9:5\d left$/).waitFor();
    await dialog.getByRole('button', { name: 'Stop recording' }).click();
    await dialog.getByRole('button', { name: 'Re-take' }).waitFor();
    await dialog.getByLabel('A note to go with it').fill('Listen when you miss me.');
    await dialog.getByRole('button', { name: 'Save Message' }).click();
    await expectToast(page, 'Message created');
    const tom = page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Tom' });
    await tom.locator('audio[aria-label^="Voice message for Tom"]').waitFor();
    expect(await tom.locator('video').count()).toBe(0);
    await page.close();
  });

    it('an upload the server refuses (the vault full) says why, and Retry uploads it once there is room', async () => {
    // Two devices of one person, each offline, each add a 2.5 MB file: together over the quota.
    const a = await signedInPage(suite.browser, suite.server.url, '/documents');
    const b = await secondDevice(suite.browser, suite.server.url, a.user, '/documents');
    await goOffline(a.context);
    await goOffline(b.context);
    await uploadDocument(a.page, policyPath, 'Policy from the laptop');
    await uploadDocument(b.page, policyPath, 'Policy from the phone');
    await a.context.setOffline(false);
    await poll(() => uploadStates(documentCard(a.page, 'Policy from the laptop')), 60_000).toBe(0);

    await b.context.setOffline(false);
    const phone = documentCard(b.page, 'Policy from the phone');
    await phone.getByText('Upload failed —').waitFor({ timeout: 60_000 });
    expect(await phone.textContent()).toMatch(/Your vault is full/);

    // Room is made on the laptop (the deleted document's file is freed); Retry on the phone uploads.
    await documentCard(a.page, 'Policy from the laptop').getByRole('button', { name: 'Delete document Policy from the laptop' }).click();
    await confirmDialog(a.page, 'Are you sure you want to delete this document? This action cannot be undone.', 'Delete');
    // The Delete button left with its card: keyboard focus lands on the page's main region, not <body>.
    await poll(() => a.page.evaluate(() => document.activeElement?.tagName)).toBe('MAIN');
    await syncUntil(a.context, () => a.page.getByText('All changes saved').isVisible(), true);
    await phone.getByRole('button', { name: 'Retry upload of Policy.pdf' }).click();
    await poll(() => uploadStates(phone), 60_000).toBe(0);
    await a.context.close();
    await b.context.close();
  });

  for (const [name, makeContext] of SCREEN_SIZES) {
    it(`the new dialogs and cards have no serious accessibility violations at ${name}`, async () => {
      // On a desktop the shared owner (a sign-up less); at 390 px a new one on a phone.
      const desktop = name === '1280 px';
      const { context, page } = desktop ? await owner.open('/documents/upload') : await signedInPage(suite.browser, suite.server.url, '/documents/upload', (b, url) => makeContext(b, url, NO_WORKER));
      const upload = openDialog(page);
      await upload.getByRole('heading', { name: 'Upload Document' }).waitFor();
      await expectNoSeriousA11yViolations(page, `upload dialog at ${name}`);
      // On a phone the camera scans a paper document (accept + capture); a desktop has no camera button.
      expect(await upload.locator('input[type="file"][capture="environment"][accept="image/*"]').count()).toBe(name === '390 px' ? 1 : 0);
      await choose(page, 'Document Type', 'Insurance');
      // Drag-and-drop: a file dropped on the zone is chosen like a picked one.
      const dropped = await page.evaluateHandle(() => {
        const transfer = new DataTransfer();
        transfer.items.add(new File(['%PDF-1.4\n%%EOF\n'], 'Dropped deed.pdf', { type: 'application/pdf' }));
        return transfer;
      });
      await upload.getByText('Drag a file here, or').locator('..').dispatchEvent('drop', { dataTransfer: dropped });
      await upload.getByText('Dropped deed.pdf').waitFor();
      await upload.getByLabel('Document File').setInputFiles(willPath);
      await upload.getByText('Last will.pdf').waitFor();
      expect(await upload.getByText('Dropped deed.pdf').count()).toBe(0);
      await expectNoSeriousA11yViolations(page, `upload dialog with a file at ${name}`);
      await upload.getByText('Link to it').click();
      await upload.getByLabel('Document URL').waitFor();
      await expectNoSeriousA11yViolations(page, `upload dialog with a link at ${name}`);
      await upload.getByText('Upload a file').click();
      await upload.getByRole('button', { name: 'Upload Document' }).click();
      await expectToast(page, 'Document uploaded');
      await page.waitForURL('**/documents');
      await page.getByRole('list', { name: 'Documents' }).getByTitle('Preview of Last will.pdf').waitFor();
      await expectNoSeriousA11yViolations(page, `/documents with a file card at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/vault-documents-${name.replace(' ', '')}.png`, fullPage: true });

      await navigateInApp(page, '/message-vault/new'); // within the app: no second load of it (issue 41)
      const create = openDialog(page);
      await create.getByLabel('Recipient Name').fill('Beatrice');
      await create.getByLabel('Recipient Email').fill('bea@example.com');
      await choose(page, 'Message Type', 'Audio');
      await create.getByText(/asks your browser for your microphone/).waitFor();
      await expectNoSeriousA11yViolations(page, `create message dialog, audio, at ${name}`);
      await choose(page, 'Message Type', 'Video');
      await create.getByRole('button', { name: 'Start recording' }).click();
      await create.getByRole('timer', { name: 'Time left' }).waitFor();
      await expectNoSeriousA11yViolations(page, `create message dialog while recording at ${name}`);
      await create.getByRole('button', { name: 'Stop recording' }).click();
      await create.getByRole('button', { name: 'Re-take' }).waitFor();
      await expectNoSeriousA11yViolations(page, `create message dialog with a recording at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/vault-recorded-${name.replace(' ', '')}.png` });
      await create.getByText('Attach a file').click();
      await create.getByLabel('Video file').waitFor();
      await expectNoSeriousA11yViolations(page, `create message dialog, attach a file, at ${name}`);
      await create.getByText('Record a video').click();
      await create.getByRole('button', { name: 'Start recording' }).click();
      await create.getByRole('timer', { name: 'Time left' }).getByText(/^9:5\d left$/).waitFor(); // a second at least
      await create.getByRole('button', { name: 'Stop recording' }).click();
      await create.getByRole('button', { name: 'Re-take' }).waitFor();
      await create.getByLabel('A note to go with it').fill('Thank you for every Sunday afternoon.');
      await create.getByRole('button', { name: 'Save Message' }).click();
      await expectToast(page, 'Message created');
      await page.getByRole('list', { name: 'Messages' }).locator('video').waitFor();
      await expectNoSeriousA11yViolations(page, `/message-vault with a video card at ${name}`);
      await page.screenshot({ path: `/tmp/aw-shots/vault-messages-${name.replace(' ', '')}.png`, fullPage: true });

      // Editing keeps the recording unless a new one is made; the edit dialog says so.
      await page.getByRole('button', { name: 'Edit message to Beatrice' }).click();
      const edit = openDialog(page);
      // MP4 where the browser records it (every recipient's phone plays it), else WebM.
      const ext = (await page.evaluate(() => MediaRecorder.isTypeSupported('video/mp4'))) ? 'mp4' : 'webm';
      await edit.getByText(new RegExp(`This message has a recording \\(Video message for Beatrice\\.${ext}, 0:0\\d\\)`)).waitFor();
      await expectNoSeriousA11yViolations(page, `edit message dialog with a recording at ${name}`);
      // Switching it to text says the recording would go; switching back keeps it.
      await choose(page, 'Message Type', 'Text');
      await edit.getByText(new RegExp(`no longer keeps its recording \\(Video message for Beatrice\\.${ext}\\)`)).waitFor();
      await expectNoSeriousA11yViolations(page, `edit message dialog switched to text at ${name}`);
      await choose(page, 'Message Type', 'Video');
      await edit.getByLabel('A note to go with it').fill('Thank you for every Sunday afternoon, and the walks.');
      await edit.getByRole('button', { name: 'Update Message' }).click();
      await expectToast(page, 'Message updated');
      await page.getByRole('list', { name: 'Messages' }).getByText('and the walks.').waitFor();
      expect(await page.getByRole('list', { name: 'Messages' }).locator('video').count()).toBe(1);
      await (desktop ? page.close() : context.close());
    });
  }

  // Last of the shared owner's tests: Playwright's page.clock is the whole context's clock, and a
  // tab opened after it would run with fake timers, ten minutes ahead.
  it('a recording counts down from 10 minutes and stops by itself at the limit', async () => {
    const { page } = await owner.open('/message-vault/new');
    // Playwright's clock: time flows as usual, and jumps ahead on fastForward (timers fire).
    await page.clock.install();
    const dialog = openDialog(page);
    await choose(page, 'Message Type', 'Audio');
    await dialog.getByText(/A recording can be up to 10:00 long/).waitFor();
    await dialog.getByRole('button', { name: 'Start recording' }).click();
    const timer = dialog.getByRole('timer', { name: 'Time left' });
    await timer.waitFor();
    await page.clock.fastForward('06:00');
    await poll(() => timer.textContent()).toMatch(/^(4:00|3:5\d) left$/);
    expect(await dialog.getByRole('button', { name: 'Stop recording' }).isVisible()).toBe(true);
    await page.clock.fastForward('04:01');
    await dialog.getByRole('button', { name: 'Re-take' }).waitFor();
    expect(await dialog.getByText('Recorded 10:00.', { exact: false }).isVisible()).toBe(true);
    expect(await dialog.locator('audio').count()).toBe(1);
    await page.close();
  });
});
