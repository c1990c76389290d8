/**
 * The executor kit in the built app with the test clock (issue "Release through trustees' key
 * shares", "Fewer than k kits": an optional kit the owner prints and keeps with the will, counting
 * as one share). The owner, registered in the browser, has two trustees who accept; on the
 * Trustees screen they add an executor kit (2 of 3: the executor kit plus 1 trustee can confirm),
 * print it (a one-page PDF for the executor of the will whose QR decodes to its link), and put it
 * away by typing its code back (a typo is named first). Grace keeps her kit: the kits are in force.
 * The executor checks the kit's fingerprint on its printed address (no code asked). After Grace
 * reports the death and the waiting period ends, the executor scans the printed QR on a phone and
 * confirms with the executor kit, then Grace confirms: released. The executor kit's page then says
 * it opens nothing and names the trustees who hold access. axe at 390 px and 1280 px.
 */
import { describe, expect, it } from 'vitest';
import { DAY_MS } from '../sync-server/release/state-machine';
import { pdfQrTexts, pdfText } from '../web/features/trustees/kits/kit-pdf-reader';
import { desktopContext, DESKTOP, downloadedBytes, expectNoSeriousA11yViolations, hasChromium, MOBILE, mobileContext, poll, registerViaUi, uniqueUser, useMailSuite, advanceServerClock, kitStateOf, onServer } from './harness';
import { addAcceptedTrustees, expectToast } from './record-screens';
import { reportPassing } from './report-passing';

