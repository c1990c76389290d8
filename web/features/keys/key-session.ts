/**
 * The key session of the signed-in account (shared/crypto/README.md "Keys"; contract name
 * `useKeySession`): the opened keyring, restored at app start from this device — AK from
 * device-key-store.ts and the server's wrapped keyring cached beside it, so an OFFLINE start
 * opens it — and refreshed from `GET /api/keys` when online. It gives the sync engine its
 * `SyncKeys` (web/sync/keys-locked.ts). Status:
 * - `none`: no account, or an account without keys (a legacy one until setupKeys runs);
 * - `locked`: the account has keys but this device does not hold its AK (storage cleared, or the
 *   AK was replaced on another device, `akReplaced`: SECURITY.md "Replacing the account key"):
 *   the Unlock screen asks for the password (`unlock`); sealed sync waits, keeping every change;
 * - `open`: the keyring is open.
 * What the device has seen is pinned (pin.ts, device-key-store.ts `pins`): a server answer that
 * says the account has no keys, is not sealed, asks for a weaker KDF or an older AK is refused
 * (`refusal` holds the words to show); the session keeps what it had and never turns plain.
 * Services are passed in (createKeySession); `useKeySession` is the app's instance.
 */
import { create } from 'zustand';
import type { Derive, ServerKeys } from '../../../shared/crypto/account-setup';
import { renewKdfParams } from '../../../shared/crypto/kdf';
import { Keyring, wrapAccountKey } from '../../../shared/crypto/keys';
import { apiFetch } from '../../api/client';
import { KeysLockedError, type SyncKeys } from '../../sync/keys-locked';
import { wantKeys } from '../../sync/keys-wanted';
import { createDeviceKeyStore, type DeviceKeyStore } from './device-key-store';
import { atLeast, checkPinnedKdf, costOf, type AccountPin } from './pin';
import { DeviceRefusal, refusalWords } from './refusal';
import { KNOWN_KEYS_WORDS, NOT_SEALED_WORDS, OLD_KEY_WORDS } from './refusal-words';
import { conflictKeys, type Api } from './api';

/** What GET /api/keys and login answer (sync-server/keys/key-answers.ts keysJson). */
export type AccountKeysJson = ServerKeys & { sealedAt?: number | null };

export type KeySessionStatus = 'none' | 'locked' | 'open';

export interface KeySessionState {
  userId: string | null;
  status: KeySessionStatus;
  keyring: Keyring | null;
  keyringRev: number;
  /** True while locked because the account's AK is newer than the one this device holds (replaced on another device). */
  akReplaced: boolean;
  /** When the account's data became sealed (server ms), null while it is not. */
  sealedAt: number | null;
  /** The words of the last server answer this device refused (pin.ts), null when none; cleared by restore. */
  refusal: string | null;
  /**
   * True while a restore runs: the status is not known yet (a 'none' then is not "no keys"); the
   * state before any restore (userId null) is not known either.
   */
  restoring: boolean;
  /** Opens the session of `userId` from this device, then from the server when it answers. */
  restore(userId: string): Promise<KeySessionStatus>;
  /** Opens the keys with the password (the Unlock screen). Throws UnwrapError for a wrong password, the API's error offline. */
  unlock(password: string): Promise<void>;
  /** Fetches the account's keys again (GET /api/keys) and opens the keyring; throws KeysLockedError when AK no longer opens it. */
  refreshKeyring(): Promise<Keyring>;
  /** Adds a key for `scope` (a new message's `msg:<id>`) and saves the keyring by compare-and-set. */
  addScope(scope: string): Promise<void>;
  /** Forgets the keys on this device (sign-out): device-key-store cleared. */
  signOut(): Promise<void>;
  /**
   * What proves the password again (confirm-password, delete-account): `{ loginSecret }` for an
   * account with keys (the password never travels), `{ password }` for an account without.
   * Throws DeviceRefusal when this device knows the account has keys but the server says not.
   * `userId` is the signed-in account's: the session is restored for it first when it was not yet
   * (what this device knows of its keys decides, never the session's empty start).
   */
  passwordProof(password: string, userId: string): Promise<{ loginSecret: string } | { password: string }>;
  /**
   * The body of `POST /api/auth/password`: for an account with keys the login secrets and AK
   * re-wrapped under the new password with a new KDF salt and the account's own KDF algorithm and
   * parameters, never switched (shared/crypto/kdf.ts renewKdfParams) (only AK: the keyring is wrapped under
   * AK, which stays); for one without, the passwords. Throws KeysLockedError while locked,
   * DeviceRefusal as passwordProof does.
   */
  passwordChangeBody(current: string, next: string, userId: string): Promise<Record<string, unknown>>;
  /** The sync engine's keys, or null when the account's data is not sealed (no keys, or sealedAt unset). */
  syncKeys(): SyncKeys | null;
  /**
   * Runs `use` with AK's raw bytes and version, for what only the owner's devices may open: the owner's copy
   * of the trustee kits (shared/crypto/trustee-kit.ts sealOwnerCopy/openOwnerCopy). AK never
   * leaves memory. Throws KeysLockedError while the session is not open.
   */
  withAccountKey<T>(use: (ak: Uint8Array, akVersion: number) => Promise<T>): Promise<T>;
}

