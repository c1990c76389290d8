/**
 * Replacing the account key when something goes wrong (SECURITY.md "Replacing the account key"):
 * the device's own flow (web/features/keys/rotate.ts) against the real Hono app over a SQLite file
 * and the device store over fake-indexeddb. Each cause gets its own error, so the dialog says it in
 * its own words; kits changed meanwhile are read again; and once the server has stored the new key
 * the new recovery code is never lost (the old one is already dead).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { makeGeneration, openOwnerCopy, sealOwnerCopy } from '../../shared/crypto/trustee-kit';
import { openOnDevice } from '../../web/db/test-device';
import type { UserDatabase } from '../../web/db/user-database';
import { registerAccount } from '../../web/features/keys/account-flows';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { createKeySession } from '../../web/features/keys/key-session';
import { akFromCode } from '../../web/features/keys/recovery';
import { KeyReplacedButError, replaceAccountKey, TrusteeKitsUnreadableError } from '../../web/features/keys/rotate';
import type { Api } from '../../web/features/keys/sign-in';
import { createTestApp, type TestApp } from '../test/test-support';
import { testBrowser } from '../test/test-browser';
import { rememberedDerive } from '../test/test-keys';

const PASSWORD = 'correct horse battery';
const derive = rememberedDerive; // the KDF once per password and salt (test-keys.ts)

/** A registered account on one device; `before` runs before each request the device sends (the network, not our code). */
async function account(t: TestApp, before: (path: string, init?: { method?: string; body?: unknown }) => Promise<void> = async () => {}) {
  const browser = testBrowser(t);
  const api: Api = async (path, init) => {
    await before(path, init);
    return browser.api(path, init);
  };
  const keyStore = createDeviceKeyStore(`rotf-${Math.random()}`);
  const deps = { api, device: keyStore, derive };
  const session = createKeySession(deps);
  let db: UserDatabase | null = null;
  const flows = { ...deps, session: () => session.getState(), openDb: async (userId: string) => (db ??= await openOnDevice(userId, () => t.deps.now())) };
  const username = `rotf_${Math.random().toString(36).slice(2, 8)}`;
  const { user } = await registerAccount(flows, { firstName: 'Ada', lastName: 'Byron', email: 'ada@example.com', username }, PASSWORD);
  return { browser, keyStore, flows, user: { id: user.id, username }, ak: (await keyStore.load(user.id))!.ak };
}

/** A live kit generation row whose owner copy is sealed under `ak` (the kit routes' own steps need accepted trustees; only the row matters here). */
async function kitGeneration(t: TestApp, userId: string, generation: number, ak: Uint8Array) {
  const made = await makeGeneration({ account: userId, generation, k: 1, trustees: [{ trusteeId: 'tA', level: 'full' }], levelKeys: () => new Map() });
  t.deps.db
    .prepare('INSERT INTO kit_generations (user_id, generation, k, n, check_value, owner_copy, created_at, live_at, retired_at, q_wrap) VALUES (?, ?, 1, 1, ?, ?, 1, NULL, NULL, NULL)')
    .run(userId, generation, 'check', await sealOwnerCopy(ak, userId, made));
}

const akVersion = async (t: TestApp, userId: string) => (await t.services.keys.get(userId))!.akVersion;

describe('replacing the account key: each failure in its own words, and the new code never lost', () => {
  it('an owner copy of the trustee kits that does not open is named (TrusteeKitsUnreadableError), and nothing is stored', async () => {
    const t = createTestApp();
    const a = await account(t);
    await kitGeneration(t, a.user.id, 1, crypto.getRandomValues(new Uint8Array(32))); // sealed under a key the account no longer has
    await expect(replaceAccountKey(a.flows, a.user, PASSWORD, { endOtherSessions: true })).rejects.toBeInstanceOf(TrusteeKitsUnreadableError);
    expect(await akVersion(t, a.user.id)).toBe(1);
  });

  it('kits made on another device in the middle of the rotation: the server answers 409, the device reads them again and seals the new owner copy too', async () => {
    const t = createTestApp();
    let ak: Uint8Array | null = null;
    let userId = '';
    const a = await account(t, async (path) => {
      if (path === '/api/keys/rotate' && ak) {
        await kitGeneration(t, userId, 1, ak); // another device makes kits right before this device's rotation arrives
        ak = null;
      }
    });
    [ak, userId] = [a.ak, a.user.id];
    const code = await replaceAccountKey(a.flows, a.user, PASSWORD, { endOtherSessions: false });
    const held = await akFromCode(a.browser.api, a.user.id, code);
    expect(held.akVersion).toBe(2);
    const row = t.deps.db.prepare('SELECT owner_copy FROM kit_generations WHERE user_id = ?').get(a.user.id) as { owner_copy: string };
    expect((await openOwnerCopy(held.ak, a.user.id, row.owner_copy)).generation).toBe(1);
  });

  it('the answer lost after the server stored the rotation: the device finds it stored and keeps the new code', async () => {
    const t = createTestApp();
    const a = await account(t);
    const api = a.flows.api;
    const lossy: Api = async (path, init) => {
      const answer = await api(path, init);
      if (path === '/api/keys/rotate') throw new TypeError('Failed to fetch'); // stored, but the answer never arrives
      return answer as never;
    };
    const code = await replaceAccountKey({ ...a.flows, api: lossy }, a.user, PASSWORD, { endOtherSessions: false });
    expect((await akFromCode(a.browser.api, a.user.id, code)).akVersion).toBe(2);
    expect((await a.keyStore.load(a.user.id))!.akVersion).toBe(2);
  });

  it('this device failing to keep the new key after the server stored it still hands over the new code (KeyReplacedButError), which opens the new key', async () => {
    const t = createTestApp();
    const a = await account(t);
    a.keyStore.close(); // the device's key store fails from here on (its database closed)
    const err = await replaceAccountKey(a.flows, a.user, PASSWORD, { endOtherSessions: false }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(KeyReplacedButError);
    expect((await akFromCode(a.browser.api, a.user.id, (err as KeyReplacedButError).code)).akVersion).toBe(2);
  });
});
