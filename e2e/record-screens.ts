/**
 * Helpers shared by the record screens' browser tests (plan, message vault, documents, trustees,
 * offline records): a freshly registered user on a page, toasts, Radix selects, confirm dialogs.
 */
import { REDIRECT_AFTER_AUTH_MS } from '../shared/labels';
import type { Browser, BrowserContext, Locator, Page } from 'playwright-core';
import { afterAll, expect } from 'vitest';
import { desktopContext, poll, registerViaUi, type TestUser, uniqueUser } from './harness';

/**
 * Registers a new user in a new context (desktop unless `makeContext` says otherwise) and opens
 * `path` (openSignedIn: within the app, or a fresh load of /dashboard).
 */
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
  await openSignedIn(page, path);
  return { context, page, user };
}

/**
 * Opens `path` on `page`, signed in at /dashboard, and waits for its heading. /dashboard itself is
 * loaded afresh (page.goto: tests of what the dashboard fetches read a document that loaded only
 * it); any other path is opened within the app, as a person's click on a link does
 * (history.pushState and popstate, which react-router follows), not by loading the whole app a
 * second time: that reload was about 1.3 s of Chromium's CPU after every sign-up and sign-in of the
 * browser tests (issue 41, CI time). Resolves once the new screen's `main h1` shows (the
 * dashboard's heading is marked first, so it is never taken for the new one). A page already at
 * `path` stays as it is.
 */
export async function openSignedIn(page: Page, path: string): Promise<void> {
  if (path === '/dashboard') {
    await page.goto(path);
    // A CSS locator: a dialog opened by the route hides the page from role queries.
    await page.locator('main h1:not([data-e2e-left])').first().waitFor();
    return;
  }
  if (new URL(page.url()).pathname + new URL(page.url()).search === path) {
    await page.locator('main h1').first().waitFor(); // already there: the router would render nothing new
    return;
  }
  // The app's own step after sign-in (credentials-form.ts enterApp, SPEC.md: the sign-in screen
  // navigates REDIRECT_AFTER_AUTH_MS after the session starts, while the guard has already sent the
  // person to /dashboard) would replace a screen opened before it. It was scheduled when the session
  // started, before the URL showed /dashboard; a timer of the page set now, no shorter, runs after it.
  await page.evaluate((ms) => new Promise((done) => setTimeout(done, ms)), REDIRECT_AFTER_AUTH_MS);
  await navigateInApp(page, path);
}

/**
 * Opens `path` on `page` (a signed-in screen of the app) within the app, as a person's click on a
 * link does (history.pushState and popstate, which react-router follows), not by loading the whole
 * app again (about 1.3 s of Chromium's CPU, issue 41), and waits for the new screen's `main h1`. The
 * new screen mounts afresh, so it reads what it shows anew (e.g. Settings its release readiness).
 */
export async function navigateInApp(page: Page, path: string): Promise<void> {
  await page.evaluate((to) => {
    for (const h of document.querySelectorAll('main h1')) h.setAttribute('data-e2e-left', '');
    history.pushState(null, '', to);
    dispatchEvent(new PopStateEvent('popstate'));
  }, path);
  // A CSS locator: a dialog opened by the route hides the page from role queries.
  await page.locator('main h1:not([data-e2e-left])').first().waitFor();
}

/**
 * One signed-up owner for the tests of a file that need an account but not a new one (issue 41,
 * CI time: a sign-up is about 4.5 s of Chromium's CPU, and a device's key cannot be copied into
 * another context, so the live context is kept). `open(path)` signs the owner up in a new context
 * (`makeContext`, desktop by default) on its first call and returns that page; each later call
 * returns a new tab of the same context at `path`, loaded afresh. `keep(owner)`, at the end of a
 * test that signed up its own way (its first steps being what it tests), makes that owner the
 * shared one if there is none yet (its page is closed, its context kept), else closes its
 * context. A test closes its tab (`page.close()`), never the context, which afterAll closes.
 * Only for tests whose assertions hold whatever the owner's earlier tests wrote (no "first
 * message", no empty list, no sign-out, no password change, no cleared cookies).
 */
export function useSharedOwner(
  suite: { browser: Browser; server: { url: string } },
  makeContext: (b: Browser, url: string) => Promise<BrowserContext> = desktopContext,
): {
  open: (path: string) => Promise<{ context: BrowserContext; page: Page; user: TestUser }>;
  keep: (owner: { context: BrowserContext; page: Page; user: TestUser }) => Promise<void>;
} {
  let owner: Promise<{ context: BrowserContext; page: Page; user: TestUser }> | undefined;
  afterAll(async () => {
    await (await owner?.catch(() => undefined))?.context.close();
  });
  return {
    async open(path) {
      if (!owner) {
        owner = signedInPage(suite.browser, suite.server.url, path, makeContext);
        return owner;
      }
      const { context, user } = await owner;
      const page = await context.newPage();
      await page.goto(path);
      await page.locator('main h1').first().waitFor();
      return { context, page, user };
    },
    async keep(done) {
      if (owner) return done.context.close();
      owner = Promise.resolve(done);
      if (!done.page.isClosed()) await done.page.close();
    },
  };
}

