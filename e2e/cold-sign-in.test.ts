/**
 * The first sign-up and the first sign-in on a new device (issue 38 item 5, "one-minute waits"), in
 * a cold browser: a fresh context (no HTTP cache, no service worker installed yet) at 390 px.
 *
 * What the person waited on: on a cold browser the code the button needs (the key flows' chunks
 * and the 220 KB KDF worker) was fetched only when the button was pressed, behind the service
 * worker's first install (191 files fetched one at a time over the same link), and the signed-in
 * app (FullApp, its layout, the first screen) only once the server had answered: several lazy-chunk
 * round trips after the wait the person could already see. These tests assert the ORDER (no
 * wall-clock): the key code and the worker are fetched while the form is being filled, the
 * signed-in app while the keys are made, and the progress words say what is happening (aria-live).
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, loginViaUi, mobileContext, registerViaUi, uniqueUser, useBrowserSuite } from './harness';

/** Everything the page (and its workers) fetched, in order, as paths, with `MARK` lines the test adds. */
function requestLog(context: BrowserContext): string[] {
  const log: string[] = [];
  context.on('request', (r) => {
    if (r.serviceWorker()) return; // the service worker's own precache: not what the page waits on
    log.push(`${r.method()} ${new URL(r.url()).pathname}`);
  });
  return log;
}

/** Records every text the form's progress line (data-testid auth-progress) shows: a MutationObserver over the page, so none is missed. */
async function recordProgress(page: Page): Promise<() => Promise<string[]>> {
  await page.evaluate(() => {
    const seen: string[] = [];
    (window as unknown as { __progress: string[] }).__progress = seen;
    new MutationObserver(() => {
      const text = document.querySelector('[data-testid="auth-progress"]')?.textContent ?? '';
      if (text && seen.at(-1) !== text) seen.push(text);
    }).observe(document.body, { childList: true, subtree: true, characterData: true });
  });
  return () => page.evaluate(() => (window as unknown as { __progress: string[] }).__progress);
}

/** Fails unless a request matching `pattern` is in `log` before the line `mark`, saying `what`. */
function expectBefore(log: string[], pattern: RegExp, mark: string, what: string): void {
  const at = log.findIndex((line) => pattern.test(line));
  const markAt = log.indexOf(mark);
  expect(markAt, `${mark} is in the log:\n${log.join('\n')}`).toBeGreaterThanOrEqual(0);
  expect(at, `${what} (${pattern}) is fetched at all:\n${log.join('\n')}`).toBeGreaterThanOrEqual(0);
  expect(at, `${what} (${pattern}) is fetched before "${mark}":\n${log.join('\n')}`).toBeLessThan(markAt);
}
const KDF_WORKER = /^GET \/assets\/kdf\.worker-[\w-]+\.js$/;
const ACCOUNT_FLOWS = /^GET \/assets\/account-flows-[\w-]+\.js$/;
const FULL_APP = /^GET \/assets\/FullApp-[\w-]+\.js$/;

describe.skipIf(!hasChromium)('a first sign-up and sign-in on a cold browser', () => {
  const suite = useBrowserSuite();

  it('fetch the key code before the button is pressed and the signed-in app while the keys are made, saying what is happening', async () => {
    const user = uniqueUser('Margaret');

    // Device 1: sign-up.
    const first = await mobileContext(suite.browser, suite.server.url);
    const log1 = requestLog(first);
    const page1 = await first.newPage();
    await page1.goto('/register');
    const progress1 = await recordProgress(page1);
    // registerViaUi fills the form, then presses the button: the mark goes in as it presses.
    page1.on('request', (r) => r.url().endsWith('/api/auth/register') && log1.push('MARK register sent'));
    await page1.getByLabel('First Name').fill(user.firstName);
    await page1.getByLabel('Password', { exact: true }).fill(user.password);
    await page1.getByLabel('Confirm Password').fill(user.password);
    await expectNoSeriousA11yViolations(page1, 'register at 390 px, its progress line in place');
    log1.push('MARK pressed');
    await registerViaUi(page1, user); // refills and presses; waits for the recovery kit
    expectBefore(log1, KDF_WORKER, 'MARK pressed', 'the KDF worker');
    expectBefore(log1, ACCOUNT_FLOWS, 'MARK pressed', 'the key flows');
    expectBefore(log1, FULL_APP, 'MARK register sent', 'the signed-in app');
    const words1 = await progress1();
    expect(words1).toContain('Making your keys on this device…');
    expect(words1).toContain('Opening your plan…');
    await first.close();

    // Device 2: the first sign-in, on another fresh browser context.
    const second = await mobileContext(suite.browser, suite.server.url);
    const log2 = requestLog(second);
    const page2 = await second.newPage();
    await page2.goto('/login');
    const progress2 = await recordProgress(page2);
    page2.on('request', (r) => r.url().endsWith('/api/auth/login') && log2.push('MARK login sent'));
    await page2.getByLabel('Username').fill(user.username);
    await page2.getByLabel('Password', { exact: true }).fill(user.password);
    await expectNoSeriousA11yViolations(page2, 'login at 390 px, its progress line in place');
    log2.push('MARK pressed');
    await loginViaUi(page2, user);
    await page2.waitForURL('**/dashboard', { timeout: 60_000 });
    await page2.getByText(`Welcome, ${user.firstName}`).waitFor({ timeout: 60_000 });
    expectBefore(log2, KDF_WORKER, 'MARK pressed', 'the KDF worker');
    expectBefore(log2, ACCOUNT_FLOWS, 'MARK pressed', 'the key flows');
    expectBefore(log2, FULL_APP, 'MARK login sent', 'the signed-in app');
    const words2 = await progress2();
    expect(words2).toContain('Unlocking your keys on this device…');
    expect(words2).toContain('Opening your plan…');
    await second.close();
  });
});

