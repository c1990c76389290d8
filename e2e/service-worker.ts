/**
 * Waiting for the app's service worker, without test hooks, so the browser tests (harness.ts) and
 * the benches (bench/bundle.ts, bench/cold-dashboard.ts) share it.
 */
import type { Page } from 'playwright-core';

/**
 * Waits until a service worker controls `page`: its registration is active
 * (`navigator.serviceWorker.ready`) and has claimed the page (a `controllerchange`; clientsClaim,
 * or web/pwa/claim.ts for a page whose load was in flight when the worker activated). Event-driven, bounded only by the test's timeout: how long the first
 * install takes depends on the precache and the machine, not on a fixed wait.
 */
export async function controlledByServiceWorker(page: Page): Promise<void> {
  await page.evaluate(async () => {
    const sw = navigator.serviceWorker;
    const claimed = new Promise<void>((resolve) => sw.addEventListener('controllerchange', () => resolve(), { once: true }));
    await sw.ready;
    if (!sw.controller) await claimed;
  });
}
