/**
 * When the sync engine's code (web/sync/index.ts: the engine, pull and push, the sealing of
 * changes) is fetched (issue 41 "The dashboard loads only what it shows"). A device that has pulled
 * before has the person's data to show, and the screens paint from the database, not the engine:
 * its engine's code comes once the first screen's network is quiet (web/pwa/network-quiet.ts), so it
 * does not compete with what the screen needs. A new device (nothing pulled yet) has nothing to show
 * until it syncs: its engine comes at once. Nothing waits on it meanwhile: a write goes to the
 * outbox, which the engine pushes as it starts.
 *
 * A fetch of that code can fail (the device went offline before it arrived, no service worker yet):
 * the import is tried again when the browser is back online, or after a while if it says it is
 * online (Chromium fetches a failed module import again when asked again). Until the engine reports,
 * the header's sync status follows the browser's online and offline events.
 */
import type { UserDatabase } from '../db/user-database';
import { useSyncStore } from './sync-store';

/**
 * Whether the engine of `db` may wait for the network to be quiet: the device has pulled from
 * the server before (meta.cursor above 0), so it has the person's data to show, and nothing the
 * person wrote waits in its outbox (that is sent at once: a page reloaded before it went quiet
 * would otherwise keep it on the device). Takes the open database.
 */
export async function engineMayWait(db: Pick<UserDatabase, 'getMeta' | 'pendingCount'>): Promise<boolean> {
  return ((await db.getMeta('cursor')) ?? 0) > 0 && (await db.pendingCount()) === 0;
}

/** What loadUntilLoaded needs of the browser: its online flag and its online/offline events (`window`). */
export interface OnlineEvents {
  navigator: { onLine: boolean };
  addEventListener(type: 'online' | 'offline', listener: () => void): void;
  removeEventListener(type: 'online' | 'offline', listener: () => void): void;
}

/** Resolves at the next 'online' event of `env`, or after `ms` if the browser says it is online. */
function nextTry(env: OnlineEvents, ms: number): Promise<void> {
  return new Promise((resolve) => {
    const done = () => {
      env.removeEventListener('online', done);
      clearTimeout(timer);
      resolve();
    };
    env.addEventListener('online', done);
    const timer = env.navigator.onLine ? setTimeout(done, ms) : undefined;
  });
}

/**
 * Calls `load` (the engine's import) until it resolves, and returns what it gave; null once
 * `cancelled()` says the session it was for has ended. After a failure it tries again at the next
 * 'online' event of `env`, or, online, after `firstRetryMs` doubled at each failure up to a minute.
 * Meanwhile the sync status is 'offline' while `env` is, 'syncing' once back (the engine replaces
 * it as it starts). Never rejects.
 */
export async function loadUntilLoaded<T>(load: () => Promise<T>, cancelled: () => boolean, env: OnlineEvents = window, firstRetryMs = 2_000): Promise<T | null> {
  const follow = () => useSyncStore.setState({ status: env.navigator.onLine ? 'syncing' : 'offline' });
  env.addEventListener('online', follow);
  env.addEventListener('offline', follow);
  try {
    for (let wait = firstRetryMs; !cancelled(); wait = Math.min(wait * 2, 60_000)) {
      try {
        return await load();
      } catch (err) {
        console.warn('Could not load the sync engine; trying again', err);
        follow();
        await nextTry(env, wait);
      }
    }
    return null;
  } finally {
    env.removeEventListener('online', follow);
    env.removeEventListener('offline', follow);
  }
}
