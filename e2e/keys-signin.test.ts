/**
 * Sign-in with keys in the built app (shared/crypto/README.md "Keys"; SECURITY.md "Sealed from
 * the server"): register → the recovery kit; sign out; sign in with the password (the KDF in a
 * Worker); write the plan; the server's files hold envelopes, never the words; a second browser
 * signs in and reads the plan. axe on the login page at 390 px.
 */
import { describe, expect, it } from 'vitest';
import { needlesOf, scanDirectory } from '../sync-server/canary-scan';
import { desktopContext, expectNoSeriousA11yViolations, hasChromium, loginViaUi, mobileContext, poll, registerViaUi, uniqueUser, useBrowserSuite } from './harness';
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
  const suite = useBrowserSuite();

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
    await page.waitForURL('**/dashboard', { timeout: 30_000 });
    await poll(() => page.getByText('Welcome back!', { exact: true }).isVisible()).toBe(true);

    await page.goto('/death-plan');
    await page.getByLabel('Location').fill(CANARY);
    await page.getByRole('button', { name: 'Save Changes' }).click();
    await poll(() => page.getByText('Plan created successfully', { exact: true }).isVisible()).toBe(true);
    // Pushed, sealed under the plan's key: an envelope on the server, never the words.
    await poll(() => serverHolds(suite.server.dataDir, 'v1.plan~1.'), 30_000).toBe(true);
    expect(scanDirectory(suite.server.dataDir, needlesOf([CANARY, user.password, user.lastName]))).toEqual([]);

    const second = await desktopContext(suite.browser, suite.server.url);
    const other = await second.newPage();
    await loginViaUi(other, user);
    await other.waitForURL('**/dashboard', { timeout: 30_000 });
    await other.goto('/death-plan');
    await poll(() => other.getByLabel('Location').inputValue(), 30_000).toBe(CANARY);
    await second.close();
    await context.close();
  });

  it('the login page passes axe at 390 px', async () => {
    const context = await mobileContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await expectNoSeriousA11yViolations(page, 'login 390');
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
    await poll(() => dialog.isVisible(), 30_000).toBe(true);
    await expectNoSeriousA11yViolations(page, 'unlock 390');
    await dialog.getByLabel('Password').fill('not the password');
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await poll(() => dialog.getByText('That password did not open your keys. Please check it and try again.').isVisible(), 30_000).toBe(true);
    await dialog.getByLabel('Password').fill(user.password);
    await dialog.getByRole('button', { name: 'Unlock' }).click();
    await poll(() => dialog.isVisible(), 30_000).toBe(false);
    await context.close();
  });
});
