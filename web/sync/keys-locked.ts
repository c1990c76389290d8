/**
 * The keys' contract between the key session and the sync engine (shared/crypto/README.md "Keys"),
 * on its own so that the key session, which every signed-in start runs, does not import the
 * engine's sealing code (./sealing.ts re-exports both; issue 41).
 */
import type { Keyring } from '../../shared/crypto/keys';

/**
 * The keys the sync engine needs (contract: web/features/keys provides them; the engine never
 * imports it). `keyring()` is null while the keys are locked; `refreshKeyring()` fetches the
 * account's keyring again (a newer key version, another device's new message); `addScope(scope)`
 * rotates in a key for a new scope (a new message's `msg:<id>`) and saves the keyring.
 */
export interface SyncKeys {
  userId: string;
  keyring(): Keyring | null;
  refreshKeyring(): Promise<Keyring>;
  addScope(scope: string): Promise<void>;
}

/** The keys are locked on this device: nothing can be sealed or opened until they are unlocked. */
export class KeysLockedError extends Error {
  override name = 'KeysLockedError';
  constructor() {
    super('Your keys are locked on this device: sign in again to sync');
  }
}
