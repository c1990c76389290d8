/**
 * Test support (imported only by *.test.ts): a sealed account on the REAL server (createApp over a
 * temp SQLite file) and each device's SyncKeys. The account's keyring is a real one
 * (`Keyring.create`, wrapped under a random AK) stored as the server's key store stores it, with
 * `sealedAt` set; every device loads its own copy, and `addScope`/`rotate` change the account's
 * keyring as another device would (rotate, then save), so a device that has not refreshed holds an
 * older keyring.
 */
import { newAccountKey, Keyring } from '../../shared/crypto/keys';
import { openState } from '../../shared/crypto/sealed-record';
import type { ServerRecord } from '../../shared/sync/protocol';
import { createTestApp, signedInTransport, type TestApp } from '../../sync-server/client-test-support';
import type { AccountKeysView } from '../../sync-server/records/sealed-check';
import { openOnDevice } from '../db/test-device';
import { createSyncEngine } from './engine';
import type { SyncKeys } from './sealing';
import type { Transport } from './transport';

/** The keys of one sealed account. */
export interface AccountSealing {
  /** A device's keys: its own keyring copy, loaded now; `refreshed` counts refreshKeyring calls. */
  keysFor(): Promise<SyncKeys & { refreshed: number }>;
  /** Another device rotates `scope` (a new key version) and saves the keyring. */
  rotate(scope: string): Promise<void>;
  /** The account's keyring as the server stores it, opened (for tests that seal or open by hand). */
  accountRing(): Promise<Keyring>;
}

/** Where sealed accounts' keys are kept for the server (the key store's reader reads it). */
export type KeyStore = Map<string, AccountKeysView>;

/** The key store's reader over `store`. */
export const readerOf = (store: KeyStore) => async (userId: string) => store.get(userId) ?? null;

/**
 * Seals `userId`'s account: makes its keyring, stores it with `sealedAt`, and seals the plaintext
 * profile registration wrote through a first device (as the migration will), so every record the
 * server holds is sealed.
 */
export async function sealAccount(t: TestApp, userId: string, transport: Transport, store: KeyStore): Promise<AccountSealing> {
  const ak = newAccountKey();
  const account = await Keyring.create(userId);
  const save = async () => store.set(userId, { keyring: await account.save(ak, 1), sealedAt: store.get(userId)?.sealedAt ?? t.deps.now() });
  await save();
  const load = () => Keyring.load(store.get(userId)!.keyring, ak, userId);
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
        if (account.version(scope) === 0) await account.rotate(scope);
        await save();
        ring = await load();
      },
    };
    return keys;
  };
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
    keysFor,
    async rotate(scope) {
      await account.rotate(scope);
      await save();
    },
    accountRing: load,
  };
}

export interface SealedWorld extends AccountSealing {
  /** The key store the server reads (a test may clear `sealedAt`: an account still being sealed). */
  store: KeyStore;
  t: TestApp;
  userId: string;
  cookie: string;
  transport: Transport;
  device(): ReturnType<typeof openOnDevice>;
}

/** A fresh server with one sealed account. */
export async function createSealedWorld(): Promise<SealedWorld> {
  const store: KeyStore = new Map();
  const t = createTestApp({}, undefined, { accountKeys: readerOf(store) });
  const { userId, cookie, transport } = await signedInTransport(t);
  const sealing = await sealAccount(t, userId, transport, store);
  return { ...sealing, store, t, userId, cookie, transport, device: () => openOnDevice(userId, () => t.deps.now()) };
}

/**
 * The server's records as a device reads them: opened field by field with the account's keyring
 * when `sealing` is given (every field must open; tests compare opened values), else as they are.
 */
export async function openRecords(sealing: AccountSealing | undefined, userId: string, records: readonly ServerRecord[]): Promise<ServerRecord[]> {
  if (!sealing) return [...records];
  const ring = await sealing.accountRing();
  return Promise.all(
    records.map(async (r) => {
      const { values, errors } = await openState(ring.lookup, userId, r.collection, r.id, r);
      if (Object.keys(errors).length) throw new Error(`${r.collection}/${r.id}: ${Object.keys(errors).join(', ')} did not open`);
      return { ...r, values };
    }),
  );
}
