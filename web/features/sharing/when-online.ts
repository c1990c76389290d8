/**
 * When a device sends what waits on it (shares and stops made offline: ShareFollow.tsx; emergency
 * choices saved offline: emergency/EmergencyFollow.tsx): at once, each time the browser says it is
 * back online, and after each sync that ends (an item written offline reaches the server first).
 * Coming back online (the `online` event, or a sync that succeeds after one failed: the server
 * answers again) also ends every retry wait at once (web/api/retry.ts `due`, `reconnectedAt`;
 * docs/sharing.md "Back online"). The signals and the clock are passed in (the browser's by
 * default), so a test drives them; nothing is kept beyond the one follow.
 */
import { useSyncStore } from '../../sync/sync-store';

/** What tells a follow the server may be reached: each subscription returns what ends it. */
export interface ServerSignals {
  /** Calls `listener` at each `online` event of the browser. */
  online(listener: () => void): () => void;
  /** Calls `listener` after each sync that ends well; `recovered`: the sync before it had failed (error, or offline). */
  synced(listener: (recovered: boolean) => void): () => void;
}

/** The minimal sync store syncRecoveries reads (web/sync/sync-store.ts useSyncStore). */
interface StatusStore {
  getState(): { status: string };
  subscribe(listener: (s: { status: string }, prev: { status: string }) => void): () => void;
}

/**
 * Calls `listener` after each sync of `store` that ends well ('synced' after another status), with
 * whether the last sync before it had failed ('error' or 'offline', also the status at the start).
 */
export function syncRecoveries(store: StatusStore, listener: (recovered: boolean) => void): () => void {
  let failing = ['error', 'offline'].includes(store.getState().status);
  return store.subscribe((s, prev) => {
    if (s.status === 'error' || s.status === 'offline') failing = true;
    if (s.status !== 'synced' || prev.status === 'synced') return;
    const recovered = failing;
    failing = false;
    listener(recovered);
  });
}

/** The browser's signals: window's `online` event, and the sync engine's status (useSyncStore). */
export const browserSignals = (): ServerSignals => ({
  online: (listener) => {
    window.addEventListener('online', listener);
    return () => window.removeEventListener('online', listener);
  },
  synced: (listener) => syncRecoveries(useSyncStore, listener),
});

/**
 * Calls `run` now, on every `online` event and after each sync that ends (`signals`); `run` is given
 * when the server could last be reached again (`clock` ms at the last `online` event or recovered
 * sync, 0 before any), for the queues' retry waits (retry.ts due). Returns what stops it.
 */
export function runNowOnlineAndSynced(run: (reconnectedAt: () => number) => void, signals: ServerSignals = browserSignals(), clock: () => number = Date.now): () => void {
  let reconnected = 0;
  const reconnectedAt = () => reconnected;
  const back = () => {
    reconnected = clock();
    run(reconnectedAt);
  };
  run(reconnectedAt);
  const stopOnline = signals.online(back);
  const stopSynced = signals.synced((recovered) => (recovered ? back() : run(reconnectedAt)));
  return () => {
    stopOnline();
    stopSynced();
  };
}
