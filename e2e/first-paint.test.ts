/**
 * Issue #20 "First paint without JavaScript" and "Anonymous visits make no request that fails":
 * - with JavaScript disabled, the public pages show their headings and text (prerendered at build
 *   time, scripts/prerender.ts), while the app shell (index.html) carries no page text;
 * - with JavaScript, React takes over the same markup (hydration: the prerendered heading is never
 *   removed from the page), the page then works (a landing tab switches), and a signed-out visit
 *   logs no console error, no failed request and asks the API nothing (the Contact page asks only
 *   for the operator's support address, GET /api/service, which it shows);
 * - after a sign-in the session hint makes the app load the profile, so /login still sends a
 *   signed-in person to /dashboard (SPEC.md §2 "Session behaviour");
 * - axe at 390 and 1280 px on /, /login, /register, and on /help with every answer open.
 */
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  desktopContext,
  expectNoSeriousA11yViolations,
  hasChromium,
  mobileContext,
  poll,
  registerViaUi,
  uniqueUser,
  useBrowserSuite,
} from './harness';

/** Each public page and a heading it shows before any script runs. */
const PAGES = [
  { path: '/', heading: 'Prepare Your Legacy, Comfort Your Loved Ones', text: 'Create Your Free Account' },
  { path: '/login', heading: 'Welcome back', text: 'Forgot password?' },
  { path: '/register', heading: 'Create your account', text: 'Confirm Password' },
  { path: '/forgot-password', heading: 'Forgot your password?' },
  { path: '/help', heading: 'Help Center' },
  { path: '/privacy', heading: 'Your privacy' },
  { path: '/terms', heading: 'Terms of Use' },
  { path: '/contact', heading: 'Contact' },
] as const;

/** Records what must not happen on a public page: console errors, page errors, failed or 4xx/5xx requests, API calls. */
function watch(page: Page) {
  const problems: string[] = [];
  const apiCalls: string[] = [];
  page.on('console', (m) => m.type() === 'error' && problems.push(`console: ${m.text()}`));
  page.on('pageerror', (e) => problems.push(`page error: ${e.message}`));
  page.on('requestfailed', (r) => problems.push(`failed: ${r.url()} ${r.failure()?.errorText ?? ''}`));
  page.on('response', (r) => r.status() >= 400 && problems.push(`${r.status()}: ${r.url()}`));
  page.on('request', (r) => new URL(r.url()).pathname.startsWith('/api/') && apiCalls.push(r.url()));
  return { problems, apiCalls };
}

/**
 * Before any page script: notes in window.__removedHeading whether an <h1> holding `heading` is
 * ever removed from the document (a client render replacing the prerendered markup would).
 */
async function recordHeadingRemoval(context: BrowserContext, heading: string): Promise<void> {
  await context.addInitScript((text: string) => {
    const w = window as unknown as { __removedHeading: boolean };
    w.__removedHeading = false;
    new MutationObserver((records) => {
      for (const r of records)
        for (const n of r.removedNodes)
          if (n instanceof Element && (n.matches('h1') ? n : n.querySelector('h1'))?.textContent === text) w.__removedHeading = true;
    }).observe(document, { childList: true, subtree: true });
  }, heading);
}

/** True once React has attached to the page (hydrateRoot marks the container). */
const reactAttached = (page: Page) =>
  page.evaluate(() => Object.keys(document.getElementById('root') ?? {}).some((k) => k.startsWith('__reactContainer')));

