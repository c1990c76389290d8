/**
 * Replacing the account key with two devices (SECURITY.md "Replacing the account key"): the app's
 * own flows (web/features/keys/rotate.ts, the key session, the sync engine) over fake-indexeddb and
 * the real Hono app over a SQLite file. Device A replaces AK; device B, still holding the old one,
 * says so and asks for the password, keeps every unsent change, and syncs them once unlocked.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { openOnDevice } from '../../web/db/test-device';
import type { UserDatabase } from '../../web/db/user-database';
import { registerAccount, signInAccount } from '../../web/features/keys/account-flows';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { createKeySession } from '../../web/features/keys/key-session';
import { replaceAccountKey } from '../../web/features/keys/rotate';
import { akFromCode, newKitWithPassword } from '../../web/features/keys/recovery';
import { createSyncEngine } from '../../web/sync/engine';
import { appTransport } from '../test/client-test-support';
import { createTestApp, type TestApp } from '../test/test-support';
import { testBrowser } from '../test/test-browser';
import { rememberedDerive } from '../test/test-keys';

const PASSWORD = 'correct horse battery';
const derive = rememberedDerive; // the KDF once per password and salt (test-keys.ts)

/** One device: its browser, device-key-store, key session and database. */
function device(t: TestApp) {
  const browser = testBrowser(t);
  const keyStore = createDeviceKeyStore(`rot-${Math.random()}`);
  const deps = { api: browser.api, device: keyStore, derive };
  const session = createKeySession(deps);
  let db: UserDatabase | null = null;
  const flows = { ...deps, session: () => session.getState(), openDb: async (userId: string) => (db ??= await openOnDevice(userId, () => t.deps.now())) };
  /** One sync; returns the engine's last status. */
  const sync = async () => {
    let status = '';
    const engine = createSyncEngine({ db: db!, transport: appTransport(t, browser.cookie()), keys: session.getState().syncKeys()!, env: { locks: null }, intervalMs: 3_600_000, onState: (s) => (status = s.status), onKept: () => {}, onRejected: () => {}, onClockErrors: () => {}, onUnauthorized: () => {} });
    await engine.syncNow();
    await engine.stop();
    return status;
  };
  return { browser, session, flows, keyStore, sync, db: () => db! };
}

const letter = (content: string) => ({ recipientName: 'Clara', recipientEmail: 'clara@example.com', messageType: 'text', messageContent: content, deliveryDate: null, file: null, createdAt: '2026-11-21T12:00:00.000Z' });

