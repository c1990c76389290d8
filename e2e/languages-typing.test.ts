/**
 * What a person types into a prerendered sign-up, sign-in or forgotten-password page before its language's words have
 * arrived (issue 44, session 25): the prerendered markup is English; in another language the app
 * renders the page anew once those words are there, and what was typed into the English form must
 * be in the new one, with the caret where it was. The timing is made certain: the language's catalog
 * files are held (`page.route`) until the test has typed, then let through. At 390 px.
 */
import { readFileSync } from 'node:fs';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { hasChromium, MOBILE, passRecoveryKit, poll, REPO_ROOT, uniqueUser, useBrowserSuite } from './harness';
import { catalog } from './language-steps';

/** The built files of `lang`'s catalogs (dist/.vite/manifest.json: the build names them by namespace only). */
function catalogFiles(lang: string): Set<string> {
  const manifest = JSON.parse(readFileSync(`${REPO_ROOT}dist/.vite/manifest.json`, 'utf8')) as Record<string, { file: string }>;
  return new Set(Object.entries(manifest).filter(([key]) => key.startsWith(`i18n/catalogs/${lang}/`)).map(([, v]) => `/${v.file}`));
}

/**
 * Holds every `lang` catalog file `page` asks for until `release()`; `asked` resolves at the first
 * such request (the app has started and waits for the words).
 */
async function holdCatalogs(page: Page, lang: string): Promise<{ asked: Promise<void>; release: () => void }> {
  const files = catalogFiles(lang);
  expect(files.size, `no ${lang} catalog in the build`).toBeGreaterThan(0);
  let release!: () => void;
  const released = new Promise<void>((resolve) => (release = resolve));
  let asked!: () => void;
  const first = new Promise<void>((resolve) => (asked = resolve));
  await page.route(
    (url) => files.has(url.pathname),
    async (route) => {
      asked();
      await released;
      await route.continue();
    },
  );
  return { asked: first, release };
}

/** The value of each `selector`'s field, and the focused field's autocomplete with its caret. */
const fieldsOf = (page: Page, selectors: string[]) =>
  page.evaluate((sels) => {
    const active = document.activeElement as HTMLInputElement | null;
    let caret: number | null = null;
    try {
      caret = active?.selectionStart ?? null;
    } catch {
      caret = null; // an e-mail field has no caret to read
    }
    return {
      values: sels.map((s) => (document.querySelector(s) as HTMLInputElement | null)?.value ?? null),
      focused: active?.getAttribute('autocomplete') ?? active?.tagName ?? null,
      caret,
    };
  }, selectors);

describe.skipIf(!hasChromium)('typing before the language has arrived (issue 44)', () => {
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  const phone = (locale: string): Promise<BrowserContext> =>
    suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale });

  it('a Spanish browser: what was typed into the English sign-up form, and the caret, are in the Spanish form, and signing up takes them', async () => {
    const es = catalog('es', 'auth');
    const context = await phone('es-ES');
    const page = await context.newPage();
    const held = await holdCatalogs(page, 'es');
    await page.goto('/register');
    await held.asked;
    // The English form, prerendered, while Spanish is on its way.
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(catalog('en', 'auth')['register.title']);
    const user = uniqueUser('Inés');
    await page.locator('input[autocomplete="given-name"]').fill(user.firstName);
    await page.locator('input[autocomplete="family-name"]').fill(user.lastName);
    await page.locator('input[autocomplete="new-password"]').nth(0).fill(user.password);
    await page.locator('input[autocomplete="email"]').fill(user.email);
    await page.locator('input[autocomplete="username"]').click();
    await page.keyboard.type(user.username);
    for (let i = 0; i < 3; i++) await page.keyboard.press('ArrowLeft');

    held.release();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(es['register.title']);
    const selectors = ['given-name', 'family-name', 'email', 'username'].map((a) => `input[autocomplete="${a}"]`).concat('input[name="password"]');
    expect(await fieldsOf(page, selectors)).toEqual({
      values: [user.firstName, user.lastName, user.email, user.username, user.password],
      focused: 'username',
      caret: user.username.length - 3,
    });

    // Carried from field to field only: the password is in no storage of the page.
    expect(await page.evaluate(() => JSON.stringify([{ ...localStorage }, { ...sessionStorage }]))).not.toContain(user.password);
    // The person goes on in the Spanish form: the confirmation, then the button; the account is theirs.
    await page.keyboard.press('End');
    await page.locator('input[name="confirmPassword"]').fill(user.password);
    await page.getByRole('button', { name: es['register.submit'] }).click();
    await passRecoveryKit(page);
    const profile = (await (await context.request.get(`${suite.server.url}/api/user/profile`)).json()) as { username: string; language: string };
    expect([profile.username, profile.language]).toEqual([user.username, 'es']);
    await context.close();
  });

  it('a language chosen before: what was typed into the English sign-in form is in the French one, the password field still focused', async () => {
    const context = await phone('en-US');
    await context.addInitScript(() => localStorage.setItem('afterword.language', 'fr'));
    const page = await context.newPage();
    const held = await holdCatalogs(page, 'fr');
    await page.goto('/login');
    await held.asked;
    await page.locator('input[name="username"]').fill('someone_typing');
    await page.locator('input[name="password"]').click();
    await page.keyboard.type('a secret phrase');
    await page.keyboard.press('Home');

    held.release();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(catalog('fr', 'auth')['login.title']);
    expect(await fieldsOf(page, ['input[name="username"]', 'input[name="password"]'])).toEqual({
      values: ['someone_typing', 'a secret phrase'],
      focused: 'current-password',
      caret: 0,
    });
    await context.close();
  });

  it('a German browser: the e-mail typed into the English forgotten-password form is in the German one, which sends the link', async () => {
    const de = catalog('de', 'password-reset');
    const context = await phone('de-DE');
    const page = await context.newPage();
    const held = await holdCatalogs(page, 'de');
    await page.goto('/forgot-password');
    await held.asked;
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(catalog('en', 'password-reset')['forgot.title']);
    await page.locator('input[name="email"]').click();
    await page.keyboard.type('ines.typing@example.com');

    held.release();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(de['forgot.title']);
    expect(await fieldsOf(page, ['input[name="email"]'])).toEqual({ values: ['ines.typing@example.com'], focused: 'email', caret: null });
    await page.getByRole('button', { name: de['forgot.submit'] }).click();
    // The same answer for every address, in German, naming the address typed before the words came.
    await poll(() => page.getByRole('status').filter({ hasText: 'ines.typing@example.com' }).textContent()).toContain(de['forgot.noEmail']);
    await context.close();
  });
});
