/**
 * What the language walks share (e2e/languages.test.ts, e2e/languages-features.test.ts; issue 44):
 * the catalogs of the namespaces moved so far, the pseudo-locale's words for an id, the English words
 * a walk looks for, and the steps of a walk (sign up in whatever language the page shows, check a part
 * of the page, a feature's empty screen and delete question).
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Locator, Page } from 'playwright-core';
import { expect } from 'vitest';
import { accent, padding } from '../web/i18n/pseudo';
import { MOBILE, passRecoveryKit, REPO_ROOT, uniqueUser } from './harness';

export const CATALOGS = `${REPO_ROOT}web/i18n/catalogs/`;
/** One namespace's catalog of one language. */
export const catalog = (lang: string, ns: string) => JSON.parse(readFileSync(`${CATALOGS}${lang}/${ns}.json`, 'utf8')) as Record<string, string>;
/** The namespaces on the catalogs so far, each walked by the language tests (a new one fails the first walk until it is). */
export const NAMESPACES = [
  'shell', 'signed-in', 'auth', 'documents', 'trustees', 'message-vault', 'plan', 'tasks', 'profile', 'not-found',
  'sharing', 'emergency', // the owner's sharing and emergency screens (web/features/sharing, web/features/emergency)
  'shared-view', // the viewer's page a shared link opens (web/features/sharing/SharedPage.tsx)
  'copy-view', // a shared item's view there and on the kit page's emergency access (shared/share-copy-view.ts)
  // session 24: the dashboard and Settings
  'dashboard',
  'profile-wizard', // issue 41: the wizard's words, with its chunk
  'settings',
  'password-reset', // session 26: the forgotten-password and reset pages
  'keys', // session 27: the recovery kit page and the keys' dialogs (web/features/keys)
  'rehearsal', 'release', 'export', 'binder', // session 27: the owner's release side (e2e/language-walk-release.ts)
  'notifications', 'record-forms', 'landing', 'contact', // session 27: the bell's menu, web/ui's record-form parts, the landing and Contact pages
  'help', 'privacy', 'privacy-note', 'terms', // session 27: the static pages, Settings' line pointing to Your privacy
  'field-rules', // session 27: the rules' messages under the sign-up, sign-in and reset fields (web/forms/field-rule-words.ts)
  'server-words', // session 27: what is missing and the activity lines on Settings (shared/server-words.ts)
  'trustee-kits', // session 27: the Trustees screen's kits section (web/features/trustees/kits; e2e/languages-trustee-kits.test.ts)
] as const;
export type Namespace = (typeof NAMESPACES)[number];
export const en: Record<string, string> = Object.assign({}, ...NAMESPACES.map((ns) => catalog('en', ns)));
export const ar: Record<string, string> = Object.assign({}, ...NAMESPACES.map((ns) => catalog('ar', ns)));

/** The pseudo-locale's words for a plain English message (no placeholders), as web/i18n/pseudo.ts makes them. */
export const pseudo = (id: string) => accent(en[id]) + padding(en[id].length);

/** Every English word of the catalogs of `namespaces` (placeholders, element tags, the product's name and example addresses aside). */
export const englishWords = (namespaces: readonly Namespace[]) =>
  new Set(
    namespaces
      .flatMap((ns) => Object.values(catalog('en', ns)))
      .flatMap((m) => m.replace(/\{[^}]*\}|<\/?\d+>|\S+\.com\S*/g, ' ').match(/[A-Za-z]{2,}/g) ?? [])
      .filter((w) => !/^(Afterword|AFTERWORD|APP|PDF|URL|https)$/.test(w)),
  );
/** The first slice's words (the frame, signed out and signed in; sign-in and sign-up); each feature's walk checks its own namespace's words. */
export const ENGLISH_WORDS = englishWords(['shell', 'signed-in', 'auth']);

/**
 * The English words of `words` found in `text`: whole tokens of letters, digits and `_` that are
 * plain ASCII words (the pseudo-locale's are accented, so never match; a person's data such as the
 * test's username "ada_lx3it9" is one token, not "ada", "lx" and the English "it": a languages walk
 * failed on that).
 */
const englishIn = (text: string, words: Set<string>) => [...new Set(text.match(/[\p{L}\p{N}_]+/gu) ?? [])].filter((w) => /^[A-Za-z]{2,}$/.test(w) && words.has(w));

/** The text a person reads or hears in `part`: its visible text, and every aria-label, placeholder and title in it (hidden parts aside). */
async function wordsOf(part: Locator): Promise<string> {
  return part.first().evaluate((root) => {
    const labels = [root, ...root.querySelectorAll('*')].filter((e) => !e.closest('[hidden]')).flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('placeholder'), e.getAttribute('title')]);
    return [(root as HTMLElement).innerText, ...labels.filter(Boolean)].join('\n');
  });
}