describe('replacing the account key with two devices', () => {
  it('A replaces AK; B says so and asks for the password, keeps its unsent edits, and syncs them once unlocked; everything opens on both', async () => {
    const t = createTestApp();
    const a = device(t);
    const username = `rot_${Math.random().toString(36).slice(2, 8)}`;
    const { user } = await registerAccount(a.flows, { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', username }, PASSWORD);
    await a.db().write('deathPlan', user.id, { obituary: 'Written before', createdAt: '2026-11-21T12:00:00.000Z' });
    expect(await a.sync()).toBe('synced');

    const b = device(t);
    await signInAccount(b.flows, username, PASSWORD);
    await b.flows.openDb(user.id);
    expect(await b.sync()).toBe('synced');
    const oldAk = (await b.keyStore.load(user.id))!;
    expect(oldAk.akVersion).toBe(1);

    // B writes while A replaces the key: an edit (sealed under a scope key B holds) and a new letter (it needs a new key).
    await b.db().write('deathPlan', user.id, { obituary: 'Edited on B' });
    await b.db().write('messages', 'm-b', letter('A letter from B'));

    const code = await replaceAccountKey(a.flows, { id: user.id, username }, PASSWORD, { endOtherSessions: false });
    expect(a.session.getState()).toMatchObject({ status: 'open', akReplaced: false });
    expect((await a.keyStore.load(user.id))!.akVersion).toBe(2);
    expect((await akFromCode(a.browser.api, user.id, code)).akVersion).toBe(2); // the new kit opens the new AK

    // B's next keyring fetch finds AK 2: locked, and it says the key was replaced elsewhere; nothing unsent is lost.
    expect(await b.sync()).not.toBe('synced');
    expect(b.session.getState()).toMatchObject({ status: 'locked', akReplaced: true, keyring: null });
    expect(b.session.getState().syncKeys()!.keyring()).toBeNull(); // sealed sync waits; nothing merged or sent under a key it cannot get
    expect(await b.db().dexie.outbox.count()).toBeGreaterThan(0);
    expect(await b.db().dexie.entities('messages').get('m-b')).toMatchObject({ messageContent: 'A letter from B' });

    await expect(b.session.getState().unlock('not the password')).rejects.toThrow();
    await b.session.getState().unlock(PASSWORD);
    expect(b.session.getState()).toMatchObject({ status: 'open', akReplaced: false });
    expect((await b.keyStore.load(user.id))!.akVersion).toBe(2);
    expect(await b.sync()).toBe('synced');
    expect(await b.db().dexie.outbox.count()).toBe(0);

    expect(await a.sync()).toBe('synced');
    for (const d of [a, b]) {
      expect(await d.db().dexie.entities('deathPlan').get(user.id)).toMatchObject({ obituary: 'Edited on B' });
      expect(await d.db().dexie.entities('messages').get('m-b')).toMatchObject({ messageContent: 'A letter from B' });
    }
    // A third device with the password opens it all; the old AK opens none of the server's new wraps.
    const c = device(t);
    await signInAccount(c.flows, username, PASSWORD);
    await c.flows.openDb(user.id);
    expect(await c.sync()).toBe('synced');
    expect(await c.db().dexie.entities('messages').get('m-b')).toMatchObject({ messageContent: 'A letter from B' });
    expect((await c.keyStore.load(user.id))!.ak).not.toEqual(oldAk.ak);
  });

  it('"I lost a device": the other devices are signed out and keep their unsent edits for the next sign-in', async () => {
    const t = createTestApp();
    const a = device(t);
    const username = `lost_${Math.random().toString(36).slice(2, 8)}`;
    const { user } = await registerAccount(a.flows, { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', username }, PASSWORD);
    expect(await a.sync()).toBe('synced');
    const b = device(t);
    await signInAccount(b.flows, username, PASSWORD);
    await b.flows.openDb(user.id);
    expect(await b.sync()).toBe('synced');
    await b.db().write('deathPlan', user.id, { obituary: 'Kept on B', createdAt: '2026-11-21T12:00:00.000Z' });

    await replaceAccountKey(a.flows, { id: user.id, username }, PASSWORD, { endOtherSessions: true });
    expect(await b.sync()).toBe('needs-sign-in');
    expect(await b.db().dexie.outbox.count()).toBeGreaterThan(0);
    expect(await a.sync()).toBe('synced'); // A's own session stays
  });

  it('a device still holding the old AK makes a new kit with the new one, and cannot change the password with the old one', async () => {
    const t = createTestApp();
    const a = device(t);
    const username = `stale_${Math.random().toString(36).slice(2, 8)}`;
    const { user } = await registerAccount(a.flows, { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', username }, PASSWORD);
    const b = device(t);
    await signInAccount(b.flows, username, PASSWORD);
    expect(b.session.getState().status).toBe('open');
    await replaceAccountKey(a.flows, { id: user.id, username }, PASSWORD, { endOtherSessions: false });

    const code = await newKitWithPassword(b.flows, { id: user.id, username }, PASSWORD); // B's device still holds AK 1
    expect((await akFromCode(b.browser.api, user.id, code)).akVersion).toBe(2);
    const body = await b.session.getState().passwordChangeBody(PASSWORD, 'another password here', user.id); // B's session has not fetched the keys yet
    await expect(b.browser.api('/api/auth/password', { body })).rejects.toMatchObject({ status: 409 });
    await signInAccount(device(t).flows, username, PASSWORD); // the password still opens the keys
  });
});
