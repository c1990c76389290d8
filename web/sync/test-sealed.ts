/**
 * Test support (imported only by *.test.ts): a sealed account on the REAL server (createApp over a
 * temp SQLite file) and each device's SyncKeys. The account's keyring is a real one
 * (`Keyring.create`, wrapped under a random AK) saved through the server's real key store
 * (`services.keys`: create, then `setSealedAt`); every device loads its own copy, and
 * `addScope`/`rotate` change the stored keyring as another device would (rotate, then a
 * compare-and-set `putKeyring`), so a device that has not refreshed holds an older keyring.
 */
import { akProofToken, Keyring, newAccountKey, proofHash, wrapAccountKey } from '../../shared/crypto/keys';
import { newKdfParams } from '../../shared/crypto/kdf';
import { openState } from '../../shared/crypto/sealed-record';
import { importAesKey, newRawKey } from '../../shared/crypto/wrap';
import type { ServerRecord } from '../../shared/sync/protocol';
import { createTestApp, signedInTransport, type TestApp } from '../../sync-server/test/client-test-support';
import type { KeyStore } from '../../sync-server/keys/key-store';
import { openOnDevice } from '../db/test-device';
import { createSyncEngine } from './engine';
import type { SyncKeys } from './sealing';
import type { Transport } from './transport';

/** The keys of one sealed account, on one server's key store. */
export interface AccountSealing {
  /** A device's keys: its own keyring copy, loaded now; `refreshed` counts refreshKeyring calls. */
  keysFor(): Promise<SyncKeys & { refreshed: number }>;
  /** Another device rotates `scope` (a new key version) and saves the keyring. */
  rotate(scope: string): Promise<void>;
  /** The account's keyring as the server stores it, opened (for tests that seal or open by hand). */
  accountRing(): Promise<Keyring>;
  /** The same account's keys on another server's key store (a copy of the template's file). */
  on(store: KeyStore, now: () => number): AccountSealing;
}

/** The sealing of `userId` (holding `ak`) over `store`. */
function sealingOver(store: KeyStore, userId: string, ak: Uint8Array, now: () => number): AccountSealing {
  const stored = async () => (await store.get(userId))!;
  const load = async () => Keyring.load((await stored()).keyring, ak, userId);
  /** Rotates `scope` in the stored keyring unless `skipIfPresent` and it has one; compare-and-set, retried. */
  const change = async (scope: string, skipIfPresent: boolean) => {
    for (;;) {
      const { keyringRev } = await stored();
      const ring = await load();
      if (skipIfPresent && ring.version(scope) > 0) return;
      await ring.rotate(scope);
      if (await store.putKeyring(userId, keyringRev, await ring.save(ak, 1), now())) return;
    }
  };
  return {
    async keysFor() {
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
          await change(scope, true);
          ring = await load();
        },
      };
      return keys;
    },
    rotate: (scope) => change(scope, false),
    accountRing: load,
    on: (other, otherNow) => sealingOver(other, userId, ak, otherNow),
  };
}

/**
 * Seals `userId`'s account on `t`: makes AK and the keyring, stores them through the real key
 * store with `sealed_at` set, and seals the plaintext profile registration wrote through a first
 * device (as the migration will), so every record the server holds is sealed.
 */
export async function sealAccount(t: TestApp, userId: string, transport: Transport): Promise<AccountSealing> {
  const sealing = await keysWithoutSealing(t, userId);
  await t.services.keys.setSealedAt(userId, t.deps.now());
  // It pulls first, so its write is newer than the server's.
  const first = await openOnDevice(userId, () => t.deps.now());
  const engine = createSyncEngine({ db: first, transport, keys: await sealing.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await first.write('profile', userId, { lastName: 'Lovelace', profileCompletion: 0, values: ['family'] });
  await first.write('profile', userId, { values: [] });
  await engine.syncNow();
  await engine.stop();
  first.close();
  return sealing;
}

/**
 * Gives `userId`'s account on `t` keys (AK and a real keyring, through the real key store) and
 * leaves `sealed_at` unset: an account made before keys whose device has just set them up, with
 * its records still plaintext (what web/features/keys/migrate.ts seals).
 */
export async function keysWithoutSealing(t: TestApp, userId: string): Promise<AccountSealing> {
  const ak = newAccountKey();
  const ring = await Keyring.create(userId);
  const unlock = await importAesKey(newRawKey()); // stands in for the password's unlock key: only stored here
  const created = await t.services.keys.create(
    userId,
    { kdf: newKdfParams('pbkdf2-sha256'), akVersion: 1, akPassword: await wrapAccountKey(unlock, ak, userId, 1, 'password'), akRecovery: null, keyring: await ring.save(ak, 1), proofHash: await proofHash(await akProofToken(ak, userId)) },
    t.deps.now(),
  );
  if (!created) throw new Error('The account already has keys');
  return sealingOver(t.services.keys, userId, ak, t.deps.now);
}

export interface SealedWorld extends AccountSealing {
  t: TestApp;
  userId: string;
  cookie: string;
  transport: Transport;
  device(): ReturnType<typeof openOnDevice>;
}

/** A fresh server (its configuration `env` added, e.g. SMTP_URL) with one sealed account. */
export async function createSealedWorld(env: Record<string, string> = {}): Promise<SealedWorld> {
  const t = createTestApp(env);
  const { userId, cookie, transport } = await signedInTransport(t);
  const sealing = await sealAccount(t, userId, transport);
  return { ...sealing, t, userId, cookie, transport, device: () => openOnDevice(userId, () => t.deps.now()) };
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