/** Waits (up to the poll's 60 s bound) until the page's header says its device has sent every change to the server (web/sync/SyncStatus.tsx). */
export const allChangesSaved = (page: Page) => poll(() => page.locator('header [role="status"]').first().textContent()).toContain('All changes saved');

/** Waits until a toast titled `title` shows (and, when given, its description). */
export async function expectToast(page: Page, title: string, description?: string): Promise<void> {
  // A CSS locator: while a modal dialog is open, Radix hides the rest of the page from role queries.
  const titled = page.locator('li[data-state="open"]', { hasText: title });
  // Waits for the toast itself (up to WAIT_BOUND_MS), not a poll of 1 s that a loaded machine
  // outruns (issue 41). With a description, one toast holding both (its words case and all), found
  // in one look: reading the description once the title showed failed when the toast had closed in
  // between (TOAST_DURATION_MS, 5 s), on a machine at load ~36 (vault-files, issue 41).
  const toast = description ? titled.filter({ hasText: new RegExp(description.replace(/[.*+?^${}()|[\]\\]/g, '\\$&')) }) : titled;
  await toast.first().waitFor({ state: 'visible' });
}

/**
 * Picks `option` in the Radix select labelled `label`; `exact` matches both names whole. When the
 * open list is re-rendered away under the click (the fresh-clone CI of 749ce10 at 390 px: "element
 * was detached from the DOM" for 90 s in document-edit, a dialog over a list the sync refreshes on a
 * loaded machine), it opens the list again until the trigger shows the option, as canary-scan's
 * chooseOpening does; a select that answers at once takes the first path only.
 */
export async function choose(page: Page, label: string, option: string, exact = false): Promise<void> {
  const box = page.getByRole('combobox', { name: label, exact });
  const item = page.getByRole('option', { name: option, exact }).first();
  await box.click();
  if (await item.click({ timeout: 10_000 }).then(() => true, () => false)) return;
  const shows = async () => (await box.textContent({ timeout: 5_000 }).catch(() => ''))?.includes(option) ?? false;
  await expect
    .poll(
      async () => {
        if (await shows()) return true;
        if ((await box.getAttribute('aria-expanded', { timeout: 5_000 }).catch(() => null)) !== 'true') await box.click({ timeout: 5_000 }).catch(() => undefined);
        if (await item.isVisible()) await item.click({ timeout: 3_000 }).catch(() => undefined);
        return shows();
      },
      { timeout: 90_000, interval: 500 },
    )
    .toBe(true);
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

/**
 * Types `value` into `dialog`'s field labelled `label` once the dialog holds focus (Radix moves focus
 * into a dialog after its first paint; Playwright's fill focuses the field, then inserts the text in a
 * second step, so text typed in between could follow focus elsewhere), then checks the field holds it.
 * Throws when it does not, naming what the field holds.
 */
export async function fillInDialog(dialog: Locator, label: string, value: string): Promise<void> {
  const handle = await dialog.elementHandle();
  await dialog.page().waitForFunction((el) => el?.contains(document.activeElement) === true, handle);
  const field = dialog.getByLabel(label);
  await field.fill(value);
  const held = await field.inputValue();
  if (held !== value) throw new Error(`"${label}" holds ${JSON.stringify(held)} after typing ${JSON.stringify(value)}`);
}

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
    const invite = await mail.smtp.waitFor(t.email, /asked you to be a trustee/);
    const u = new URL(invite.links[0]!);
    expect((await fetch(`${mail.serverUrl}${u.pathname}${u.search}`, { method: 'POST' })).status).toBe(200);
  }
}

/** Writes a letter to `name` <`email`> through the Message Vault's New Message dialog (the screen open on `page`), and waits for its toast. */
export async function writeMessageViaUi(page: Page, name: string, email: string, text: string): Promise<void> {
  await page.getByRole('button', { name: 'New Message' }).first().click();
  const dialog = openDialog(page);
  await dialog.getByLabel('Recipient Name').fill(name);
  await dialog.getByLabel('Recipient Email').fill(email);
  await dialog.getByLabel('Your Message').fill(text);
  await dialog.getByRole('button', { name: 'Save Message' }).click();
  await expectToast(page, 'Message created');
}

/** Adds a link document called `name` on the documents upload screen (open on `page`), and waits until it is synced. */
export async function addLinkDocument(page: Page, name: string, url = 'https://files.example.com/will.pdf'): Promise<void> {
  const upload = openDialog(page);
  await choose(page, 'Document Type', 'Will & Testament');
  await upload.getByLabel('Document Name').fill(name);
  await upload.getByText('Link to it').click();
  await upload.getByLabel('Document URL').fill(url);
  await upload.getByRole('button', { name: 'Save Link' }).click();
  await upload.waitFor({ state: 'detached' });
  await allChangesSaved(page);
}
