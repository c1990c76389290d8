/**
 * A forgotten password, end to end (SECURITY.md "Password reset"; accounts/password-reset-routes.ts): in the
 * built app at 390 px over real HTTP and a real SMTP server on loopback. The owner has confirmed
 * their address; on another phone they ask for a link, follow it from the e-mail, choose a new
 * password and are signed in; the token leaves the address bar; the old device is signed out; the
 * new password signs in. Both pages pass axe-core.
 */
import { describe, expect, it } from 'vitest';
import { RESET_LINK_INVALID } from '../shared/schema/auth';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, keylessAccountPage, mobileContext, passRecoveryKit, upgradeViaUi, useMailSuite } from './harness';
import { confirmOwnerEmail } from './owner-email';
import { signedInPage } from './record-screens';

const NEW_PASSWORD = 'a new and long passphrase';

describe.skipIf(!hasChromium)('password reset', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useMailSuite({}, { serviceWorkers: 'block' });

  it('forgot → e-mail → link → new password → signed in; the old device is signed out', async () => {
    // An account without keys: this is the reset of such an account (e2e/recovery-kit.test.ts resets one with keys).
    const { page: oldPage, user } = await keylessAccountPage(await mobileContext(suite.browser, suite.server.url), suite.server.url, '/settings');
    await confirmOwnerEmail(suite.browser, oldPage, suite.smtp, user.email);

    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.getByRole('heading', { name: 'Forgot your password?' }).waitFor();
    expect(await page.content()).not.toContain('not available yet');
    await page.getByLabel('Email').fill(user.email.toUpperCase());
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await page.getByText('is the confirmed e-mail address of an Afterword account').waitFor();
    await expectNoSeriousA11yViolations(page, '/forgot-password');

    const mail = await suite.smtp.waitFor(user.email, /Reset your Afterword password/);
    expect(mail.links).toHaveLength(1);
    const link = mail.links[0]!;
    expect(new URL(link).pathname).toBe('/reset-password');
    const token = new URL(link).hash.slice(1);
    expect(token).toMatch(/^[A-Za-z0-9_-]{43}$/);

    await page.goto(link);
    await page.getByRole('heading', { name: 'Choose a new password' }).waitFor();
    // An account without keys (every account the app makes today) loses nothing: the page says so, not "recovery code".
    await page.getByText('Everything you wrote stays as it is').waitFor();
    await expect.poll(() => page.url()).not.toContain('#');
    expect(page.url()).not.toContain(token);
    await expectNoSeriousA11yViolations(page, '/reset-password');
    await page.getByLabel('New password', { exact: true }).fill(NEW_PASSWORD);
    await page.getByLabel('Confirm new password').fill(NEW_PASSWORD);
    // "No keys" sends nothing until the person says, on purpose, that the account is that old (issue 39, review H1).
    const resets: string[] = [];
    page.on('request', (r) => void (r.url().endsWith('/api/auth/reset-password') && resets.push(r.postData() ?? '')));
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.getByText('Your server answered as if your account had no keys. Nothing was sent.').first().waitFor();
    expect(resets).toEqual([]);
    await page.getByLabel('My account was made before Afterword sealed what I write', { exact: false }).check();
    await page.getByRole('button', { name: 'Set new password' }).click();
    await page.waitForURL('**/dashboard');
    expect(resets).toHaveLength(1);

    // Every other session ended: the old phone's session is refused.
    expect(await oldPage.evaluate(async () => (await fetch('/api/user/profile')).status)).toBe(401);

    // The new password signs in on a third device; the old one does not.
    const third = await (await mobileContext(suite.browser, suite.server.url)).newPage();
    // (an account without keys signs in through the app only by "Upgrade an older account", the one page that sends its password)
    await upgradeViaUi(third, { username: user.username, password: user.password });
    await third.getByText('The upgrade did not happen').first().waitFor();
    await upgradeViaUi(third, { username: user.username, password: NEW_PASSWORD });
    await passRecoveryKit(third); // its first sign-in in the app gives it keys: the kit is shown first
    await context.close();
  });

  it('both pages pass axe on desktop; a reset page without a token, or with a dead one, says so', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/forgot-password');
    await page.getByRole('button', { name: 'Send reset link' }).waitFor();
    await expectNoSeriousA11yViolations(page, '/forgot-password (desktop)');
    await page.goto('/reset-password');
    await page.getByText('This page needs the link from your reset e-mail.').waitFor();
    await page.goto(`/reset-password#${'A'.repeat(43)}`); // pasted into the open page: only the fragment changes
    await page.getByText(RESET_LINK_INVALID).first().waitFor(); // said before the person types anything
    expect(page.url()).not.toContain('#');
    await expectNoSeriousA11yViolations(page, '/reset-password (desktop)');
    await context.close();
  });
});
