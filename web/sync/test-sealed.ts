/**
 * Test support (imported only by *.test.ts): a sealed account on the REAL server (createApp over a
 * temp SQLite file) and each device's SyncKeys. The account's keyring is a real one
 * (`Keyring.create`, wrapped under a random AK) stored as the server's key store stores it, with
 * `sealedAt` set; every device loads its own copy, and `addScope`/`rotate` change the account's
 * keyring as another device would (rotate, then save), so a device that has not refreshed holds an
 * older keyring.
 */
import { newAccountKey, Keyring } from '../../shared/crypto/keys';
import { createTestApp, signedInTransport, type TestApp } from '../../sync-server/client-test-support';
import type { AccountKeysView } from '../../sync-server/records/sealed-check';
import { openOnDevice } from '../db/test-device';
import { createSyncEngine } from './engine';
import type { SyncKeys } from './sealing';
import type { Transport } from './transport';

export interface SealedWorld {
  t: TestApp;
  userId: string;
  cookie: string;
  transport: Transport;
  /** A device's keys: its own keyring copy, loaded now. */
  keysFor(): Promise<SyncKeys & { refreshed: number }>;
  /** Another device rotates `scope` (a new key version) and saves the keyring. */
  rotate(scope: string): Promise<void>;
  /** The account's keyring as the server stores it, opened (for tests that seal by hand). */
  accountRing(): Promise<Keyring>;
  device(): ReturnType<typeof openOnDevice>;
}

/** A fresh server with one sealed account. */
export async function createSealedWorld(): Promise<SealedWorld> {
  const stored = new Map<string, AccountKeysView>();
  const t = createTestApp({}, undefined, { accountKeys: async (userId) => stored.get(userId) ?? null });
  const { userId, cookie, transport } = await signedInTransport(t);
  const ak = newAccountKey();
  const account = await Keyring.create(userId);
  const save = async () => stored.set(userId, { keyring: await account.save(ak, 1), sealedAt: stored.get(userId)?.sealedAt ?? t.deps.now() });
  await save();
  const load = () => Keyring.load(stored.get(userId)!.keyring, ak, userId);
  const keysFor = async () => {
    let ring = await load();
    const keys = {
      userId,
      refreshed: 0,
      keyring: () => ring,
      async refreshKeyring() {
        keys.refreshed++;
        ring = await load();
        return ring;
      },
      async addScope(scope: string) {
        await account.rotate(scope);
        await save();
        ring = await load();
      },
    };
    return keys;
  };
  // Registration wrote the profile in plain text; a first device seals it (as the migration will).
  // It pulls first, so its write is newer than the server's.
  const first = await openOnDevice(userId, () => t.deps.now());
  const engine = createSyncEngine({ db: first, transport, keys: await keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await first.write('profile', userId, { lastName: 'Lovelace', profileCompletion: 0, values: ['family'] });
  await first.write('profile', userId, { values: [] });
  await engine.syncNow();
  await engine.stop();
  first.close();
  return {
    t,
    userId,
    cookie,
    transport,
    keysFor,
    async rotate(scope) {
      await account.rotate(scope);
      await save();
    },
    accountRing: load,
    device: () => openOnDevice(userId, () => t.deps.now()),
  };
}
