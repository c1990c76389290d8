/**
 * Warms the family binder's runtime cache (binder-cache.ts) in the background, so the binder can
 * be made offline without its 2.6 MB being part of the service worker's first install: once the
 * service worker is active and controls the page, and the page is idle, each of the build's binder
 * files (BINDER_ASSETS_LIST) not yet cached is fetched once through the service worker, whose
 * cache-first route (vite.config.ts runtimeCaching) stores it. Fetched only, never run (pdf-lib is
 * not parsed until a binder is made).
 *
 * Best effort: skipped without a service worker or with Save-Data; a failure (offline, server
 * gone) leaves the cache for the next start to fill. Never throws.
 */
import { BINDER_ASSETS_LIST, BINDER_CACHE_NAME } from './binder-cache';

/** Resolves when `navigator.serviceWorker` has a controller (clientsClaim gives one on first install). */
function controlled(sw: ServiceWorkerContainer): Promise<void> {
  return new Promise((resolve) => {
    if (sw.controller) return resolve();
    sw.addEventListener('controllerchange', () => resolve(), { once: true });
    if (sw.controller) resolve(); // took control between the check and the listener
  });
}

/** Resolves at the page's next idle period (or after `timeoutMs` at the latest). */
function idle(timeoutMs = 5_000): Promise<void> {
  return new Promise((resolve) => {
    if ('requestIdleCallback' in window) window.requestIdleCallback(() => resolve(), { timeout: timeoutMs });
    else setTimeout(resolve, 1_000);
  });
}

/** The build's binder files, checked: absolute paths under /assets/ only. */
async function binderFiles(): Promise<string[]> {
  const res = await fetch(BINDER_ASSETS_LIST);
  if (!res.ok) throw new Error(`${BINDER_ASSETS_LIST}: HTTP ${res.status}`);
  const list: unknown = await res.json();
  if (!Array.isArray(list)) throw new Error(`${BINDER_ASSETS_LIST}: not a list`);
  return list.filter((p): p is string => typeof p === 'string' && p.startsWith('/assets/'));
}

/** Fills the binder cache once the app is installed and idle (see the module's docstring). */
export async function warmBinderCache(): Promise<void> {
  const sw = navigator.serviceWorker as ServiceWorkerContainer | undefined;
  const connection = (navigator as Navigator & { connection?: { saveData?: boolean } }).connection;
  if (!sw || !('caches' in window) || connection?.saveData) return;
  try {
    await sw.ready;
    await controlled(sw); // requests go through the worker, so its cache-first route stores them
    await idle();
    const cache = await caches.open(BINDER_CACHE_NAME);
    for (const path of await binderFiles()) {
      if (await cache.match(path)) continue;
      const res = await fetch(path);
      await res.arrayBuffer(); // one at a time: a background task never competes with the screen's own requests
    }
  } catch (err) {
    console.info('The family binder is not ready for offline use yet:', err);
  }
}
