/**
 * The browser facts the sync engine and the upload queue run on: Web Locks, online and visibility
 * (issue #20: apart from the engine, so the upload queue does not import the engine's transport and
 * the zod protocol schemas; web/sync/engine.ts re-exports these).
 */

/** What the engine needs from the browser; every part optional so it runs in Node tests. */
export interface SyncEnvironment {
  locks?: Pick<LockManager, 'request'> | null;
  /** False when the browser knows it is offline. */
  isOnline?: () => boolean;
  isVisible?: () => boolean;
  /** Subscribes to 'online' / 'offline' / 'visible'; returns an unsubscribe. */
  subscribe?: (event: 'online' | 'offline' | 'visible', fn: () => void) => () => void;
}

/** The browser environment (navigator.locks, online/visibility events), or none outside a browser. */
export function browserEnvironment(): SyncEnvironment {
  const hasWindow = typeof window !== 'undefined' && typeof document !== 'undefined';
  const nav = typeof navigator !== 'undefined' ? navigator : undefined;
  return {
    locks: nav && 'locks' in nav ? nav.locks : null,
    isOnline: () => nav?.onLine !== false,
    isVisible: () => !hasWindow || document.visibilityState === 'visible',
    subscribe: (event, fn) => {
      if (!hasWindow) return () => {};
      if (event === 'visible') {
        const h = () => document.visibilityState === 'visible' && fn();
        document.addEventListener('visibilitychange', h);
        return () => document.removeEventListener('visibilitychange', h);
      }
      window.addEventListener(event, fn);
      return () => window.removeEventListener(event, fn);
    },
  };
}