export interface KeySessionDeps {
  api: Api;
  device: DeviceKeyStore;
  derive: Derive;
}

const EMPTY = { userId: null, status: 'none' as const, keyring: null, keyringRev: 0, akReplaced: false, sealedAt: null, refusal: null, restoring: false };
/** How often addScope retries after a 409 before giving up (each retry re-reads the winner). */
const CAS_TRIES = 5;

/** A 404 from GET /api/keys: the account has no keys. Network errors and other statuses are "unknown". */
const statusOf = (err: unknown) => (err as { status?: number })?.status;


/** A key session store over `deps` (tests make one per simulated device). */
export function createKeySession(deps: KeySessionDeps) {
  // AK (raw bytes) and the server's keys it opened: in memory only, never in the store's state.
  let ak: { bytes: Uint8Array; version: number } | null = null;
  let server: AccountKeysJson | null = null;
  let generation = 0; // a restore or sign-out started later wins over an earlier one still running
  let pinned: AccountPin | null = null; // what this device knows of the session's account (pin.ts)

  return create<KeySessionState>()((set, get) => {
    /** The words refusing the server's `keys` (a weaker KDF than pinned or than a new device takes, an older AK, unsealed words the device saw sealed), or null. */
    const judge = (keys: AccountKeysJson): string | null => {
      try {
        checkPinnedKdf(keys.kdf, pinned?.kdf ?? null);
      } catch (err) {
        return refusalWords(err) ?? (err as Error).message;
      }
      if (pinned && keys.akVersion < pinned.akVersion) return OLD_KEY_WORDS;
      if (pinned?.sealed && keys.sealedAt == null) return NOT_SEALED_WORDS;
      return null;
    };

    /** Keeps what the session holds and says why; a session with nothing open yet waits locked (sealed sync keeps every change). */
    const refuse = (words: string) => {
      if (get().status === 'none' && pinned) set({ status: 'locked', sealedAt: pinned.sealed ? 0 : null, refusal: words });
      else set({ refusal: words });
    };

    /** The pin of the signed-in account, read from the device when this session has not loaded it (before a restore). */
    const pinOfUser = async () => pinned ?? (get().userId ? await deps.device.pinOf(get().userId!) : null);

    /** Opens `keys` with the AK held; records them (and caches them on the device) or goes locked. Refuses (keeps what it had) what judge refuses. */
    const adopt = async (userId: string, keys: AccountKeysJson, gen: number): Promise<Keyring | null> => {
      const lie = judge(keys);
      if (lie) {
        if (gen === generation) refuse(lie);
        return get().keyring;
      }
      let keyring: Keyring | null = null;
      if (ak && ak.version === keys.akVersion) keyring = await Keyring.load(keys.keyring, ak.bytes, userId).catch(() => null);
      if (gen !== generation) return null;
      server = keys;
      await deps.device.saveServerKeys(userId, keys);
      const news = !pinned?.kdf || keys.akVersion > pinned.akVersion || (keys.sealedAt != null && !pinned.sealed) || !atLeast(pinned.kdf, costOf(keys.kdf));
      if (news) pinned = await deps.device.pin(userId, { kdf: keys.kdf, akVersion: keys.akVersion, sealed: keys.sealedAt != null }); // written only when it rises
      const akReplaced = !keyring && !!ak && ak.version < keys.akVersion;
      set({ userId, status: keyring ? 'open' : 'locked', keyring, keyringRev: keys.keyringRev, akReplaced, sealedAt: keys.sealedAt ?? null });
      return keyring;
    };

    /** GET /api/keys: the keys, null when the account has none, undefined when the server did not answer. */
    const fetchKeys = async (): Promise<AccountKeysJson | null | undefined> => {
      try {
        return await deps.api<AccountKeysJson>('/api/keys');
      } catch (err) {
        if (statusOf(err) === 404) return null;
        return undefined;
      }
    };

    const signedInUser = () => {
      const { userId } = get();
      if (!userId) throw new KeysLockedError();
      return userId;
    };

    const refreshKeyring = async (): Promise<Keyring> => {
      const userId = signedInUser();
      const gen = generation;
      const keys = await deps.api<AccountKeysJson>('/api/keys');
      const ring = await adopt(userId, keys, gen);
      if (!ring) throw new KeysLockedError();
      return ring;
    };

    /** restore()'s work (see KeySession.restore). */
    const restoreNow = async (userId: string): Promise<KeySessionStatus> => {
      const gen = ++generation;
      ak = null;
      server = null;
      pinned = null;
      set({ ...EMPTY, userId });
      const held = await deps.device.load(userId);
      ak = held && { bytes: held.ak, version: held.akVersion };
      const cached = await deps.device.loadServerKeys(userId);
      const pin = (await deps.device.pinOf(userId)) ?? ((held || cached) && (await deps.device.pin(userId, { kdf: cached?.kdf, akVersion: held?.akVersion ?? cached?.akVersion, sealed: cached?.sealedAt != null }))); // a device from before pins: what it holds
      if (gen !== generation) return get().status;
      pinned = pin;
      if (cached) await adopt(userId, cached, gen); // the offline start: open from the device
      const fresh = await fetchKeys();
      if (gen !== generation) return get().status;
      if (fresh) await adopt(userId, fresh, gen);
      else if (fresh === null && pinned) refuse(KNOWN_KEYS_WORDS); // keys seen here: never turned plain by one answer
      else if (fresh === null) set({ ...EMPTY, userId }); // the server says: no keys (a legacy account)
      else if (!cached && held) set({ ...EMPTY, userId, status: 'locked', sealedAt: 0 }); // offline, keys never cached: AK here says it has keys; wait for the server
      return get().status;
    };
    /** The restore in flight and whose it is: a second restore for the same account waits for it instead of starting again. */
    let inFlight: { userId: string; done: Promise<KeySessionStatus> } | null = null;
    const restore = async (userId: string): Promise<KeySessionStatus> => {
      if (inFlight?.userId === userId) return inFlight.done;
      const done = restoreNow(userId);
      inFlight = { userId, done };
      set({ restoring: true });
      try {
        return await done;
      } finally {
        if (inFlight?.done === done) {
          inFlight = null;
          set({ restoring: false });
        }
      }
    };
    /**
     * The session of `userId` as this device holds it: their restore in flight awaited, or a restore
     * when the session is not theirs (nobody's yet: a dialog opened before the sync lifecycle restored it).
     */
    const restoredFor = async (userId: string): Promise<void> => {
      if (inFlight?.userId === userId || get().userId !== userId) await restore(userId);
    };

    return {
      ...EMPTY,

      restore,

      async unlock(password) {
        const userId = signedInUser();
        const gen = generation;
        const fetched = await fetchKeys();
        if (fetched === null && pinned) throw new DeviceRefusal(KNOWN_KEYS_WORDS);
        const keys = fetched ?? server; // the newest wrap when online (the AK version may have changed)
        if (!keys) throw new Error('This account has no keys yet');
        const lie = judge(keys);
        if (lie) throw new DeviceRefusal(lie); // before the password is stretched with what the server chose
        const { unlockKey } = await deps.derive(password, keys.kdf);
        const { openAccountKeys } = await import('../../../shared/crypto/account-setup'); // the Unlock screen's only (issue 41: not on every start)
        const opened = await openAccountKeys(userId, keys, unlockKey);
        if (gen !== generation) return;
        await deps.device.save(userId, opened.ak, keys.akVersion);
        ak = { bytes: opened.ak, version: keys.akVersion };
        await adopt(userId, keys, gen);
      },

      refreshKeyring,

      async addScope(scope) {
        const userId = signedInUser();
        const gen = generation;
        for (let i = 0; i < CAS_TRIES; i++) {
          if (!ak || !server) throw new KeysLockedError();
          // A fresh copy: a key that the server never stored must never seal anything.
          const copy = await Keyring.load(server.keyring, ak.bytes, userId);
          if (copy.version(scope) > 0) {
            await adopt(userId, server, gen); // another device added it
            return;
          }
          await copy.rotate(scope);
          const keyring = await copy.save(ak.bytes, ak.version);
          try {
            const { keyringRev } = await deps.api<{ keyringRev: number }>('/api/keys/keyring', { method: 'PUT', body: { rev: server.keyringRev, keyring } });
            await adopt(userId, { ...server, keyring, keyringRev }, gen);
            return;
          } catch (err) {
            const current = conflictKeys<AccountKeysJson>(err);
            if (!current) throw err;
            if (!(await adopt(userId, current, gen))) throw new KeysLockedError();
          }
        }
        throw new Error('The keyring kept changing on another device; try again');
      },

      async signOut() {
        ++generation;
        ak = null;
        server = null;
        pinned = null;
        set({ ...EMPTY });
        await deps.device.clear();
      },

      async passwordProof(password, userId) {
        await restoredFor(userId);
        if (get().status === 'none' || !server) {
          if (await pinOfUser()) throw new DeviceRefusal(KNOWN_KEYS_WORDS);
          return { password };
        }
        return { loginSecret: (await deps.derive(password, server.kdf)).loginSecret };
      },

      async passwordChangeBody(current, next, userId) {
        await restoredFor(userId);
        if (get().status === 'none' || !server) {
          if (await pinOfUser()) throw new DeviceRefusal(KNOWN_KEYS_WORDS);
          return { currentPassword: current, newPassword: next };
        }
        if (!ak) throw new KeysLockedError();
        const kdf = renewKdfParams(server.kdf); // the account's algorithm and costs, a new salt (issue 29 "The KDF")
        const [was, now] = await Promise.all([deps.derive(current, server.kdf), deps.derive(next, kdf)]);
        const akPassword = await wrapAccountKey(now.unlockKey, ak.bytes, userId, ak.version, 'password');
        return { currentLoginSecret: was.loginSecret, loginSecret: now.loginSecret, kdf, akPassword, akVersion: ak.version }; // 409 if AK was replaced elsewhere
      },

      async withAccountKey(use) {
        if (get().status !== 'open' || !ak) throw new KeysLockedError();
        return use(ak.bytes, ak.version);
      },

      syncKeys() {
        const { userId, status, sealedAt } = get();
        const sealedHere = !!userId && pinned?.userId === userId && pinned.sealed; // this device saw it sealed: never plain again
        if (!userId || (!sealedHere && (status === 'none' || sealedAt == null))) return null;
        return {
          userId,
          keyring: () => (get().userId === userId ? get().keyring : null),
          refreshKeyring,
          addScope: (scope: string) => get().addScope(scope),
        };
      },
    };
  });
}

/**
 * The app's services for keys: apiFetch, this browser's device-key-store, the KDF in a Worker (its
 * client imported on the first password it stretches: an unlock, a password proof or change, never
 * a start from this device's keys; issue 41).
 */
export const appKeyDeps: KeySessionDeps = {
  api: apiFetch as Api,
  device: createDeviceKeyStore(),
  derive: async (password, params) => (await import('./kdf-client')).deriveInWorker(password, params),
};

/** The app's key session. */
export const useKeySession = createKeySession(appKeyDeps);
// A screen that reads the keys has loaded this module: the lifecycle restores the session now, not once the network is quiet.
wantKeys();
