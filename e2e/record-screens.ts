/**
 * Helpers shared by the record screens' browser tests (plan, message vault, documents, trustees,
 * offline records): a freshly registered user on a page, toasts, Radix selects, confirm dialogs.
 */
import type { Browser, BrowserContext, Page } from 'playwright-core';
import { expect } from 'vitest';
import { desktopContext, registerViaUi, type TestUser, uniqueUser } from './harness';

/** Registers a new user in a new context (desktop unless `makeContext` says otherwise) and opens `path`. */
export async function signedInPage(
  browser: Browser,
  baseURL: string,
  path: string,
  makeContext: (b: Browser, url: string) => Promise<BrowserContext> = desktopContext,
): Promise<{ context: BrowserContext; page: Page; user: TestUser }> {
  const context = await makeContext(browser, baseURL);
  const page = await context.newPage();
  const user = uniqueUser('Grace');
  await registerViaUi(page, user);
  await page.waitForURL('**/dashboard');
  await page.goto(path);
  // A CSS locator: a dialog opened by the route hides the page from role queries.
  await page.locator('main h1').waitFor();
  return { context, page, user };
}

/** Waits until a toast titled `title` shows (and, when given, its description). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  // A CSS locator: while a modal dialog is open, Radix hides the rest of the page from role queries.
  const toast = page.locator('li[data-state="open"]', { hasText: title }).first();
  // Waits for the toast itself (up to Playwright's 30 s), not a poll of 1 s that a loaded machine outruns (issue 41).
  await toast.waitFor({ state: 'visible' });
  if (description) expect(await toast.textContent()).toContain(description);
}

/** Picks `option` in the Radix select labelled `label`; `exact` matches both names whole. */
export async function choose(page: Page, label: string, option: string, exact = false): Promise<void> {
  await page.getByRole('combobox', { name: label, exact }).click();
  await page.getByRole('option', { name: option, exact }).first().click();
}

/** Confirms the open ConfirmDialog after checking its question; `button` is its confirm label. */
export async function confirmDialog(page: Page, question: string, button: string): Promise<void> {
  const dialog = page.getByRole('alertdialog');
  await dialog.waitFor();
  expect(await dialog.textContent()).toContain(question);
  await dialog.getByRole('button', { name: button }).click();
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Waits until the open dialog has closed (after its submit). If it is still open after `timeout`
 * ms, fails with what it shows (its text, field errors included) and the toasts on screen, so a
 * failure in CI says why the form stayed open rather than only that it did.
 */
export async function dialogClosed(page: Page, timeout = 30_000): Promise<void> {
  const dialog = openDialog(page);
  try {
    await dialog.waitFor({ state: 'detached', timeout });
  } catch (err) {
    const shown = await dialog.innerText({ timeout: 1_000 }).catch(() => '(gone)');
    const toasts = await page.locator('li[data-state="open"]').allInnerTexts().catch(() => []);
    throw new Error(`The dialog is still open after ${timeout} ms. It shows:\n${shown}\nToasts: ${JSON.stringify(toasts)}`, { cause: err });
  }
}

/** The open (non-alert) dialog. */
export const openDialog = (page: Page) => page.getByRole('dialog');

/** Adds a trustee through the Trustees screen's Add Trustee dialog (`level`: the Access Level option's label). */
export async function addTrusteeViaUi(page: Page, name: string, email: string, level = 'Full Access'): Promise<void> {
  await page.getByRole('button', { name: /^Add (Your First )?Trustee$/ }).first().click();
  const dialog = openDialog(page);
  await dialog.getByLabel('Name').fill(name);
  await dialog.getByLabel('Email').fill(email);
  await choose(page, 'Access Level', level);
  await dialog.getByRole('button', { name: 'Add Trustee' }).click();
  await expectToast(page, 'Trustee added');
  await dialog.waitFor({ state: 'detached' });
}

/**
 * Adds each of `trustees` on the open Trustees screen and accepts each invitation as its trustee
 * would: the link of the e-mail `smtp` caught, POSTed at `serverUrl` (links name the server's
 * public address). Throws when an invitation does not arrive within 30 s or is not accepted.
 */
export async function addAcceptedTrustees(
  page: Page,
  mail: { smtp: { waitFor(to: string, subject: RegExp, timeoutMs?: number): Promise<{ links: string[] }> }; serverUrl: string },
  trustees: ReadonlyArray<{ name: string; email: string; level?: string }>,
): Promise<void> {
  for (const t of trustees) await addTrusteeViaUi(page, t.name, t.email, t.level);
  for (const t of trustees) {
    const invite = await mail.smtp.waitFor(t.email, /asked you to be a trustee/, 30_000);
    const u = new URL(invite.links[0]!);
    expect((await fetch(`${mail.serverUrl}${u.pathname}${u.search}`, { method: 'POST' })).status).toBe(200);
  }
}
