/**
 * Replacing the account key end to end (SECURITY.md "Replacing the account key"): the built app in
 * Chromium, two devices of one account. A new kit with "Also replace the key…" leaves the other
 * device asking for the password with the words of the replacement; "I lost a device" signs it
 * out. At 390 px and on desktop, axe on each new screen.
 */
import { describe, expect, it } from 'vitest';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, loginViaUi, mobileContext, poll, useBrowserSuite } from './harness';
import { openKeyringViaApi, registerWithKeysViaApi } from './keyed-account';
import { openSignedIn } from './record-screens';

const CODE = /^[0-9A-HJKMNP-TV-Z]{5}(-[0-9A-HJKMNP-TV-Z]{5}){6}$/;

describe.skipIf(!hasChromium)('replacing the account key', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  it('a new kit replaces the key: the other device says so and opens with the password; "I lost a device" signs it out', async () => {
    const account = await registerWithKeysViaApi(suite.server.url);
    const before = await openKeyringViaApi(suite.server.url, account.user.username, account.user.password);
    const phone = await mobileContext(suite.browser, suite.server.url);
    const a = await phone.newPage();
    await loginViaUi(a, account.user);
    await a.waitForURL('**/dashboard');
    const laptop = await desktopContext(suite.browser, suite.server.url);
    const b = await laptop.newPage();
    await loginViaUi(b, account.user);
    await b.waitForURL('**/dashboard');

    await openSignedIn(a, '/settings');
    await a.locator('[data-testid="recovery-kit-state"]').waitFor();
    await a.getByRole('button', { name: 'Make a new recovery kit' }).click();
    const replace = a.getByRole('checkbox', { name: /Also replace the key that locks your words/ });
    expect(await replace.isChecked()).toBe(true);
    await expectNoSeriousA11yViolations(a, 'new kit dialog with the key offer (390 px)');
    await a.getByLabel('Password').fill(account.user.password);
    await a.getByRole('button', { name: 'Make new kit' }).click();
    await a.waitForURL('**/recovery-kit', { timeout: 60_000 });
    const code = ((await a.getByTestId('recovery-code').textContent()) ?? '').match(/.{5}/g)!.join('-');
    expect(code).toMatch(CODE);

    // The same scope keys, re-wrapped under AK 2.
    const after = await openKeyringViaApi(suite.server.url, account.user.username, account.user.password);
    expect(after.keyring.kids().sort()).toEqual(before.keyring.kids().sort());
    for (const kid of before.keyring.kids()) expect(after.keyring.raw(kid)).toEqual(before.keyring.raw(kid));

    // The laptop still holds AK 1: at its next start it says the key was replaced and asks for the password.
    await b.reload();
    const dialog = b.getByRole('dialog', { name: 'Unlock your words' });
    await poll(() => dialog.isVisible()).toBe(true);
    await dialog.getByText('The key that locks your words was replaced on another device.').waitFor();
    await expectNoSeriousA11yViolations(b, 'unlock after a replaced key (desktop)');
    await dialog.getByLabel('Password').fill(account.user.password);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await poll(() => dialog.isVisible()).toBe(false);

    // "I lost a device" on the phone: the key replaced again and the laptop signed out.
    await a.goto('/settings');
    await a.getByRole('button', { name: 'I lost a device' }).click();
    await a.getByText('signs out every other device').waitFor();
    await a.getByText('If the lost device may have your password saved, change your password too').waitFor(); // SECURITY.md: the lost device's copy stays locked with the password
    await expectNoSeriousA11yViolations(a, 'I lost a device (390 px)');
    await a.getByLabel('Password').fill(account.user.password);
    await a.getByRole('button', { name: 'Replace key and sign out' }).click();
    await a.waitForURL('**/recovery-kit', { timeout: 60_000 });
    await a.getByTestId('recovery-code').waitFor();
    expect(await b.evaluate(async () => (await fetch('/api/keys')).status)).toBe(401);
    expect(await a.evaluate(async () => (await fetch('/api/keys')).status)).toBe(200);
    await phone.close();
    await laptop.close();
  });
});
