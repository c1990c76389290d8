import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { create, openUserDatabase } from '../db/index';
import { endLocalSession } from './lifecycle';
import { startSync, stopSync } from './index';
import { syncStatusView } from './SyncStatus';
import { unopenedWords } from './sealing';
import { createTestApp, signedInTransport } from '../../sync-server/test/client-test-support';
import type { Transport } from './transport';

afterEach(() => stopSync());

describe('sign-out (endLocalSession)', () => {
  it('pushes what waits, then deletes the local database', async () => {
    const t = createTestApp();
    const { userId, transport } = await signedInTransport(t);
    const indexedDB = new IDBFactory();
    const db = await openUserDatabase(userId, { indexedDB, IDBKeyRange, now: t.deps.now });
    startSync({ userId, transport });
    await create('deathPlan', { location: 'Hill' });
    expect(await endLocalSession(userId)).toBe('deleted');
    expect(db.dexie.isOpen()).toBe(false);
    const names = await indexedDB.databases();
    expect(names.map((d) => d.name)).not.toContain(`afterword-${userId}`);
  });

  it('keeps the database (closed) when changes could not be pushed, so nothing is lost', async () => {
    const indexedDB = new IDBFactory();
    const offline: Transport = () => Promise.reject(new TypeError('Failed to fetch'));
    await openUserDatabase('offline-user', { indexedDB, IDBKeyRange });
    startSync({ userId: 'offline-user', transport: offline });
    await create('deathPlan', { location: 'Hill' });
    expect(await endLocalSession('offline-user', { timeoutMs: 200 })).toBe('kept');
    const again = await openUserDatabase('offline-user', { indexedDB, IDBKeyRange });
    expect(await again.pendingCount()).toBe(1);
  });

  it('deletes the database with its waiting changes when the person chose to discard them (issue #8)', async () => {
    const indexedDB = new IDBFactory();
    const offline: Transport = () => Promise.reject(new TypeError('Failed to fetch'));
    await openUserDatabase('leaving-user', { indexedDB, IDBKeyRange });
    startSync({ userId: 'leaving-user', transport: offline });
    await create('deathPlan', { location: 'Hill' });
    expect(await endLocalSession('leaving-user', { timeoutMs: 200, discardPending: true })).toBe('deleted');
    const names = await indexedDB.databases();
    expect(names.map((d) => d.name)).not.toContain('afterword-leaving-user');
  });
});

describe('SyncStatus wording', () => {
  it('says what the person needs to know', () => {
    expect(syncStatusView({ status: 'offline', pending: 3 }).text).toBe('Offline — 3 changes waiting');
    expect(syncStatusView({ status: 'synced', pending: 1 }).text).toBe('Saving 1 change…');
    expect(syncStatusView({ status: 'synced', pending: 0 }).text).toBe('All changes saved');
    expect(syncStatusView({ status: 'error', pending: 0, lastError: 'Cannot reach the server' })).toMatchObject({ text: 'Sync error — retrying', title: 'Cannot reach the server' });
    expect(syncStatusView({ status: 'needs-sign-in', pending: 0 })).toMatchObject({ text: 'Sign in again to sync', signIn: true });
  });

  it('issue 41: while a first sync brings the plan, says how far it has got; not once it is done', () => {
    const progress = { done: 12_400, total: 30_000 };
    expect(syncStatusView({ status: 'syncing', pending: 0, progress }).progress).toEqual({ words: 'Bringing your plan to this device: 12,400 of 30,000', short: '12,400 of 30,000' });
    expect(syncStatusView({ status: 'synced', pending: 0, progress }).progress).toBeUndefined();
    expect(syncStatusView({ status: 'error', pending: 0, progress }).progress).toBeUndefined();
  });

  it('never says "All changes saved" while a form on screen holds typing not saved yet', () => {
    expect(syncStatusView({ status: 'synced', pending: 0 }, null, true)).toMatchObject({ text: 'Not saved yet — press Save', tone: 'text-amber-800' });
    expect(syncStatusView({ status: 'offline', pending: 0 }, null, true).text).toBe('Offline');
  });

  it('before the engine has started, an online device does not say Offline', async () => {
    vi.resetModules();
    vi.stubGlobal('navigator', { onLine: true });
    try {
      const { useSyncStore } = await import('./sync-store');
      expect(useSyncStore.getState().status).toBe('syncing');
      vi.resetModules();
      vi.stubGlobal('navigator', { onLine: false });
      expect((await import('./sync-store')).useSyncStore.getState().status).toBe('offline');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('issue 14 finding 7: the waiting count shows in every state', () => {
    expect(syncStatusView({ status: 'error', pending: 2, lastError: 'Cannot reach the server' }).text).toBe('Sync error — retrying (2 changes waiting)');
    expect(syncStatusView({ status: 'needs-sign-in', pending: 2 }).text).toBe('Sign in again to sync — 2 changes waiting');
    expect(syncStatusView({ status: 'update-required', pending: 1 }).text).toBe('Update required — reload (1 change waiting)');
    expect(syncStatusView({ status: 'syncing', pending: 4 }).text).toBe('Saving 4 changes…');
  });

  it('rule 17: a device clock more than 2 minutes off is named in words; a small offset is not', () => {
    expect(syncStatusView({ status: 'synced', pending: 0, clockOffMs: 10 * 60_000 }).clock).toBe(
      "This device's clock is 10 minutes slow. Afterword corrects for it; please check the date and time settings.",
    );
    expect(syncStatusView({ status: 'synced', pending: 0, clockOffMs: -26 * 3_600_000 }).clock).toMatch(/26 hours fast/);
    expect(syncStatusView({ status: 'synced', pending: 0, clockOffMs: 90_000 }).clock).toBeUndefined();
  });

  it('rule 26: words that could not be opened are named beside the status, never hidden by a good sync', () => {
    const unopened = unopenedWords([{ collection: 'messages' }, { collection: 'trustees' }, { collection: 'messages' }]);
    expect(unopened).toBe('Some words could not be opened on this device and are not shown (Messages, Trustees). They may have been changed on the server; what you wrote here is kept.');
    expect(syncStatusView({ status: 'synced', pending: 0, unopened })).toMatchObject({ text: 'All changes saved', unopened, tone: 'text-amber-800' });
    expect(syncStatusView({ status: 'synced', pending: 0 }).unopened).toBeUndefined();
    expect(unopenedWords([])).toBeUndefined();
  });
});