describe.skipIf(!hasChromium)('first paint without JavaScript, then React (issue #20)', () => {
  const suite = useBrowserSuite();
  // The tests of what a page shows and how it answers (a tap, axe, the Help Center), not of its first
  // visit: without the service worker, whose install is about 2.6 s of CPU per context (issue 41).
  const NO_WORKER = { serviceWorkers: 'block' } as const;

  it('shows every public page with JavaScript disabled; the app shell itself has no page text', async () => {
    const context = await suite.browser.newContext({ baseURL: suite.server.url, javaScriptEnabled: false, viewport: { width: 390, height: 844 } });
    const page = await context.newPage();
    for (const p of PAGES) {
      const res = await page.goto(p.path);
      expect(res?.status(), p.path).toBe(200);
      expect(await page.getByRole('heading', { level: 1 }).textContent(), p.path).toBe(p.heading);
      if ('text' in p) expect(await page.getByText(p.text, { exact: true }).first().isVisible(), p.path).toBe(true);
      expect(await page.locator('html').getAttribute('lang')).toBe('en');
    }
    // Before the scripts run, a form cannot be submitted natively (which would put the password in the URL).
    for (const [path, button] of [['/login', 'Sign In'], ['/register', 'Create Account']] as const) {
      await page.goto(path);
      expect(await page.getByRole('button', { name: button }).isDisabled(), path).toBe(true);
    }
    const shell = await (await fetch(`${suite.server.url}/index.html`)).text();
    expect(shell).toContain('<div id="root"></div>');
    expect(shell).not.toContain('Prepare Your Legacy');
    await context.close();
  });

  it('React takes over the prerendered markup: no removal, no console error, no failed request, no API call', async () => {
    for (const p of PAGES) {
      const context = await desktopContext(suite.browser, suite.server.url);
      await recordHeadingRemoval(context, p.heading);
      const page = await context.newPage();
      const { problems, apiCalls } = watch(page);
      await page.goto(p.path);
      await poll(() => reactAttached(page)).toBe(true);
      await page.waitForLoadState('networkidle');
      expect(await page.getByRole('heading', { level: 1 }).textContent(), p.path).toBe(p.heading);
      expect(await page.evaluate(() => (window as unknown as { __removedHeading: boolean }).__removedHeading), p.path).toBe(false);
      if (p.path === '/login') expect(await page.getByRole('button', { name: 'Sign In' }).isEnabled()).toBe(true);
      if (p.path === '/') {
        // The page is live: the features tabs switch.
        await page.getByRole('tab', { name: 'Messages' }).click();
        await poll(() => page.getByRole('tab', { name: 'Messages' }).getAttribute('aria-selected')).toBe('true');
      }
      expect(problems, p.path).toEqual([]);
      // The Contact page asks one thing: the operator's support address (SUPPORT_EMAIL, GET /api/service),
      // which it exists to show; it answers signed out, so nothing fails. Every other page asks nothing.
      expect(apiCalls.map((u) => new URL(u).pathname), p.path).toEqual(p.path === '/contact' ? ['/api/service'] : []);
      await context.close();
    }
  });

  it('a tap on a feature tab right after the page appears is not lost, on a slow phone (before the page is live)', async () => {
    for (let run = 0; run < 3; run++) {
      const context = await mobileContext(suite.browser, suite.server.url, NO_WORKER);
      const page = await context.newPage();
      const cdp = await context.newCDPSession(page);
      await cdp.send('Emulation.setCPUThrottlingRate', { rate: 6 });
      await page.goto('/', { waitUntil: 'commit' });
      const tab = page.getByRole('tab', { name: 'Messages' });
      await tab.click(); // as soon as the prerendered tab is there: before React has hydrated it
      await poll(() => tab.getAttribute('aria-selected')).toBe('true');
      await context.close();
    }
  });

  it('a signed-in person still loads the profile: /login goes to /dashboard, and logout signs out for good', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    await registerViaUi(page, uniqueUser('Grace'));
    await page.waitForURL('**/dashboard');
    expect((await context.cookies()).map((c) => c.name)).toContain('afterword_signed_in');
    // A fresh tab: no user in memory, the hint cookie says to ask the server.
    const tab = await context.newPage();
    await tab.goto('/login');
    await tab.waitForURL('**/dashboard');
    await poll(() => tab.getByRole('heading', { level: 1 }).textContent()).toBe('Welcome, Grace');
    await tab.getByRole('button', { name: 'Open user menu' }).click();
    await tab.getByRole('menuitem', { name: 'Logout' }).click();
    await tab.waitForURL('**/login');
    expect((await context.cookies()).map((c) => c.name)).not.toContain('afterword_signed_in');
    await context.close();
  });

  it('passes axe at 390 and 1280 px on /, /login and /register', async () => {
    for (const open of [mobileContext, desktopContext]) {
      const context = await open(suite.browser, suite.server.url, NO_WORKER);
      const page = await context.newPage();
      for (const path of ['/', '/login', '/register']) {
        await page.goto(path);
        await poll(() => reactAttached(page)).toBe(true);
        await expectNoSeriousA11yViolations(page, `${path} (${open.name})`);
      }
      await context.close();
    }
  });

  it('the Help Center, every answer open (its "Sharing while you are alive" too), fits and passes axe at 390 and 1280 px', async () => {
    for (const open of [mobileContext, desktopContext]) {
      const context = await open(suite.browser, suite.server.url, NO_WORKER);
      const page = await context.newPage();
      await page.goto('/help');
      await poll(() => reactAttached(page)).toBe(true);
      await page.getByRole('heading', { level: 2, name: 'Sharing while you are alive' }).waitFor();
      for (const summary of await page.locator('summary').all()) await summary.click();
      await page.getByText('press "End the emergency"', { exact: false }).waitFor();
      expect(await page.evaluate(() => document.documentElement.scrollWidth <= window.innerWidth)).toBe(true);
      await expectNoSeriousA11yViolations(page, `/help (${open.name})`);
      await context.close();
    }
  });
});
