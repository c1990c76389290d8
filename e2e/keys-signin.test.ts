/**
 * Sign-in with keys in the built app (shared/crypto/README.md "Keys"; SECURITY.md "Sealed from
 * the server"): register → the recovery kit; sign out; sign in with the password (the KDF in a
 * Worker); write the plan; the server's files hold envelopes, never the words; a second browser
 * signs in and reads the plan. axe on the login and upgrade pages at 390 px and on a desktop. A
 * server stand-in answering `kdf: null` for a sealed account gets no password (issue 39).
 */
import { describe, expect, it } from 'vitest';
import { needlesOf, scanDirectory } from '../sync-server/test/canary-scan';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, loginViaUi, mobileContext, poll, registerViaUi, uniqueUser, useBrowserSuite } from './harness';
import { recordTexts } from './record-texts';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';

const CANARY = 'Canary-Boathouse-Quokka';

/** True when some file of the server's data directory holds `text`. */
const serverHolds = (dir: string, text: string) =>
  readdirSync(dir, { recursive: true, encoding: 'utf8' }).some((name) => {
    try {
      return readFileSync(join(dir, name)).includes(Buffer.from(text));
    } catch {
      return false; // a directory
    }
  });

describe.skipIf(!hasChromium)('sign-in with keys: sealed from birth', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  it('register → kit, sign out, sign in, write the plan: the server holds envelopes, another browser reads the words', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const user = uniqueUser('Grace');
    await page.goto('/register');
    await registerViaUi(page, user); // waits for the recovery kit's address, then goes on
    await page.waitForURL('**/dashboard');

    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');
    await loginViaUi(page, user);
    await page.waitForURL('**/dashboard');
    await poll(() => page.getByText('Welcome back!', { exact: true }).isVisible()).toBe(true);

    await page.goto('/death-plan');
    await page.getByLabel('Location').fill(CANARY);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await poll(() => page.getByText('Plan created successfully', { exact: true }).isVisible()).toBe(true);
    // Pushed, sealed under the plan's key: an envelope on the server, never the words.
    await poll(() => serverHolds(suite.server.dataDir, 'v1.plan~1.')).toBe(true);
    // The full name the owner chose to show in e-mails (profile.emailName, plain on purpose: SECURITY.md) is the one allowed exception.
    expect(scanDirectory(suite.server.dataDir, needlesOf([CANARY, user.password, user.lastName]), needlesOf([`${user.firstName} ${user.lastName}`]))).toEqual([]);

    const second = await desktopContext(suite.browser, suite.server.url);
    const other = await second.newPage();
    await loginViaUi(other, user);
    await other.waitForURL('**/dashboard');
    await other.goto('/death-plan');
    await poll(() => other.getByLabel('Location').inputValue()).toBe(CANARY);
    await second.close();
    await context.close();
  });

  it('the login page and "Upgrade an older account" pass axe at 390 px and on a desktop', async () => {
    for (const make of [mobileContext, desktopContext]) {
      const context = await make(suite.browser, suite.server.url);
      const page = await context.newPage();
      await page.goto('/login');
      await expectNoSeriousA11yViolations(page, `login ${make.name}`);
      await page.getByRole('link', { name: 'Upgrade an older account' }).click();
      await page.getByRole('heading', { name: 'Upgrade an older account' }).waitFor();
      await page.getByText('sends your password to your server', { exact: false }).waitFor();
      await expectNoSeriousA11yViolations(page, `upgrade-account ${make.name}`);
      await context.close();
    }
  });

  it('a server answering `kdf: null` for a sealed account gets no password: the form sends nothing more and says why (issue 39)', async () => {
    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const user = uniqueUser('Lucy');
    await page.goto('/register');
    await registerViaUi(page, user);
    await page.waitForURL('**/dashboard');
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    // A stand-in for the server's prelogin: it lies that the account has no keys. Every request body is kept.
    await page.route('**/api/auth/prelogin', (route) => route.fulfill({ status: 200, contentType: 'application/json', body: JSON.stringify({ kdf: null }) }));
    const requests: { url: string; body: string | null }[] = [];
    page.on('request', (r) => void requests.push({ url: r.url(), body: r.postData() }));
    await loginViaUi(page, user);
    await poll(() => page.getByText('Your server answered as if your account had no keys. Nothing was sent.', { exact: false }).first().isVisible()).toBe(true);
    await page.getByText('Login failed').first().waitFor();
    expect(new URL(page.url()).pathname).toBe('/login');
    expect(requests.filter((r) => r.url.includes('/api/auth/prelogin'))).toHaveLength(1);
    expect(requests.filter((r) => r.url.includes('/api/auth/login') || r.url.includes('/api/keys'))).toEqual([]);
    for (const r of requests) {
      expect(r.body ?? '').not.toContain(user.password);
      expect(r.body ?? '').not.toMatch(/"password"/);
    }
    await context.close();
  });

  it('a device whose keys were cleared asks for the password (Unlock, 390 px, axe) and opens them again', async () => {
    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const user = uniqueUser('Ida');
    await page.goto('/register');
    await registerViaUi(page, user);
    await page.waitForURL('**/dashboard');
    // This browser's key storage is cleared (Dexie closes on the delete's version change).
    await page.evaluate(() => new Promise((resolve) => (indexedDB.deleteDatabase('afterword-device-keys').onsuccess = resolve)));
    await page.reload();
    const dialog = page.getByRole('dialog', { name: 'Unlock your words' });
    await poll(() => dialog.isVisible()).toBe(true);
    await expectNoSeriousA11yViolations(page, 'unlock 390');
    // Issue 41: once the password has been stretched 400 ms (Argon2id at its pinned cost, here on a
    // phone's CPU, ×4: seconds), the dialog says what it is doing; every text its line shows is recorded.
    const cdp = await context.newCDPSession(page);
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 4 });
    const words = await recordTexts(page, 'password-progress');
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await poll(() => dialog.getByText('That password did not open your keys. Please check it and try again.').isVisible(), 60_000).toBe(true);
    expect(await words()).toEqual(['Unlocking your keys on this device…']);
    expect(await dialog.getByTestId('password-progress').textContent()).toBe(''); // gone with the wait
    await cdp.send('Emulation.setCPUThrottlingRate', { rate: 1 });
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await poll(() => dialog.isVisible()).toBe(false);
    await context.close();
  });
});