/**
 * Fails with the English words of the first slice (or of `words`) left in `part` of `page`, and
 * when the page is wider than the phone.
 */
export async function expectAllTranslated(page: Page, part: Locator, where: string, words = ENGLISH_WORDS): Promise<void> {
  expect(englishIn(await wordsOf(part), words), `English left in ${where}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} wider than the screen`).toBeLessThanOrEqual(MOBILE.width);
}

/**
 * Signs up on `page` (at /register, in whatever language it shows: the form's fields found by their
 * purpose, the submit button by `submit`), passes the recovery kit and leaves `page` signed in with keys.
 */
export async function signUpHere(page: Page, submit: string): Promise<void> {
  if (!new URL(page.url()).pathname.startsWith('/register')) await page.goto('/register');
  // The prerendered form is English; in another language React draws it anew once that language's
  // words have arrived, and what was typed into the English one goes on in the new one
  // (web/forms/typed-before-render.ts; e2e/languages-typing.test.ts): typing starts at once.
  const user = uniqueUser('Layla');
  await page.locator('input[autocomplete="given-name"]').fill(user.firstName);
  await page.locator('input[autocomplete="family-name"]').fill(user.lastName);
  await page.locator('input[autocomplete="email"]').fill(user.email);
  await page.locator('input[autocomplete="username"]').fill(user.username);
  await page.locator('input[autocomplete="new-password"]').nth(0).fill(user.password);
  await page.locator('input[autocomplete="new-password"]').nth(1).fill(user.password);
  await page.getByRole('button', { name: submit }).click();
  await passRecoveryKit(page);
}

/** A phone context under the pseudo-locale, signed up (with keys) in a page: the moved features' walks start here. */
export async function pseudoOwner(newContext: () => Promise<BrowserContext>): Promise<{ context: BrowserContext; page: Page }> {
  const context = await newContext();
  await context.addInitScript(() => localStorage.setItem('afterword.pseudoLocale', '1'));
  const page = await context.newPage();
  await signUpHere(page, pseudo('register.submit'));
  return { context, page };
}

/**
 * A moved feature's screen under the pseudo-locale: opens `path`, waits for its title and its empty
 * state (`emptyText`), checks the page for `words`, then presses `create` and returns the dialog
 * once its title (`dialogTitle`) shows.
 */
export async function walkEmptyScreen(page: Page, words: Set<string>, path: string, ids: { title: string; emptyText: string; create: string; dialogTitle: string }): Promise<Locator> {
  await page.goto(path);
  await page.getByRole('heading', { level: 1, name: pseudo(ids.title) }).waitFor();
  await page.getByText(pseudo(ids.emptyText)).waitFor();
  await expectAllTranslated(page, page.locator('main'), `${path}, empty`, words);
  await page.getByRole('button', { name: pseudo(ids.create) }).click();
  const dialog = page.getByRole('dialog');
  await dialog.getByRole('heading', { name: pseudo(ids.dialogTitle) }).waitFor();
  return dialog;
}

/** Presses a card's delete (or remove) button and checks the question it asks (`question`) for `words`. */
export async function walkDeleteQuestion(page: Page, card: Locator, words: Set<string>, question: string): Promise<void> {
  await card.locator('button.text-red-700').click();
  await page.getByRole('alertdialog').getByText(pseudo(question)).waitFor();
  await expectAllTranslated(page, page.getByRole('alertdialog'), 'the delete question', words);
}

/**
 * Hides the parts of a moved screen that belong to a feature not on the catalogs yet, so the walk
 * checks the moved words only: the sharing feature's "Share now" button (web/features/sharing,
 * moved separately). Take a part out of here once its feature is moved.
 */
export async function hideUnmoved(page: Page): Promise<void> {
  await page.locator('button[aria-label^="Share now"]').evaluateAll((els) => els.forEach((e) => ((e as HTMLElement).hidden = true)));
}

/**
 * The pseudo-locale's words of message `id` up to its first placeholder (e.g. "Share now: " of
 * "Share now: {title}"): a name or label that goes on with a person's own words is found by them.
 */
export const pseudoStart = (id: string) => accent(en[id].split('{')[0]);
/** Hides every element `parts` finds (words that are not the catalogs': the AI helper's answers, the server's lines), so a walk checks the rest. */
export async function hideWords(parts: Locator): Promise<void> {
  await parts.evaluateAll((els) => els.forEach((e) => ((e as HTMLElement).hidden = true)));
}
