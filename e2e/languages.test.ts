/**
 * Issue 44 in the browser, at 390 px: under the tests' pseudo-locale (web/i18n/pseudo.ts) the
 * landing page (each tab of its features), the Contact, Help, Privacy and Terms pages (every question opened), Settings' privacy note, the sign-in and sign-up pages, the signed-in frame (navigation sheet, user menu, footer, skip link)
 * and the language setting show no English word of their catalogs (every string of them comes from
 * the catalogs) and nothing wider than the screen; a browser that prefers Arabic gets the pages
 * (and every moved feature's screen) right to left (`<html lang="ar" dir="rtl">`) that pass axe, and
 * signing up there makes an Arabic account; choosing another language in Settings shows it at once,
 * keeps it on the device and saves it with the account, offline once the device is online again;
 * one the server refuses says so in a toast and the saved language shows again.
 * The moved features' own walks: e2e/languages-features.test.ts.
 */
import { readdirSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { expectNoSeriousA11yViolations, hasChromium, keylessAccountPage, MOBILE, poll, useBrowserSuite } from './harness';
import { expectToast } from './record-screens';
import { ar, catalog, CATALOGS, en, englishWords, expectAllTranslated, NAMESPACES, pseudo, signUpHere } from './language-steps';
import { docShot } from './doc-shots';

/** The public account pages: sign-in, sign-up, the forgotten password and the reset page opened without its link. */
const AUTH_PAGES = [['/login', 'login.title'], ['/register', 'register.title'], ['/forgot-password', 'forgot.title'], ['/reset-password', 'reset.title']] as const;
/** The static pages (session 27): path, namespace, title's id. */
const STATIC_PAGES = [['/help', 'help', 'help.title'], ['/privacy', 'privacy', 'privacy.title'], ['/terms', 'terms', 'terms.title']] as const;

describe.skipIf(!hasChromium)('languages (issue 44)', () => {
  // No test here goes offline: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  const phone = (locale: string) => suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale });

  it('under the pseudo-locale, the sign-in and sign-up pages, the frame and the language setting leave no English word', async () => {
    // The namespaces these walks cover: every one of the app's. Not the server's e-mail words (mail.json)
    // and the pages its links open (link-pages.json), checked by sync-server/release's tests, nor the
    // static release pages' own (release-page.json), checked by e2e/release-pages-language.test.ts, and
    // the kit pages' (kit-page.json), checked by e2e/kit-page-language.test.ts, nor the printed PDFs'
    // (binder-pdf.json, kit-pdf.json), checked by extracting their text (shared/binder/binder-language.test.ts,
    // web/features/trustees/kits/kit-pdf-language.test.ts).
    const notTheApps = ['mail.json', 'link-pages.json', 'release-page.json', 'kit-page.json', 'binder-pdf.json', 'kit-pdf.json'];
    expect(readdirSync(`${CATALOGS}en`).filter((f) => !notTheApps.includes(f)).sort()).toEqual(NAMESPACES.map((ns) => `${ns}.json`).sort());
    const context = await phone('en-US');
    await context.addInitScript(() => localStorage.setItem('afterword.pseudoLocale', '1'));
    const page = await context.newPage();
    for (const [path, title] of AUTH_PAGES) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo(title));
      expect(await page.evaluate(() => document.documentElement.lang)).toBe('en-XA');
      await expectAllTranslated(page, page.locator('body'), path);
    }
    // The rules a field broke, under the fields of the sign-up form (web/forms/field-rule-words.ts).
    await page.goto('/register');
    await page.getByRole('button', { name: pseudo('register.submit') }).click();
    await page.getByText(pseudo('fieldRules.firstNameRequired')).waitFor();
    await expectAllTranslated(page, page.locator('form'), 'the sign-up form refused', englishWords(['auth', 'field-rules']));
    // session 27: the landing page, prerendered in English, drawn anew in the pseudo-locale; each tab of its features.
    const landingWords = englishWords(['shell', 'landing']);
    await page.goto('/');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('landing.hero.title'));
    for (const tab of ['death-plan', 'messages', 'documents'] as const) {
      await page.getByRole('tab', { name: pseudo(`landing.features.${tab}.label`) }).click();
      await page.getByRole('heading', { level: 3, name: pseudo(`landing.features.${tab}.title`) }).waitFor();
      await expectAllTranslated(page, page.locator('body'), `/, the ${tab} tab`, landingWords);
    }
    await page.goto('/contact');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo('contact.title'));
    await expectAllTranslated(page, page.locator('body'), '/contact', englishWords(['shell', 'contact']));
    // The static pages, each question of Help opened (its answers are the page's longest words).
    for (const [path, ns, title] of STATIC_PAGES) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(pseudo(title));
      await page.locator('details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await expectAllTranslated(page, page.locator('body'), path, englishWords(['shell', ns]));
    }

    // Signed in: Settings, its language card, the header's buttons, the footer, the navigation sheet and the user menu.
    const { page: signedIn } = await keylessAccountPage(context, suite.server.url, '/settings');
    await signedIn.getByRole('heading', { name: pseudo('language.title') }).waitFor();
    await expectAllTranslated(signedIn, signedIn.locator('footer'), 'the footer');
    await expectAllTranslated(signedIn, signedIn.locator('div.rounded-xl', { has: signedIn.getByRole('heading', { name: pseudo('language.title') }) }), 'the language card');
    const note = signedIn.locator('p', { has: signedIn.locator('a[href="/privacy"]') });
    await expectAllTranslated(signedIn, note, "Settings' privacy note", englishWords(['privacy-note']));
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

  it('a browser that prefers Arabic gets right-to-left pages that pass axe and an Arabic account; a language chosen in Settings shows at once and is saved with the account', async () => {
    const context = await phone('ar-EG');
    const page = await context.newPage();
    for (const [path, title] of AUTH_PAGES) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar[title]);
      expect(await page.evaluate(() => [document.documentElement.lang, document.documentElement.dir])).toEqual(['ar', 'rtl']);
      await expectNoSeriousA11yViolations(page, `${path} in Arabic`);
    }
    await page.goto('/');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar['landing.hero.title']);
    expect(await page.evaluate(() => document.documentElement.dir), '/').toBe('rtl');
    await expectNoSeriousA11yViolations(page, '/ in Arabic');
    await page.goto('/contact');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar['contact.title']);
    await expectNoSeriousA11yViolations(page, '/contact in Arabic');
    for (const [path, , title] of STATIC_PAGES) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar[title]);
      expect(await page.evaluate(() => document.documentElement.dir), path).toBe('rtl');
      await page.locator('details').evaluateAll((all) => all.forEach((d) => ((d as HTMLDetailsElement).open = true)));
      await expectNoSeriousA11yViolations(page, `${path} in Arabic`);
    }

    // Signing up in Arabic makes an Arabic account.
    await signUpHere(page, ar['register.submit']);
    const accountLanguage = async () => ((await (await context.request.get(`${suite.server.url}/api/user/profile`)).json()) as { language: string }).language;
    await poll(accountLanguage).toBe('ar');
    const settings = page;
    // The moved features' screens, right to left (issue 44).
    const moved = [['/documents', 'documents.title'], ['/trustees', 'trustees.title'], ['/message-vault', 'messages.title'], ['/death-plan', 'plan.title'], ['/survivor-tasks', 'tasks.title'], ['/profile', 'profile.title'], ['/no-such-page', 'notFound.title']] as const;
    for (const [path, title] of moved) {
      await page.goto(path);
      await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar[title]);
      expect(await page.evaluate(() => document.documentElement.dir), path).toBe('rtl');
      await expectNoSeriousA11yViolations(page, `${path} in Arabic`);
    }
    // session 24: the dashboard (its wizard showing) and Settings, right to left.
    await page.goto('/dashboard');
    await page.getByRole('heading', { level: 2, name: ar['dashboard.wizard.title'] }).waitFor();
    await page.getByRole('heading', { level: 2, name: ar['dashboard.quick.title'] }).waitFor();
    expect(await page.evaluate(() => document.documentElement.dir)).toBe('rtl');
    await expectNoSeriousA11yViolations(page, '/dashboard in Arabic');
    await docShot(page, 'dashboard-ar.png');
    await settings.goto('/settings');
    await settings.getByRole('heading', { level: 1, name: ar['settings.title'] }).waitFor();
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

    // A change the server refuses (an older server, say): a toast says so, and the screens and the field show the saved language again (L4).
    await settings.route('**/api/user/language', (route) =>
      route.request().method() === 'PUT'
        ? route.fulfill({ status: 400, contentType: 'application/json', body: JSON.stringify({ error: 'Invalid request', issues: [{ path: 'language', message: 'Invalid option' }] }) })
        : route.fallback(),
    );
    await settings.getByRole('combobox', { name: ar['language.label'] }).click();
    await settings.getByRole('option', { name: 'Français' }).click();
    await expectToast(settings, ar['language.refusedTitle'], ar['language.refusedDescription']);
    expect(await settings.evaluate(() => document.documentElement.lang)).toBe('ar');
    await settings.getByRole('combobox', { name: ar['language.label'] }).getByText('العربية').waitFor();
    expect(await accountLanguage()).toBe('ar');
    await context.close();
  });

  it("the sign-in page fetches the language select's code on first use: the first tap opens its list, and a choice shows at once", async () => {
    const es: Record<string, string> = catalog('es', 'auth');
    const context = await phone('en-US');
    const page = await context.newPage();
    const scripts: string[] = [];
    page.on('request', (r) => void (r.resourceType() === 'script' && scripts.push(new URL(r.url()).pathname)));
    await page.goto('/login');
    await page.getByRole('heading', { level: 1, name: en['login.title'] }).waitFor();
    await page.waitForLoadState('networkidle');
    expect(scripts.filter((s) => /\/assets\/Select-/.test(s)), 'the select fetched before its first use').toEqual([]); // issue 41
    await page.getByRole('combobox', { name: en['language.label'] }).tap();
    await page.getByRole('option', { name: 'Español' }).tap();
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(es['login.title']);
    await page.getByRole('combobox', { name: catalog('es', 'shell')['language.label'] }).getByText('Español').waitFor();
    await context.close();
  });
});
