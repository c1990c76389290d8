/**
 * Helpers for browser tests of one person on two devices (two browser contexts): sync now, sync
 * until a check holds, and sign the same person in on a second device.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { desktopContext, loginViaUi, mobileContext, type TestUser } from './harness';
import { expectToast, openDialog, signedInPage } from './record-screens';

/** Makes the device sync now: the engine pushes and pulls on the browser's `online` event. */
export async function syncDevice(context: BrowserContext): Promise<void> {
  await context.setOffline(true);
  await context.setOffline(false);
}

/** Syncs `context` until `check` holds (each try is one sync), for at most 20 s. */
export async function syncUntil<T>(context: BrowserContext, check: () => Promise<T>, expected: T): Promise<void> {
  await expect
    .poll(
      async () => {
        await syncDevice(context);
        await new Promise((r) => setTimeout(r, 300));
        return check();
      },
      { timeout: 20_000, interval: 500 },
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
  await page.goto(path);
  await page.locator('main h1').waitFor();
  return { context, page };
}


/**
 * One person's message to Henry (addressed to `email`) written on device A (desktop), and the
 * Edit Message dialog of that message open on device B (a phone at 390 px). Returns both devices,
 * each one's card of the message, and B's open dialog.
 */
export async function henryOpenOnAPhone(browser: Browser, baseURL: string, email: string) {
  const a = await signedInPage(browser, baseURL, '/message-vault/new');
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
