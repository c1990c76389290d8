/**
 * Issue 41: a device that has pulled before fetches the sync engine once the first screen's network
 * is quiet (web/sync/engine-start.ts). When that fetch fails (the device went offline before the
 * engine arrived, with no service worker yet to serve it), it is tried again: at the browser's next
 * 'online' event, or after a while. The revert c4e2d86 saw such a device never sync again until it
 * was reloaded. On the built app in Chromium, without the service worker.
 */
import type { Browser, Route } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { DESKTOP, hasChromium, poll, useBrowserSuite } from './harness';
import { allChangesSaved, signedInPage, writeMessageViaUi } from './record-screens';

/** The engine's chunk (web/sync/index.ts). */
const ENGINE = /\/sync-[^/]*\.js$/;

describe.skipIf(!hasChromium)('the sync engine fetched late (issue 41)', () => {
  const suite = useBrowserSuite();

  it("a device whose engine's code could not be fetched syncs once it can: a letter written meanwhile waits, then reaches the server", async () => {
    const noWorker = (b: Browser, url: string) => b.newContext({ baseURL: url, viewport: DESKTOP, serviceWorkers: 'block' });
    const { context, page } = await signedInPage(suite.browser, suite.server.url, '/dashboard', noWorker);
    try {
      await allChangesSaved(page); // this device has pulled: its next start fetches the engine once quiet
      const tried: string[] = [];
      const block = (route: Route) => (tried.push(route.request().url()), route.abort('internetdisconnected'));
      await context.route(ENGINE, block);
      // A new document, whose module map has not loaded the engine (the Message Vault's code does
      // not import it; the Trustees screen's does, and could not be shown without it).
      await page.goto('/message-vault');
      await page.getByRole('heading', { name: 'Message Vault', exact: true }).first().waitFor();
      await poll(() => tried.length).toBeGreaterThan(0);
      await writeMessageViaUi(page, 'Ada Late', 'ada.late@example.com', 'Written before the engine came.');
      const status = page.locator('header [role="status"]').first();
      expect(await status.textContent()).toContain('Saving 1 change');
      await context.unroute(ENGINE, block);
      await page.evaluate(() => dispatchEvent(new Event('online'))); // the browser's word that the network is back
      await allChangesSaved(page);
      expect(await page.getByText('Ada Late').count()).toBeGreaterThan(0);
    } finally {
      await context.close();
    }
  });
});
