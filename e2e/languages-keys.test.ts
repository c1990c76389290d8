/**
 * Issue 44, the keys feature under the tests' pseudo-locale at 390 px (docs/i18n.md "Moving a
 * feature"; namespace `keys`, session 27): Settings' recovery kit buttons, the "I lost a device"
 * and "Make a new recovery kit" dialogs with their refusal, the recovery kit page (the code, its
 * buttons, "Later"'s question, the check with its refusals and the toast), and the page once the
 * code is gone leave no English word of the keys' (or Settings') catalogs and nothing wider than
 * the screen; so do the Unlock dialog and its refusal. In Arabic the dialog and the kit page read right
 * to left and pass axe. Apart from languages-features.test.ts, which is near its size limit. The printed
 * sheet and the downloaded text are not walked here (not screen words; display:none on screen):
 * web/features/keys/kit-text.test.ts reads them in German.
 */
import { describe, expect, it } from 'vitest';
import { expectToast } from './record-screens';
import { expectNoSeriousA11yViolations, hasChromium, MOBILE, poll, useBrowserSuite } from './harness';
import { ar, englishWords, expectAllTranslated, pseudo, pseudoOwner, pseudoStart, signUpHere } from './language-steps';

/** The password every test user has (harness.ts uniqueUser). */
const PASSWORD = 'correct horse battery';

