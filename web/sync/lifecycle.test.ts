import { IDBFactory, IDBKeyRange } from 'fake-indexeddb';
import { afterEach, describe, expect, it } from 'vitest';
import { create, openUserDatabase } from '../db/index';
import { endLocalSession } from './lifecycle';
import { startSync, stopSync } from './index';
import { syncStatusView } from './SyncStatus';
import { createTestApp, signedInTransport } from './test-server';
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
    expect(syncStatusView({ status: 'error', pending: 2, lastError: 'Busy' })).toMatchObject({ text: 'Sync error — retrying', title: 'Busy' });
    expect(syncStatusView({ status: 'needs-sign-in', pending: 2 })).toMatchObject({ text: 'Sign in again to sync', signIn: true });
  });
});
