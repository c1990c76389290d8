/**
 * `networkQuiet(quietMs)`: resolves once the page has loaded and then fetched nothing for `quietMs`
 * (Resource Timing: the last response that ended), or after `maxMs` at the latest. The service
 * worker registers then (web/app/AppChrome.tsx, issue 41 "The dashboard loads only what it
 * shows"): its install precaches every screen's code for offline use, which, started with the
 * page, competed with the first screen for a phone's link (about 1 MB of scripts before the
 * dashboard's network was idle). The sync engine starts after a shorter quiet (SYNC_QUIET_MS,
 * web/sync/lifecycle.ts), so its first pull goes before that precache and after the first screen.
 * A long-lived request (the sync's event stream) never ends, so it never holds the wait. Never
 * rejects. One wait per page and quiet length: every caller with the same `quietMs` (AppChrome
 * mounts again after signing in) shares it, and `endNetworkWait()` ends them all at once.
 */
export function networkQuiet(quietMs = DEFAULT_QUIET_MS, maxMs = 30_000): Promise<void> {
  let wait = waits.get(quietMs);
  if (!wait) waits.set(quietMs, (wait = startWait(quietMs, maxMs)));
  return wait.promise;
}

/** The service worker's wait (and the attachment queue's): 2 s without a fetch ending. */
const DEFAULT_QUIET_MS = 2_000;
/** The sync engine's wait: the first screen's fetches over, before the precache's (DEFAULT_QUIET_MS). */
export const SYNC_QUIET_MS = 1_000;

/**
 * Ends every wait now: for an action that needs the service worker at once (check-in
 * notifications, web/pwa/push-subscribe.ts), which would otherwise wait up to `maxMs` for it.
 */
export function endNetworkWait(): void {
  if (!waits.has(DEFAULT_QUIET_MS)) waits.set(DEFAULT_QUIET_MS, startWait(0, 0));
  for (const wait of waits.values()) wait.end();
}

const waits = new Map<number, { promise: Promise<void>; end: () => void }>();

function startWait(quietMs: number, maxMs: number): { promise: Promise<void>; end: () => void } {
  let end = () => {};
  const promise = new Promise<void>((resolve) => {
    end = resolve;
    const started = performance.now();
    let lastEnd = 0;
    let observer: PerformanceObserver | null = null;
    const finish = () => {
      observer?.disconnect();
      resolve();
    };
    const check = () => {
      const now = performance.now();
      if (now - started >= maxMs) return finish();
      const quietFor = now - lastEnd;
      if (quietFor >= quietMs) return finish();
      setTimeout(check, quietMs - quietFor);
    };
    const afterLoad = () => {
      if (typeof PerformanceObserver === 'undefined') return void setTimeout(finish, quietMs);
      observer = new PerformanceObserver((list) => {
        for (const e of list.getEntries()) lastEnd = Math.max(lastEnd, (e as PerformanceResourceTiming).responseEnd || e.startTime + e.duration);
      });
      observer.observe({ type: 'resource', buffered: true });
      lastEnd = Math.max(lastEnd, performance.now());
      check();
    };
    if (document.readyState === 'complete') afterLoad();
    else window.addEventListener('load', afterLoad, { once: true });
  });
  return { promise, end: () => end() };
}
