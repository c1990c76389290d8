/**
 * Screenshots for docs/ (issue "Promises kept", "Done when"): `npx tsx scripts/screenshots.ts`
 * after `npx vite build`. Not part of `npm test`. Starts the real server on the built app (as the
 * browser tests do, e2e/harness.ts) with a loopback SMTP server and the test-only clock, makes a
 * small plan through the app on a 390 px phone, and saves to docs/screenshots/:
 * - survivor-tasks.png: the phone's Survivor Tasks list (the default guide);
 * - rehearsal.png, rehearsal-trustee-email.png, rehearsal-trustee-page.png: Settings → "Rehearse
 *   the release": its top, a full-access trustee's e-mail, and their page opened in the preview;
 * - trustee-page.png: the full-access trustee's page after a real release (the trustee accepts
 *   and reports; the clock passes the waiting period, as e2e/release-pages.test.ts does).
 * The screenshots of sharing while alive (issue 43: the share dialog, the trustee's emergency
 * request, the owner's refusal) are made by the browser tests that reach those screens, with
 * E2E_SHOTS (e2e/doc-shots.ts; the command is in docs/screenshots/README.md).
 */
import { mkdir } from 'node:fs/promises';
import { join } from 'node:path';
import { chromium, type Locator, type Page } from 'playwright-core';
import { startTestSmtp } from '../sync-server/test/smtp-test-server';
import { CHROMIUM_PATH, chromiumArgs } from '../e2e/chromium';
import { REPO_ROOT, mobileContext, registerViaUi, startServer, uniqueUser } from '../e2e/harness';
import { addMessageViaUi, addTrusteeViaUi } from '../e2e/plan-via-ui';
import { reportPassing } from '../e2e/report-passing';

const DAY_MS = 24 * 60 * 60 * 1000;
const OUT = join(REPO_ROOT, 'docs', 'screenshots');

/** Waits until `check` is true, polling every 500 ms; throws with `what` after `ms`. */
async function until(what: string, check: () => Promise<boolean>, ms = 30_000): Promise<void> {
  const end = Date.now() + ms;
  while (!(await check())) {
    if (Date.now() > end) throw new Error(`Timed out waiting for ${what}`);
    await new Promise((r) => setTimeout(r, 500));
  }
}

/** Scrolls `target` to the top of the screen, below the app's sticky header (about 70 px). */
async function scrollTo(target: Locator): Promise<void> {
  await target.evaluate((el) => window.scrollTo({ top: el.getBoundingClientRect().top + window.scrollY - 80, behavior: 'instant' }));
  await target.page().waitForTimeout(300);
}

/** Saves what the phone's screen shows of `page` (390 × 844) as `name` under docs/screenshots/. */
async function shoot(page: Page, name: string): Promise<void> {
  await page.evaluate(() => document.fonts.ready);
  await page.screenshot({ path: join(OUT, name), animations: 'disabled' });
  console.log(`Saved docs/screenshots/${name}`);
}

async function main(): Promise<void> {
  await mkdir(OUT, { recursive: true });
  const smtp = await startTestSmtp();
  const server = await startServer({ env: { SMTP_URL: smtp.url, AFTERWORD_TEST_CLOCK: '1', RELEASE_TICK_MS: '300' } });
  const browser = await chromium.launch({ executablePath: CHROMIUM_PATH, args: chromiumArgs() });
  // E-mailed links name localhost:PORT (PUBLIC_URL unset): pointed at the server as started.
  const local = (link: string) => `${server.url}${new URL(link).pathname}${new URL(link).hash}`;
  try {
    const tag = Date.now().toString(36);
    const addr = (who: string) => `${who}.${tag}@example.com`;
    const context = await mobileContext(browser, server.url);
    const page = await context.newPage();
    await registerViaUi(page, uniqueUser('Margaret'));
    await page.waitForURL('**/dashboard');

    // The phone's Survivor Tasks list: the default guide.
    await page.goto('/survivor-tasks');
    await page.getByRole('button', { name: 'Generate Default Tasks' }).click();
    await page.getByRole('tab', { name: /All Tasks/ }).waitFor();
    await page.reload(); // without the toast over the header
    await page.getByRole('tab', { name: /All Tasks/ }).waitFor();
    await shoot(page, 'survivor-tasks.png');

    // A small plan: two letters, a full-access and a messages-only trustee.
    await addMessageViaUi(page, 'Beatrice Hale', addr('bea'), 'Dear Bea,\nThe garden is yours now. Keep the roses by the gate.\nLove, Mum');
    await addMessageViaUi(page, 'Carl Hale', addr('carl'), 'Carl, keep the old clock wound.');
    await addTrusteeViaUi(page, 'Fiona Marsh', addr('fiona'), 'Full Access');
    await addTrusteeViaUi(page, 'Milo Marsh', addr('milo'), 'Messages Only');

    // The rehearsal, with the full-access trustee's page open.
    await page.goto('/settings/rehearsal');
    const people = page.getByTestId('rehearsal-person');
    await until('the rehearsal to list four people', async () => {
      if ((await people.count()) < 4) {
        await page.reload();
        await page.getByRole('heading', { level: 1 }).waitFor();
      }
      return (await people.count()) === 4;
    });
    await shoot(page, 'rehearsal.png');
    await people.filter({ hasText: 'Fiona Marsh' }).getByRole('button', { name: 'See their page' }).click();
    // Fiona's card: her e-mail, then her page as the preview renders it.
    const preview = page.getByRole('region', { name: /^Their page: Fiona Marsh/ });
    await preview.waitFor();
    await scrollTo(people.filter({ hasText: 'Fiona Marsh' }));
    await shoot(page, 'rehearsal-trustee-email.png');
    await scrollTo(preview);
    await shoot(page, 'rehearsal-trustee-page.png');

    // A real release: Fiona accepts and reports; the test clock passes the waiting period.
    const invite = await smtp.waitFor(addr('fiona'), /asked you to be a trustee/, 60_000);
    if ((await fetch(local(invite.links[0]!), { method: 'POST' })).status !== 200) throw new Error('The invitation was not accepted');
    const welcome = await smtp.waitFor(addr('fiona'), /Thank you for being/, 60_000);
    if ((await reportPassing(local(welcome.links[0]!))).status !== 200) throw new Error('The report was not accepted');
    const clock = await fetch(`${server.url}/api/test/clock`, { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ advanceMs: 31 * DAY_MS }) });
    if (clock.status !== 200) throw new Error(`The test clock answered ${clock.status}`);
    const access = await smtp.waitFor(addr('fiona'), /What Margaret left for you/, 60_000);

    const trustee = await (await mobileContext(browser)).newPage();
    await trustee.goto(local(access.links[0]!));
    await trustee.getByRole('heading', { level: 1, name: 'What Margaret left for you' }).waitFor();
    await trustee.waitForTimeout(1_000); // the sealed values open in the page
    await shoot(trustee, 'trustee-page.png');
    await scrollTo(trustee.getByRole('heading', { name: 'Tasks for the family' }));
    await shoot(trustee, 'trustee-page-tasks.png');
  } finally {
    await browser.close();
    await server.stop();
    await smtp.close();
  }
}

main().then(
  () => process.exit(0),
  (err) => {
    console.error(err);
    process.exit(1);
  },
);
