/**
 * Issue #9 in the browser: the built app runs under the server's Content-Security-Policy with
 * no violation — landing, sign-up, every signed-in screen, a Radix dialog (inline styles,
 * scroll lock) — and the service worker registers and activates under `worker-src 'self'`.
 * Violations are caught both from `securitypolicyviolation` events and from console errors.
 */
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import {
  desktopContext,
  hasChromium,
  registerViaUi,
  uniqueUser,
  useBrowserSuite,
} from './harness';

interface Violation {
  directive: string;
  blocked: string;
  source: string;
}

/** Records CSP violations of every document the page loads into `window.__cspViolations`. */
async function watchCsp(page: Page, consoleErrors: string[]) {
  await page.addInitScript(() => {
    const list: Violation[] = [];
    (window as unknown as { __cspViolations: Violation[] }).__cspViolations = list;
    document.addEventListener('securitypolicyviolation', (e) =>
      list.push({ directive: e.effectiveDirective, blocked: e.blockedURI, source: `${e.sourceFile}:${e.lineNumber}` }),
    );
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error' || /Content Security Policy/i.test(msg.text())) consoleErrors.push(msg.text());
  });
  page.on('pageerror', (err) => consoleErrors.push(String(err)));
}

const violationsOf = (page: Page) => page.evaluate(() => (window as unknown as { __cspViolations: Violation[] }).__cspViolations);

describe.skipIf(!hasChromium)('the app under its Content-Security-Policy (issue #9)', () => {
  const suite = useBrowserSuite();

  it('serves the page with the CSP and security headers', async () => {
    const res = await fetch(`${suite.server.url}/`);
    expect(res.headers.get('content-security-policy')).toMatch(/script-src 'self' 'wasm-unsafe-eval'(;|$)/);
    expect(res.headers.get('x-frame-options')).toBe('DENY');
    const html = await res.text();
    expect(html).not.toMatch(/<script(?![^>]*\bsrc=)[^>]*>/i); // no inline script in the built index.html
  });

  it('runs sign-up and every signed-in screen with no CSP violation or console error', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    await watchCsp(page, consoleErrors);
    const seen: Violation[] = [];

    await page.goto('/');
    await expect.poll(() => page.getByRole('heading', { level: 1 }).count()).toBeGreaterThan(0);
    seen.push(...(await violationsOf(page)));
    await registerViaUi(page, uniqueUser('Hedy'));
    await page.waitForURL('**/dashboard');
    for (const path of ['/dashboard', '/death-plan', '/message-vault', '/documents', '/trustees', '/survivor-tasks', '/profile', '/help']) {
      await page.goto(path);
      await page.waitForLoadState('networkidle');
      await expect.poll(() => page.locator('main').count(), { message: path }).toBeGreaterThan(0);
      seen.push(...(await violationsOf(page)));
    }
    // A Radix dialog: inline style attributes and the injected scroll-lock <style>.
    await page.goto('/trustees/new');
    await expect.poll(() => page.getByRole('dialog').count()).toBe(1); // a page load, not a 1 s poll
    await page.keyboard.press('Escape');
    seen.push(...(await violationsOf(page)));

    expect(seen).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await context.close();
  });

  it('the service worker registers and activates under worker-src \'self\'', async () => {
    const context = await desktopContext(suite.browser, suite.server.url);
    const page = await context.newPage();
    const consoleErrors: string[] = [];
    await watchCsp(page, consoleErrors);
    await page.goto('/');
    const state = await page.evaluate(async () => {
      const existing = await navigator.serviceWorker.getRegistration();
      if (!existing) await navigator.serviceWorker.register('/sw.js');
      const ready = await navigator.serviceWorker.ready;
      return ready.active?.state;
    });
    expect(['activating', 'activated']).toContain(state);
    expect(await violationsOf(page)).toEqual([]);
    expect(consoleErrors.filter((e) => /Content Security Policy|Refused to/i.test(e))).toEqual([]);
    await context.close();
  });
});