describe.skipIf(!hasChromium)('languages: the keys feature (issue 44)', () => {
  // No test here goes offline: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });
  const phone = (locale: string) => suite.browser.newContext({ baseURL: suite.server.url, viewport: MOBILE, isMobile: true, hasTouch: true, locale });

  it('under the pseudo-locale, the recovery kit page and the new-kit and lost-device dialogs leave no English word', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['keys', 'settings']);
    await page.goto('/settings');
    const kitCard = page.locator('main div.rounded-xl', { has: page.getByRole('heading', { level: 2, name: pseudo('settings.kit.title'), exact: true }) }).last();
    await kitCard.getByRole('button', { name: pseudo('keys.lostDevice.button') }).waitFor();
    await expectAllTranslated(page, kitCard, 'Settings, the recovery kit card', words);

    // "I lost a device": its dialog, then Cancel.
    await kitCard.getByRole('button', { name: pseudo('keys.lostDevice.button') }).click();
    let dialog = page.getByRole('dialog');
    await dialog.getByText(pseudo('keys.lostDevice.changePasswordToo')).waitFor();
    await expectAllTranslated(page, dialog, 'the lost-device dialog', words);
    await dialog.getByRole('button', { name: pseudo('keys.newKit.cancel') }).click();
    await dialog.waitFor({ state: 'detached' });

    // "Make a new recovery kit": the dialog, its refusal of an empty password, then the kit made.
    await kitCard.getByRole('button', { name: pseudo('keys.newKit.button') }).click();
    dialog = page.getByRole('dialog');
    await dialog.getByText(pseudo('keys.newKit.replaceKeyHint')).waitFor();
    await dialog.getByRole('button', { name: pseudo('keys.newKit.makeSubmit') }).click();
    await dialog.getByText(pseudo('keys.newKit.enterPassword'), { exact: true }).waitFor();
    await expectAllTranslated(page, dialog, 'the new-kit dialog, a refusal', words);
    await dialog.getByLabel(pseudo('keys.password')).fill(PASSWORD);
    await dialog.getByRole('button', { name: pseudo('keys.newKit.makeSubmit') }).click();

    // The kit page: the code's groups are the person's own (hidden once read), the rest is the catalog's.
    await page.waitForURL('**/recovery-kit');
    const groups = page.getByTestId('recovery-code');
    await groups.waitFor();
    const code = (await groups.locator('span').allTextContents()).map((g) => g.trim()).join('-');
    await expectAllTranslated(page, page.locator('main'), '/recovery-kit', words);
    await page.getByRole('button', { name: pseudo('keys.kit.later') }).click();
    await page.getByRole('alertdialog').getByText(pseudo('keys.kit.laterDescription')).waitFor();
    await expectAllTranslated(page, page.getByRole('alertdialog'), 'the "Later" question', words);
    await page.getByRole('alertdialog').getByRole('button', { name: pseudo('keys.kit.backToKit') }).click();

    // The check: an empty code, a mistyped group, then the right code and its toast.
    await page.getByRole('button', { name: pseudo('keys.kit.keptIt') }).click();
    const confirm = page.getByRole('button', { name: pseudo('keys.kit.confirm') });
    await confirm.click();
    await page.getByText(pseudo('keys.kit.empty'), { exact: true }).waitFor();
    await expectAllTranslated(page, page.locator('main'), '/recovery-kit, the check', words);
    await page.getByLabel(pseudo('keys.code.label')).fill(`${code.startsWith('7') ? '8' : '7'}${code.slice(1)}`);
    await confirm.click();
    await page.getByText(`${pseudoStart('keys.code.badGroup')}1`).waitFor();
    await expectAllTranslated(page, page.locator('main'), '/recovery-kit, a mistyped group', words);
    await page.getByLabel(pseudo('keys.code.label')).fill(code);
    await confirm.click();
    await expectToast(page, pseudo('keys.kit.keptTitle'), pseudo('keys.kit.keptDescription'));
    await page.waitForURL('**/settings');

    // The page once its code is gone (a reload: the code is never stored).
    await page.goto('/recovery-kit');
    await page.getByText(pseudo('keys.kit.shownOnce')).waitFor();
    await expectAllTranslated(page, page.locator('main'), '/recovery-kit, no code', words);
    await context.close();
  });

  it('under the pseudo-locale, the Unlock dialog (a device whose keys were cleared) and its refusal leave no English word', async () => {
    const { context, page } = await pseudoOwner(() => phone('en-US'));
    const words = englishWords(['keys']);
    await page.waitForURL('**/dashboard');
    // This browser's key storage is cleared (as e2e/keys-signin.test.ts does): the keys are locked here.
    await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('afterword-device-keys').onsuccess = resolve)));
    await page.reload();
    const dialog = page.getByRole('dialog', { name: pseudo('keys.unlock.title') });
    await dialog.getByText(pseudo('keys.unlock.cleared')).waitFor();
    await expectAllTranslated(page, dialog, 'the Unlock dialog', words);
    await dialog.getByLabel(pseudo('keys.password')).fill('not the password');
    await dialog.getByRole('button', { name: pseudo('keys.unlock.submit') }).click();
    await dialog.getByText(pseudo('keys.unlock.wrong')).waitFor({ timeout: 60_000 });
    await expectAllTranslated(page, dialog, 'the Unlock dialog, a wrong password', words);
    await dialog.getByLabel(pseudo('keys.password')).fill(PASSWORD);
    await dialog.getByRole('button', { name: pseudo('keys.unlock.submit') }).click();
    await dialog.waitFor({ state: 'detached', timeout: 60_000 });
    await context.close();
  });

  it('in Arabic, the new-kit dialog and the recovery kit page read right to left at 390 px and pass axe', async () => {
    const context = await phone('ar-EG');
    const page = await context.newPage();
    await signUpHere(page, ar['register.submit']);
    await page.goto('/settings');
    await page.getByRole('button', { name: ar['keys.newKit.button'] }).click();
    const dialog = page.getByRole('dialog');
    await dialog.getByText(ar['keys.newKit.replaceKeyHint']).waitFor();
    await expectNoSeriousA11yViolations(page, 'the new-kit dialog in Arabic');
    await dialog.getByLabel(ar['keys.password']).fill(PASSWORD);
    await dialog.getByRole('button', { name: ar['keys.newKit.makeSubmit'] }).click();
    await page.waitForURL('**/recovery-kit');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(ar['keys.kit.title']);
    expect(await page.evaluate(() => [document.documentElement.dir, document.documentElement.scrollWidth <= 390])).toEqual(['rtl', true]);
    await expectNoSeriousA11yViolations(page, '/recovery-kit in Arabic');
    await page.getByRole('button', { name: ar['keys.kit.keptIt'] }).click();
    await page.getByText(ar['keys.kit.checkIntro']).waitFor();
    await expectNoSeriousA11yViolations(page, '/recovery-kit, the check, in Arabic');
    await context.close();
  });
});
