/**
 * `networkQuiet()`: resolves once the page has loaded and then fetched nothing for `quietMs`
 * (Resource Timing: the last response that ended), or after `maxMs` at the latest. The service
 * worker registers then (web/app/AppChrome.tsx, issue 41 "The dashboard loads only what it
 * shows"): its install precaches every screen's code for offline use, which, started with the
 * page, competed with the first screen for a phone's link (about 1 MB of scripts before the
 * dashboard's network was idle). A long-lived request (the sync's event stream) never ends, so it
 * never holds the wait. Never rejects. One wait per page: every caller (AppChrome mounts again
 * after signing in) shares it, and `endNetworkWait()` ends it at once.
 */
export function networkQuiet(quietMs = 2_000, maxMs = 30_000): Promise<void> {
  wait ??= startWait(quietMs, maxMs);
  return wait.promise;
}

/**
 * Ends the wait now: for an action that needs the service worker at once (check-in
 * notifications, web/pwa/push-subscribe.ts), which would otherwise wait up to `maxMs` for it.
 */
export function endNetworkWait(): void {
  wait ??= startWait(0, 0);
  wait.end();
}

let wait: { promise: Promise<void>; end: () => void } | null = null;

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
