/**
 * The recovery kit and recovery after a forgotten password, end to end (SECURITY.md "Recovery",
 * "Password reset"): the built app in Chromium at 390 px (and desktop for axe), real HTTP, a real
 * SMTP server on loopback. Accounts with keys are made through the API (e2e/keyed-account.ts)
 * until the sign-in screens make keys.
 */
import { describe, expect, it } from 'vitest';
import { desktopContext, downloadedBytes, loginViaUi, registerViaUi, uniqueUser, expectNoSeriousA11yViolations, hasChromium, mobileContext, useMailSuite } from './harness';
import { openKeyringViaApi, registerWithKeysViaApi } from './keyed-account';
import { confirmOwnerEmail } from './owner-email';
import { expectToast, openSignedIn } from './record-screens';

const NEW_PASSWORD = 'a new and long passphrase';
const CODE = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){6}$/;

/** `code` with one character of group `group` (1–7) changed: its check character catches it. */
function mistype(code: string, group: number): string {
  const groups = code.split('-');
  const g = groups[group - 1]!;
  groups[group - 1] = (g[0] === '7' ? '8' : '7') + g.slice(1);
  return groups.join('-');
}

describe.skipIf(!hasChromium)('recovery kit', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({}, { serviceWorkers: 'block' });

  it('Settings → a new kit (password) → the kit: code, QR, download; a mistyped group is refused, the right code confirms; the card says so', async () => {
    const account = await registerWithKeysViaApi(suite.server.url);
    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    // Signed in through the app, so this device holds the account key (the key session is open).
    await loginViaUi(page, account.user);
    await page.waitForURL('**/dashboard');
    await openSignedIn(page, '/settings');
    const card = page.locator('[data-testid="recovery-kit-state"]');
    await card.getByText('Not confirmed').waitFor(); // made at registration, never shown in this test
    await expectNoSeriousA11yViolations(page, '/settings (recovery kit card, 390 px)');

    await page.getByRole('button', { name: 'Make a new recovery kit' }).click();
    await page.getByText('Your current recovery code will stop working').waitFor();
    await page.getByLabel('Password').fill('not my password');
    await page.getByRole('button', { name: 'Make new kit' }).click();
    await page.getByText('That password is not right').waitFor();
    await page.getByLabel('Password').fill(account.user.password);
    await page.getByRole('button', { name: 'Make new kit' }).click();
    await page.waitForURL('**/recovery-kit');

    const shown = page.getByTestId('recovery-code');
    await shown.waitFor();
    const code = ((await shown.textContent()) ?? '').match(/.{5}/g)!.join('-');
    expect(code).toMatch(CODE);
    expect(code).not.toBe(account.code); // a new code
    await page.getByText('you cannot open your words again, and Afterword cannot open them for you').first().waitFor();
    const qr = page.getByRole('img', { name: 'QR code of your recovery code' });
    await qr.waitFor();
    expect(await qr.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth > 100)).toBe(true);
    await expectNoSeriousA11yViolations(page, '/recovery-kit (390 px)');

    // Print: only the kit (account, code, QR, instructions), nothing of the app around it.
    const sheet = page.locator('.recovery-kit-print');
    const nav = page.getByRole('navigation').first();
    expect([await sheet.isVisible(), await nav.isVisible()]).toEqual([false, true]); // on screen: the app, not the sheet
    await page.emulateMedia({ media: 'print' });
    expect(await sheet.isVisible()).toBe(true);
    expect(await sheet.textContent()).toContain(code);
    expect(await sheet.textContent()).toContain(account.user.username);
    expect(await page.getByRole('button', { name: 'Download' }).isVisible()).toBe(false);
    expect(await nav.isVisible()).toBe(false);
    await page.emulateMedia({ media: 'screen' });

    const [download] = await Promise.all([page.waitForEvent('download'), page.getByRole('button', { name: 'Download' }).click()]);
    const text = new TextDecoder().decode(await downloadedBytes(download));
    expect(text).toContain(code);
    expect(text).toContain(account.user.username);
    expect(text).toContain('Afterword cannot open them for you');

    await page.getByRole('button', { name: 'I have kept it' }).click();
    expect(await page.getByTestId('recovery-code').count()).toBe(0); // typed from the person's copy, not from the screen
    await page.getByLabel('Recovery code').fill(mistype(code, 3));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('Group 3 does not look right').waitFor();
    await page.getByLabel('Recovery code').fill(account.code); // the old kit's code: well formed, but not this one
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByText('This is a different code').waitFor();
    await expectNoSeriousA11yViolations(page, '/recovery-kit check (390 px)');
    await page.getByLabel('Recovery code').fill(code.toLowerCase().replace(/-/g, ' '));
    await page.getByRole('button', { name: 'Confirm' }).click();
    await expectToast(page, 'Recovery kit kept');
    await page.waitForURL('**/settings');
    await card.getByText('Kept', { exact: true }).waitFor();

    // A reload loses the code on purpose: the page offers a new kit instead.
    await page.goto('/recovery-kit');
    await page.getByText('cannot be shown again here').waitFor();
    await page.getByRole('button', { name: 'Make a new recovery kit' }).waitFor();
    await context.close();

    const desktop = await desktopContext(suite.browser, suite.server.url);
    const big = await desktop.newPage();
    await loginViaUi(big, account.user);
    await big.waitForURL('**/dashboard');
    await openSignedIn(big, '/settings');
    await big.locator('[data-testid="recovery-kit-state"]').waitFor();
    await expectNoSeriousA11yViolations(big, '/settings (desktop)');
    await big.getByRole('button', { name: 'Make a new recovery kit' }).click();
    await big.getByLabel('Password').fill(account.user.password);
    await big.getByRole('button', { name: 'Make new kit' }).click();
    await big.getByRole('img', { name: 'QR code of your recovery code' }).waitFor();
    await expectNoSeriousA11yViolations(big, '/recovery-kit (desktop)');
    await desktop.close();
  });

  it('a forgotten password: reset on another phone, the recovery code opens the words; the new password then opens the same keyring; a second reset on that phone opens them from its keys', async () => {
    // Registered through the app (its device writes the profile, e-mail included), the kit's code kept.
    const owner = await mobileContext(suite.browser, suite.server.url);
    const ownerPage = await owner.newPage();
    const user = uniqueUser('Grace');
    const code = await registerViaUi(ownerPage, user);
    await ownerPage.waitForURL('**/dashboard');
    const account = { user, code, keyring: (await openKeyringViaApi(suite.server.url, user.username, user.password)).keyring };
    await confirmOwnerEmail(suite.browser, ownerPage, suite.smtp, account.user.email);
    await owner.close();

    const phone = await mobileContext(suite.browser, suite.server.url);
    const page = await phone.newPage();
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    const mail = await suite.smtp.waitFor(account.user.email, /Reset your Afterword password/);
    await page.goto(mail.links[0]!);
    await page.getByText('open again with your recovery code').waitFor();
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByRole('heading', { name: 'Open your words again' }).waitFor();
    await page.getByLabel('Recovery code').waitFor(); // this phone never held the keys
    await expectNoSeriousA11yViolations(page, '/reset-password, open your words (390 px)');

    await page.getByRole('button', { name: 'I do not have my recovery code' }).click();
    await page.getByText('you cannot open your plans, messages and documents again, and Afterword cannot open them for you.').waitFor();
    await expectNoSeriousA11yViolations(page, '/reset-password, without the code (390 px)');
    await page.getByRole('button', { name: 'I found my code' }).click();
    await page.getByLabel('Recovery code').fill(mistype(account.code, 5));
    await page.getByRole('button', { name: 'Open my words' }).click();
    await page.getByText('Group 5 does not look right').waitFor();
    await page.getByLabel('Recovery code').fill(account.code);
    await page.getByRole('button', { name: 'Open my words' }).click();
    await page.getByText('Your words are open again').waitFor();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL('**/dashboard');

    // The session proved it holds AK: it may steer the release again.
    expect(await page.evaluate(async () => (await fetch('/api/release/settings', { method: 'PUT', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ waitingDays: 14 }) })).status)).toBe(200);
    // Signing in with the new password opens the same keyring (what the sign-in screen will do).
    const opened = await openKeyringViaApi(suite.server.url, account.user.username, NEW_PASSWORD);
    expect(opened.keyring.kids()).toEqual(account.keyring.kids());
    for (const kid of account.keyring.kids()) expect(opened.keyring.raw(kid)).toEqual(account.keyring.raw(kid));

    // Forgotten again, on this same phone, which now holds the keys: they open the words at once, no code asked.
    const before = suite.smtp.to(account.user.email).length;
    await page.goto('/forgot-password');
    await page.getByLabel('Email').fill(account.user.email);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect.poll(() => suite.smtp.to(account.user.email).length).toBeGreaterThan(before);
    const again = suite.smtp.to(account.user.email).at(-1)!;
    await page.goto(again.links[0]!);
    await page.getByLabel('New password', { exact: true }).fill(`${NEW_PASSWORD} two`);
    await page.getByLabel('Confirm new password').fill(`${NEW_PASSWORD} two`);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your words are open again').waitFor();
    expect(await page.getByLabel('Recovery code').count()).toBe(0);
    const reopened = await openKeyringViaApi(suite.server.url, account.user.username, `${NEW_PASSWORD} two`);
    expect(reopened.keyring.kids()).toEqual(account.keyring.kids());
    await phone.close();
  });
});
