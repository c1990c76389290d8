/**
 * Issue 44 in the browser, at 390 px: under the tests' pseudo-locale (web/i18n/pseudo.ts) the
 * sign-in and sign-up pages, the signed-in frame (navigation sheet, user menu, footer, skip link)
 * and the language setting, and the moved feature screens (MOVED_SCREENS: the plan, survivor
 * tasks, profile and not-found pages, walked tab by tab and dialog by dialog) show no English word
 * of the moved catalogs (every string of them comes from the catalogs) and nothing wider than the
 * screen; a browser that prefers Arabic gets those pages right to left (`<html lang="ar" dir="rtl">`)
 * that pass axe, and signing up there makes an Arabic account; choosing another language in
 * Settings shows it at once, keeps it on the device and saves it with the account, offline once
 * the device is online again.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Locator, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { accent, padding } from '../web/i18n/pseudo';
import { expectNoSeriousA11yViolations, hasChromium, keylessAccountPage, MOBILE, passRecoveryKit, poll, REPO_ROOT, uniqueUser, useBrowserSuite } from './harness';

const CATALOGS = `${REPO_ROOT}web/i18n/catalogs/`;
const catalog = (lang: string, ns: string) => JSON.parse(readFileSync(`${CATALOGS}${lang}/${ns}.json`, 'utf8')) as Record<string, string>;
/** The namespaces moved so far (docs/i18n.md "Moving a feature"): each is walked below. */
const NAMESPACES = ['shell', 'auth', 'plan', 'tasks', 'profile', 'not-found'];
const en: Record<string, string> = Object.assign({}, ...NAMESPACES.map((ns) => catalog('en', ns)));
const ar: Record<string, string> = Object.assign({}, ...NAMESPACES.map((ns) => catalog('ar', ns)));

/** The pseudo-locale's words for a plain English message (no placeholders), as web/i18n/pseudo.ts makes them. */
const pseudo = (id: string) => accent(en[id]) + padding(en[id].length);

/** The moved feature screens: path and the id of their heading. */
const MOVED_SCREENS = [
  ['/death-plan', 'plan.title'],
  ['/survivor-tasks', 'tasks.title'],
  ['/profile', 'profile.title'],
  ['/no-such-page', 'notFound.title'],
] as const;

/** Every English word of the slice's catalogs (placeholders, element tags and the product's name aside). */
const ENGLISH_WORDS = new Set(
  Object.values(en)
    .flatMap((m) => m.replace(/\{[^}]*\}|<\/?\d+>/g, ' ').match(/[A-Za-z]{2,}/g) ?? [])
    .filter((w) => !/^(Afterword|AFTERWORD|APP)$/.test(w)),
);

/** The English words of the slice found in `text` (whole words; the pseudo-locale's are accented, so never match). */
const englishIn = (text: string) => [...new Set(text.match(/[A-Za-z]{2,}/g) ?? [])].filter((w) => ENGLISH_WORDS.has(w));

/** The text a person reads or hears in `part`: its visible text, and every aria-label, placeholder and title in it (hidden parts aside). */
async function wordsOf(part: Locator): Promise<string> {
  return part.first().evaluate((root) => {
    const labels = [root, ...root.querySelectorAll('*')].filter((e) => !e.closest('[hidden]')).flatMap((e) => [e.getAttribute('aria-label'), e.getAttribute('placeholder'), e.getAttribute('title')]);
    return [(root as HTMLElement).innerText, ...labels.filter(Boolean)].join('\n');
  });
}

/** Fails with the English words of the slice left in `part` of `page`, and when the page is wider than the phone. */
async function expectAllTranslated(page: Page, part: Locator, where: string): Promise<void> {
  expect(englishIn(await wordsOf(part)), `English left in ${where}`).toEqual([]);
  expect(await page.evaluate(() => document.documentElement.scrollWidth), `${where} wider than the screen`).toBeLessThanOrEqual(MOBILE.width);
}

/**
 * Hides the parts of a moved screen that belong to a feature not on the catalogs yet, so the walk
 * checks the moved words only: the sharing feature's "Share now" button (web/features/sharing,
 * moved separately). Take a part out of here once its feature is moved.
 */
async function hideUnmoved(page: Page): Promise<void> {
  await page.locator('button[aria-label^="Share now"]').evaluateAll((els) => els.forEach((e) => ((e as HTMLElement).hidden = true)));
}

