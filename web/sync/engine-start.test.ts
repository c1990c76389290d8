/**
 * When the sync engine's code loads (engine-start.ts, issue 41): a device that has pulled before
 * may wait for the network to be quiet, a new device may not; a write made before the engine
 * started is sent when it starts; an import that failed (offline) is tried again once online, the
 * status saying Offline meanwhile. The real server in-process, Dexie over fake-indexeddb.
 */
import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { create, openUserDatabase } from '../db/index';
import { engineMayWait, loadUntilLoaded, type OnlineEvents } from './engine-start';
import { startSync, stopSync, syncNow } from './index';
import { useSyncStore } from './sync-store';
import { createTestApp, serverRecords, signedInTransport } from '../../sync-server/test/client-test-support';

afterEach(() => stopSync());

/** A browser's online flag and events, as `window` gives them. */
function browser(onLine: boolean): OnlineEvents & { goOnline(): void } {
  const events = new EventTarget();
  const env = {
    navigator: { onLine },
    addEventListener: (type: 'online' | 'offline', l: () => void) => events.addEventListener(type, l),
    removeEventListener: (type: 'online' | 'offline', l: () => void) => events.removeEventListener(type, l),
    goOnline() {
      env.navigator.onLine = true;
      events.dispatchEvent(new Event('online'));
    },
  };
  return env;
}

describe('when the sync engine starts (issue 41)', () => {
  it('a new device starts it at once; once it has pulled, it may wait; a write made before it started is sent', async () => {
    const t = createTestApp();
    const { userId, transport } = await signedInTransport(t);
    const db = await openUserDatabase(userId, { indexedDB: new IDBFactory(), IDBKeyRange, now: t.deps.now });
    expect(await engineMayWait(db)).toBe(false);
    await create('deathPlan', { location: 'Hill' }); // in the outbox, no engine yet
    startSync({ userId, transport });
    await syncNow();
    expect((await serverRecords(transport)).map((r) => r.collection)).toContain('deathPlan');
    expect(await db.pendingCount()).toBe(0);
    expect(await engineMayWait(db)).toBe(true);
    // A reload with the person's changes still in the outbox sends them at once (a page reloaded
    // again and again, as e2e/rehearsal did, never went quiet, and its letters never left).
    stopSync();
    await create('deathPlan', { location: 'Dale' });
    expect(await engineMayWait(db)).toBe(false);
  });

  it('an import that failed offline is tried again at the next online event; the status says Offline meanwhile', async () => {
    const env = browser(false);
    let tries = 0;
    const load = async () => {
      tries += 1;
      if (tries === 1) throw new TypeError('Failed to fetch dynamically imported module');
      return import('./index');
    };
    const loading = loadUntilLoaded(load, () => false, env, 60_000);
    await expect.poll(() => useSyncStore.getState().status).toBe('offline');
    expect(tries).toBe(1);
    env.goOnline();
    expect(typeof (await loading)?.startSync).toBe('function');
    expect(tries).toBe(2);
    expect(useSyncStore.getState().status).toBe('syncing');
  });

  it('online, it is tried again after a while; a session that ended gets null', async () => {
    const env = browser(true);
    let ended = false;
    let tries = 0;
    const load = async () => {
      tries += 1;
      ended = tries === 2; // the person signed out while it waited
      throw new TypeError('Failed to fetch dynamically imported module');
    };
    expect(await loadUntilLoaded(load, () => ended, env, 5)).toBeNull();
    expect(tries).toBe(2);
  });
});