describe.skipIf(!hasChromium)('the executor kit, printed and kept with the will', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({ AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' }, { serviceWorkers: 'block' });

  const local = (link: string) => onServer(suite.server.url, link);
  const advance = (ms: number) => advanceServerClock(suite.server.url, ms);
  const kitState = (link: string) => kitStateOf(suite.server.url, link);

  it('adds, prints and puts away an executor kit; with one trustee it confirms a 2-of-3 release; its page then names the trustees', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const owner = await context.newPage();
    const user = uniqueUser('Ada');
    await registerViaUi(owner, user);
    const tag = user.username;
    const addr = (who: string) => `${who}.${tag}@example.com`;
    await owner.goto('/trustees');
    await owner.locator('main h1').waitFor();
    const trustees = [
      { name: 'Grace Hopper', who: 'grace', level: 'Full Access' },
      { name: 'Alan Turing', who: 'alan', level: 'Documents Only' },
    ];
    await addAcceptedTrustees(owner, { smtp: suite.smtp, serverUrl: suite.server.url }, trustees.map((t) => ({ ...t, email: addr(t.who) })));

    // The kits setup: the executor kit is off by default; on, it is one more kit and says what it means.
    await owner.reload();
    const kitsNeeded = owner.getByRole('combobox', { name: 'Kits needed to open what you have sealed' });
    await kitsNeeded.waitFor();
    expect(await kitsNeeded.textContent()).toContain('2 of 2');
    const add = owner.getByRole('checkbox', { name: 'Add an executor kit' });
    expect(await add.isChecked()).toBe(false);
    await add.check();
    expect(await kitsNeeded.textContent()).toContain('2 of 3');
    await owner.getByText('The executor kit plus 1 trustee can confirm your death together; 2 trustees can too, without it.').waitFor();
    expect(await owner.getByText(/^All 2 kits would be needed/).count()).toBe(0); // the executor kit is the spare
    await owner.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(owner, 'Trustee kits, choosing with an executor kit, at 390 px');
    await owner.getByRole('button', { name: 'Make kits' }).click();
    await expectToast(owner, 'Kits made');

    // Its row: made, not put away; printed as a kit for the executor of the will.
    const row = owner.getByRole('listitem', { name: 'Executor kit' });
    await row.getByRole('button', { name: 'Print executor kit' }).waitFor();
    expect(await row.textContent()).toContain('Not put away yet');
    expect(await owner.getByLabel('Kit link for Executor kit').count()).toBe(0); // only printed: no link to send
    await owner.setViewportSize(DESKTOP);
    await expectNoSeriousA11yViolations(owner, 'Trustee kits with an executor kit, at 1280 px');
    const [download] = await Promise.all([owner.waitForEvent('download'), row.getByRole('button', { name: 'Print executor kit' }).click()]);
    expect(download.suggestedFilename()).toMatch(/^Executor kit - \d{4}-\d{2}-\d{2}\.pdf$/);
    const pdf = await downloadedBytes(download);
    const { pages, text } = await pdfText(pdf);
    expect(pages).toBe(1);
    expect(text).toContain(`For the executor of ${user.firstName} ${user.lastName}’s will`);
    expect(text).toContain('Keep this page with the will');
    const [qr] = await pdfQrTexts(pdf);
    expect(qr).toMatch(new RegExp(`^${suite.server.url}/kit/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]+$`));
    const code = /Code ((?:[0-9A-Z]{5} ?){22})/.exec(text)![1]!.trim();

    // Put away: a typo is named, then the code as printed.
    const field = row.getByLabel('Code printed on the executor kit');
    await field.fill(code.replace(/^(.{4})./, (_, a: string) => a + (code[4] === '0' ? '1' : '0')));
    await row.getByRole('button', { name: 'It is put away' }).click();
    await row.getByText(/^Group 1 does not look right/).waitFor();
    await field.fill(code.toLowerCase());
    await row.getByRole('button', { name: 'It is put away' }).click();
    await expectToast(owner, 'Executor kit put away');
    // The row always names a "Put away" date line; the badge changes once the server's state is read again.
    await poll(async () => (await row.textContent()) ?? '').not.toContain('Not put away yet');
    await owner.setViewportSize(MOBILE);
    await expectNoSeriousA11yViolations(owner, 'Trustee kits with the executor kit put away, at 390 px');
    await owner.setViewportSize(DESKTOP);

    // Grace keeps her kit: with the executor kit, 2 of 3 are handed over and the kits are in force.
    const graceLink = (await owner.getByLabel('Kit link for Grace Hopper').inputValue()).replace(/^https?:\/\/[^/]+/, suite.server.url);
    const phone = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await phone.goto(graceLink);
    await phone.getByRole('button', { name: 'Keep this kit' }).click();
    await phone.getByText(/Your kit is kept/).first().waitFor();
    await phone.context().close();
    await owner.reload();
    await owner.getByRole('heading', { name: 'Your kits: 2 of 3 needed' }).waitFor();
    expect(await owner.getByText(/whoever runs Afterword could read/).count()).toBe(0); // the escrow ended

    // Years later the executor opens the printed address (no code asked) and checks the fingerprint.
    const visit = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await visit.goto(qr!.split('#')[0]!);
    await visit.getByRole('heading', { level: 1, name: "The executor kit of Ada's will" }).waitFor();
    const fingerprint = /Fingerprint ([0-9A-Z]{4}-[0-9A-Z]{4})/.exec(text)![1]!;
    expect(await visit.locator('.fingerprint').textContent()).toBe(fingerprint);
    await expectNoSeriousA11yViolations(visit, 'the executor kit checked by its fingerprint, at 390 px');
    await visit.getByRole('button', { name: 'It matches the kit' }).click();
    await visit.getByText('Thank you. The kit is still good: keep it with the will.').first().waitFor();
    await visit.context().close();

    // Grace reports the death; after the waiting period the executor confirms with the printed kit.
    const welcome = await suite.smtp.waitFor(addr('grace'), /Thank you for being/);
    expect((await reportPassing(local(welcome.links[0]!))).status).toBe(200);
    await advance(8 * DAY_MS);
    await poll(async () => (await kitState(qr!)).phase).toBe('awaiting-confirmations');
    const executor = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await executor.goto(qr!); // the phone's camera opened the printed QR code
    await executor.getByRole('heading', { level: 1, name: 'Confirm only if you know Ada has died' }).waitFor();
    await executor.getByText('This is the executor kit of Ada\'s will.').waitFor();
    await expectNoSeriousA11yViolations(executor, 'the executor kit asked to confirm, at 390 px');
    await executor.getByLabel('I know that Ada has died.').check();
    await executor.getByRole('button', { name: 'Confirm that Ada has died' }).click();
    await executor.getByRole('heading', { level: 1, name: 'Thank you for confirming' }).waitFor();
    await executor.getByText(/The executor kit opens nothing of its own: your part is done\./).waitFor();
    expect(await kitState(qr!)).toMatchObject({ phase: 'awaiting-confirmations', confirmations: 1 });

    // Grace confirms: released. The executor kit's page opens nothing and names who holds access.
    const grace = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await grace.goto(graceLink);
    await grace.getByLabel('I know that Ada has died.').check();
    await grace.getByRole('button', { name: 'Confirm that Ada has died' }).click();
    await poll(async () => (await kitState(qr!)).phase).toBe('released');
    await grace.context().close();
    await executor.context().close();
    const after = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    await after.goto(qr!);
    await after.getByRole('heading', { level: 1, name: "Ada's trustees hold access now" }).waitFor();
    const list = await after.getByRole('list').textContent();
    for (const t of trustees) expect(list).toContain(addr(t.who));
    await expectNoSeriousA11yViolations(after, 'the executor kit after the release, at 390 px');
    await after.context().close();
    await context.close();
  });
});