/**
 * Signs up on the sign-up page `page` shows, whatever its language (the fields found by their
 * purpose), `submit` being the button's words, and passes the recovery kit: a keyed account.
 */
async function signUpHere(page: Page, submit: string): Promise<void> {
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

describe.skipIf(!hasChromium)('languages (issue 44)', () => {
  // No test here goes offline: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  const phone = (locale: string) => suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale });

  it('under the pseudo-locale, the sign-in and sign-up pages, the frame and the language setting leave no English word', async () => {
    expect(readdirSync(`${CATALOGS}en`).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort()); // the namespaces these walks cover
    const context = await phone('en-US');
    await context.addInitScript(() => localStorage.setItem('afterword.pseudoLocale', '1'));
    const page = await context.newPage();
    for (const [path, title] of [['/login', 'login.title'], ['/register', 'register.title']] as const) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo(title));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
      await expectAllTranslated(page, page.locator('body'), path);
    }

    // Signed in: Settings, its language card, the header's buttons, the footer, the navigation sheet and the user menu.
    const { page: signedIn } = await keylessAccountPage(context, suite.server.url, '/settings');
    await signedIn.getByRole('heading', { name: pseudo('language.title') }).waitFor();
    await expectAllTranslated(signedIn, signedIn.locator('footer'), 'the footer');
    await expectAllTranslated(signedIn, signedIn.locator('div.rounded-xl', { has: signedIn.getByRole('heading', { name: pseudo('language.title') }) }), 'the language card');
    await expectAllTranslated(signedIn, signedIn.locator('a[href="#main"]'), 'the skip link');
    await signedIn.getByRole('button', { name: pseudo('nav.open') }).click();
    await signedIn.locator('#mobile-nav-sheet').waitFor();
    await expectAllTranslated(signedIn, signedIn.locator('#mobile-nav-sheet'), 'the navigation sheet');
    await signedIn.keyboard.press('Escape');
    await signedIn.getByRole('button', { name: pseudo('userMenu.open') }).click();
    await signedIn.getByRole('menuitem', { name: pseudo('userMenu.logout') }).waitFor();
    await expectAllTranslated(signedIn, signedIn.getByRole('menu'), 'the user menu');
    await context.close();
  });

  it('under the pseudo-locale, the moved feature screens leave no English word in any tab', async () => {
    const context = await phone('en-US');
    await context.addInitScript(() => localStorage.setItem('afterword.pseudoLocale', '1'));
    const page = await context.newPage();
    await page.goto('/register');
    await signUpHere(page, pseudo('register.submit'));
    const main = page.locator('main');

    // My After-Death Plan: each tab (its form, its lists' empty states, the obituary helper's fields).
    await page.goto('/death-plan');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('plan.title'));
    for (const tab of ['plan.tab.basic', 'plan.tab.preferences', 'plan.tab.music', 'plan.tab.readings', 'plan.tab.obituary']) {
      await page.getByRole('tab', { name: pseudo(tab) }).click();
      await poll(() => page.getByRole('tab', { selected: true }).textContent()).toBe(pseudo(tab));
      await expectAllTranslated(page, main, `/death-plan, ${en[tab]}`);
    }

    // Survivor Tasks: the empty state, the add dialog (a task whose own words are no English), each tab, a card opened.
    await page.goto('/survivor-tasks');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('tasks.title'));
    await page.getByText(pseudo('tasks.empty.title')).waitFor();
    await expectAllTranslated(page, main, '/survivor-tasks, empty');
    await page.getByRole('button', { name: pseudo('tasks.add') }).first().click();
    const dialog = page.getByRole('dialog');
    await expectAllTranslated(page, dialog, 'the add task dialog');
    await dialog.getByRole('textbox', { name: pseudo('tasks.form.title') }).fill('Ŧàšķ øñè');
    await dialog.getByRole('textbox', { name: pseudo('tasks.form.description') }).fill('Ðèšçŕîƥţîøñ øƒ ţĥè ţàšķ');
    for (const [field, option] of [['tasks.form.category', 'tasks.category.legal'], ['tasks.form.timeframe', 'tasks.timeframe.1w'], ['tasks.form.level', 'tasks.level.semi-automated']]) {
      await dialog.getByRole('combobox', { name: pseudo(field) }).click();
      await page.getByRole('option', { name: pseudo(option) }).click();
    }
    await dialog.getByRole('button', { name: pseudo('tasks.form.create') }).click();
    await dialog.waitFor({ state: 'detached' });
    for (const tab of ['tasks.tab.all', 'tasks.status.not-started', 'tasks.status.completed', 'tasks.category.legal']) {
      await page.getByRole('tab', { name: pseudo(tab) }).click();
      await hideUnmoved(page);
      await poll(() => page.getByRole('tab', { selected: true }).textContent()).toContain(pseudo(tab));
      await expectAllTranslated(page, main, `/survivor-tasks, ${en[tab]}`);
    }
    await page.getByRole('tab', { name: pseudo('tasks.tab.all') }).click();
    await page.getByTestId('task-card').locator('button[aria-controls]').first().click(); // its Details
    await page.getByRole('button', { name: pseudo('tasks.generateAutomation') }).waitFor();
    await expectAllTranslated(page, main, '/survivor-tasks, a task opened');

    // Profile Settings: both tabs and the Delete Account dialog; then a page that does not exist.
    await page.goto('/profile');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('profile.title'));
    await expectAllTranslated(page, main, '/profile, Personal Information');
    await page.getByRole('button', { name: pseudo('profile.edit') }).click();
    await expectAllTranslated(page, main, '/profile, Personal Information being edited');
    await page.getByRole('tab', { name: pseudo('profile.tab.security') }).click();
    await page.getByRole('heading', { name: pseudo('profile.password.title') }).waitFor();
    await expectAllTranslated(page, main, '/profile, Security');
    await page.getByRole('button', { name: pseudo('profile.account.delete') }).click();
    await expectAllTranslated(page, page.getByRole('dialog'), 'the Delete Account dialog');
    await page.keyboard.press('Escape');
    await page.goto('/no-such-page');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('notFound.title'));
    await expectAllTranslated(page, main, 'the not-found page');
    await context.close();
  });

  it('a browser that prefers Arabic gets right-to-left pages that pass axe and an Arabic account; a language chosen in Settings shows at once and is saved with the account', async () => {
    const context = await phone('ar-EG');
    const page = await context.newPage();
    for (const [path, title] of [['/login', 'login.title'], ['/register', 'register.title']] as const) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar[title]);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      await expectNoSeriousA11yViolations(page, `${path} in Arabic`);
    }

    // Signing up in Arabic makes an Arabic account (the form's fields found by their purpose, its words being Arabic).
    await signUpHere(page, ar['register.submit']);
    const accountLanguage = async () => ((await (await context.request.get(`${suite.server.url}/api/user/profile`)).json()) as { language: string }).language;
    await poll(accountLanguage).toBe('ar');
    // The moved screens, right to left and axe-clean.
    for (const [path, title] of MOVED_SCREENS) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar[title]);
      expect(await page.evaluate(() => document.documentElement.dir), path).toBe('rtl');
      await expectNoSeriousA11yViolations(page, `${path} in Arabic`);
    }

    const settings = page;
    await settings.goto('/settings');
    await settings.getByRole('heading', { name: ar['language.title'] }).waitFor();
    expect(await settings.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoSeriousA11yViolations(settings, '/settings in Arabic');

    await settings.getByRole('combobox', { name: ar['language.label'] }).click();
    await settings.getByRole('option', { name: 'Deutsch' }).click();
    await poll(() => settings.evaluate(() => [document.documentElement.lang, document.documentElement.dir].join(' '))).toBe('de ltr');
    await settings.getByRole('heading', { name: 'Sprache' }).waitFor();
    await poll(accountLanguage).toBe('de');
    await settings.reload();
    await settings.getByRole('heading', { name: 'Sprache' }).waitFor();
    expect(await settings.evaluate(() => document.documentElement.lang)).toBe('de');

    // Offline, a choice shows at once and is kept on the device; the account gets it once the device is online again.
    await context.setOffline(true);
    await settings.getByRole('combobox', { name: 'Sprache' }).click();
    await settings.getByRole('option', { name: 'العربية' }).click();
    await settings.getByText(ar['language.savedLater']).waitFor();
    expect(await settings.evaluate(() => document.documentElement.dir)).toBe('rtl');
    expect(await accountLanguage()).toBe('de');
    await context.setOffline(false);
    await poll(accountLanguage).toBe('ar');
    await context.close();
  });
});
