/**
 * Issue #2 in the browser: landing → register (with a mismatch first) → dashboard → logout →
 * login; the protected-route redirect; the 404 page; axe on the public screens and the
 * dashboard at 390 px and 1280 px (SPEC.md §2 "Session behaviour", §5 "Registration").
 */
import { describe, expect, it } from 'vitest';
import {
  desktopContext,
  expectNoSeriousA11yViolations,
  hasChromium,
  loginViaUi,
  passRecoveryKit,
  poll,
  registerViaUi,
  SCREEN_SIZES,
  uniqueUser,
  useBrowserSuite,
} from './harness';

describe.skipIf(!hasChromium)('sign-up, sign-out, sign-in (issue #2)', () => {
  // No test here goes offline or looks at a worker: its contexts run without the service worker (issue 41, CI time).
  const suite = useBrowserSuite({ browser: { serviceWorkers: 'block' } });

  it('registers from the landing page, logs out and signs in again', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const user = uniqueUser('Rosalind');

    await page.goto('/');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe('Prepare Your Legacy, Comfort Your Loved Ones');
    await page.getByRole('link', { name: 'Get Started' }).click();
    await page.waitForURL('**/register');

    // A mismatched confirmation is refused on the confirm field (SPEC.md §5).
    await page.getByLabel('First Name').fill(user.firstName);
    await page.getByLabel('Last Name').fill(user.lastName);
    await page.getByLabel('Email').fill(user.email);
    await page.getByLabel('Username').fill(user.username);
    await page.getByLabel('Password', { exact: true }).fill(user.password);
    await page.getByLabel('Confirm Password').fill(`${user.password}-typo`);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await poll(() => page.getByText('Passwords do not match', { exact: true }).isVisible()).toBe(true);
    expect(await page.getByLabel('Confirm Password').getAttribute('aria-invalid')).toBe('true');
    expect(new URL(page.url()).pathname).toBe('/register');

    await page.getByLabel('Confirm Password').fill(user.password);
    await page.getByRole('button', { name: 'Create Account' }).click();
    await passRecoveryKit(page); // keys were made on this device: the recovery kit comes first
    await page.waitForURL('**/dashboard');
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Welcome, ${user.firstName}`);
    await poll(() => page.getByText('Account created', { exact: true }).isVisible()).toBe(true);

    // A signed-in visit to /login goes to the dashboard.
    await page.goto('/login');
    await page.waitForURL('**/dashboard');

    // User menu → Logout → /login.
    await page.getByRole('button', { name: 'Open user menu' }).click();
    await poll(() => page.getByText(user.email).isVisible()).toBe(true);
    await page.getByRole('menuitem', { name: 'Logout' }).click();
    await page.waitForURL('**/login');

    // The session is gone on the server too: a reload stays signed out.
    await page.goto('/dashboard');
    await page.waitForURL('**/login');

    // Wrong password: a destructive toast with the server's message, still on /login.
    await loginViaUi(page, { username: user.username, password: 'not the password' });
    await poll(() => page.getByText('Login failed', { exact: true }).isVisible()).toBe(true);
    expect(new URL(page.url()).pathname).toBe('/login');

    await loginViaUi(page, user);
    await page.waitForURL('**/dashboard');
    await poll(() => page.getByText('Welcome back!', { exact: true }).isVisible()).toBe(true);
    await poll(() => page.getByRole('heading', { level: 1 }).textContent()).toBe(`Welcome, ${user.firstName}`);
    await context.close();
  });

  it('sends a signed-out visitor of a protected screen to /login, and shows 404 for unknown paths', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/documents');
    await page.waitForURL('**/login');
    await page.getByRole('button', { name: 'Sign In' }).waitFor(); // the login screen is a lazy chunk

    await page.goto('/no-such-page');
    await poll(() => page.getByRole('heading', { name: '404 Page Not Found' }).isVisible()).toBe(true);
    expect(await page.getByText('Did you forget to add the page to the router?').isVisible()).toBe(true);
    await context.close();
  });

  it('asks for both fields before calling the server on login', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/login');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await poll(() => page.getByText('Please enter both username and password.', { exact: true }).isVisible()).toBe(true);
    // The first missing field takes the focus (the password typed, the name still missing).
    const focusedLabel = () => page.evaluate(() => document.activeElement?.getAttribute('autocomplete'));
    expect(await focusedLabel()).toBe('username');
    await page.getByLabel('Password', { exact: true }).fill('some password');
    await page.getByRole('button', { name: 'Sign In' }).click();
    await poll(focusedLabel).toBe('username');
    await context.close();
  });

  it('register: each invalid field says why under it, the first takes the focus, and a change re-checks that field (issue 41: no react-hook-form)', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await page.goto('/register');
    await page.getByLabel('Email').fill('  not an address ');
    await page.getByLabel('Username').fill('ab');
    await page.getByRole('button', { name: 'Create Account' }).click();
    const errorOf = (label: string) =>
      page.getByLabel(label, { exact: true }).evaluate((el) => ({
        invalid: el.getAttribute('aria-invalid'),
        said: (el.getAttribute('aria-describedby') ?? '').split(' ').map((id) => document.getElementById(id)?.textContent ?? '').join(' | '),
        focused: el === document.activeElement,
      }));
    await poll(() => errorOf('First Name')).toEqual({ invalid: 'true', said: 'First name is required', focused: true });
    expect(await errorOf('Last Name')).toEqual({ invalid: 'true', said: 'Last name is required', focused: false });
    expect(await errorOf('Email')).toEqual({ invalid: 'true', said: 'Invalid email address', focused: false });
    expect(await errorOf('Username')).toEqual({ invalid: 'true', said: 'Username must be at least 3 characters', focused: false });
    expect((await errorOf('Password')).said).toContain('Password must be at least 6 characters');
    expect(await errorOf('Confirm Password')).toEqual({ invalid: null, said: '', focused: false });
    // Typing fixes a field's message as the person goes; the others keep theirs until changed.
    await page.getByLabel('First Name').fill('Ada');
    await poll(() => errorOf('First Name')).toEqual({ invalid: null, said: '', focused: true });
    await page.getByLabel('Username').fill('ab!');
    await poll(async () => (await errorOf('Username')).said).toBe('Username may use letters, numbers, dots, dashes and underscores');
    expect((await errorOf('Last Name')).said).toBe('Last name is required');
    await page.getByRole('button', { name: 'Create Account' }).click();
    await poll(() => errorOf('Last Name')).toEqual({ invalid: 'true', said: 'Last name is required', focused: true });
    expect(new URL(page.url()).pathname).toBe('/register');
    await context.close();
  });

  for (const [name, makeContext] of SCREEN_SIZES) {
    it(`has no serious accessibility violations at ${name}: landing, login, register, dashboard`, async () => {
      const context = await makeContext(suite.browser, suite.server.url);
      const page = await context.newPage();
      for (const path of ['/', '/login', '/register']) {
        await page.goto(path);
        await page.getByRole('heading', { level: 1 }).waitFor();
        await expectNoSeriousA11yViolations(page, `${path} at ${name}`);
      }
      const user = uniqueUser('Grace');
      await registerViaUi(page, user);
      await page.waitForURL('**/dashboard');
      await page.getByRole('heading', { name: `Welcome, ${user.firstName}` }).waitFor();
      await expectNoSeriousA11yViolations(page, `/dashboard at ${name}`);
      await context.close();
    });
  }
});
