/**
 * Helpers for browser tests of one person on two devices (two browser contexts): sync now, sync
 * until a check holds, and sign the same person in on a second device.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { desktopContext, loginViaUi, mobileContext, type TestUser } from './harness';
import { expectToast, openDialog, openSignedIn, signedInPage } from './record-screens';

/** The header's sync status of an app page (web/sync/SyncStatus.tsx). */
const syncStatus = (page: Page) => page.getByRole('banner').getByRole('status').first();
/**
 * Words of a sync status after a round has ended: done ("All changes saved", or "Not saved yet"
 * while a form holds typing), failed ("Sync error — retrying": the engine would wait its backoff,
 * the next try goes offline and online, which retries at once), or a state no round leaves by
 * itself (sign in, update, reload).
 */
const ROUND_ENDED = /^(All changes saved|Not saved yet|Sync error|Sign in again|Update required|Reload to keep syncing)/;
/** How long one sync round may take before the test fails: a bound for a starved machine, not a speed the test expects. */
const ROUND_TIMEOUT_MS = 90_000;

/**
 * Makes the device sync now and waits until it has: the engine pushes and pulls on the browser's
 * `online` event, so the device goes offline (each app page's header says "Offline"), online again,
 * and every app page's header then shows a finished round (ROUND_ENDED). Waiting for the round,
 * not a fixed time, means the next call never takes the device offline in the middle of a sync
 * (which aborted it, so on a loaded machine no sync ever finished: issue 41). A page without the
 * app's header (signed out, a kit page) is not waited for.
 */
export async function syncDevice(context: BrowserContext): Promise<void> {
  const pages: Page[] = [];
  for (const page of context.pages()) {
    // A page still loading (just navigated) has no header yet: wait until it has rendered its
    // content, so it is counted and its round waited for, never taken offline mid-sync unseen.
    // (Only the site's own pages: a blob: or about: tab, such as a file opened to view, has neither.)
    if (/^https?:/.test(page.url())) await page.locator('main').first().waitFor({ state: 'attached', timeout: ROUND_TIMEOUT_MS });
    if ((await syncStatus(page).count()) > 0) pages.push(page);
  }
  await context.setOffline(true);
  await Promise.all(pages.map((page) => syncStatus(page).filter({ hasText: /^Offline/ }).waitFor({ timeout: ROUND_TIMEOUT_MS })));
  await context.setOffline(false);
  await Promise.all(pages.map((page) => syncStatus(page).filter({ hasText: ROUND_ENDED }).waitFor({ timeout: ROUND_TIMEOUT_MS })));
}

/**
 * Syncs `context` (syncDevice, each try one whole round) until `check` gives `expected`; fails
 * with the last value when it still does not after 100 s (a bound for a starved machine: each
 * round is waited for, so a quick machine passes in a round or two).
 */
export async function syncUntil<T>(context: BrowserContext, check: () => Promise<T>, expected: T): Promise<void> {
  await expect
    .poll(
      async () => {
        await syncDevice(context);
        return check();
      },
      { timeout: 100_000, interval: 100 },
    )
    .toEqual(expected);
}

/** The same person signing in on another device (a new context), at `path`. */
export async function secondDevice(
  browser: Browser,
  baseURL: string,
  user: TestUser,
  path: string,
  makeContext: (b: Browser, url: string) => Promise<BrowserContext> = desktopContext,
): Promise<{ context: BrowserContext; page: Page }> {
  const context = await makeContext(browser, baseURL);
  const page = await context.newPage();
  await loginViaUi(page, user);
  await page.waitForURL('**/dashboard');
  await openSignedIn(page, path);
  return { context, page };
}


/**
 * One person's message to Henry (addressed to `email`) written on device A (desktop, made by
 * `makeA`: e.g. with the service worker in a file whose browser blocks it), and the Edit Message
 * dialog of that message open on device B (a phone at 390 px). Returns both devices, each one's
 * card of the message, and B's open dialog.
 */
export async function henryOpenOnAPhone(browser: Browser, baseURL: string, email: string, makeA: (b: Browser, url: string) => Promise<BrowserContext> = desktopContext) {
  const a = await signedInPage(browser, baseURL, '/message-vault/new', makeA);
  const create = openDialog(a.page);
  await create.getByLabel('Recipient Name').fill('Henry');
  await create.getByLabel('Recipient Email').fill(email);
  await create.getByLabel('Your Message').fill('Finish the boat.');
  await create.getByRole('button', { name: 'Save Message' }).click();
  await expectToast(a.page, 'Message created');
  const henryA = a.page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Henry' });
  await henryA.waitFor();

  const b = await secondDevice(browser, baseURL, a.user, '/message-vault', mobileContext);
  const henryB = b.page.getByRole('list', { name: 'Messages' }).getByRole('listitem').filter({ hasText: 'Henry' });
  await syncUntil(b.context, () => henryB.isVisible(), true);
  await henryB.getByRole('button', { name: /Edit message to Henry/ }).click();
  return { a, b, henryA, henryB, editB: openDialog(b.page) };
}
