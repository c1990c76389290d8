/**
 * The key session kept on this device across reloads and offline (shared/crypto/README.md
 * "Keys"): AK's raw bytes wrapped (AES-GCM) under a device key that is a non-extractable
 * CryptoKey object stored in IndexedDB, so the browser never hands its bytes to script — a copy
 * of the database alone does not open AK. Cleared at sign-out (clearDeviceKeys), except the
 * `pins` table (pin.ts): what the device knows about an account's keys, which no server answer lowers.
 */
import Dexie, { type Table } from 'dexie';
import type { ServerKeys } from '../../../shared/crypto/account-setup';
import type { KdfParams } from '../../../shared/crypto/kdf';
import { costOf, pinIdentifier, strongest, type AccountPin } from './pin';

interface DeviceKeyRow {
  userId: string;
  /** Non-extractable AES-GCM key; never exported. */
  deviceKey: CryptoKey;
  iv: Uint8Array;
  /** AK encrypted under deviceKey, bound to userId and akVersion (additional data). */
  sealedAk: Uint8Array;
  akVersion: number;
}


/** A kit generation as a pin keeps it: a whole number from 1, else 0 (a value stored before that is not one is ignored). */
const generationOf = (n: unknown): number => (typeof n === 'number' && Number.isSafeInteger(n) && n >= 1 ? n : 0);

/** The server's keys of an account as last seen (AK wrapped under the password, the keyring wrapped under AK): nothing opens without AK. */
interface ServerKeysRow {
  userId: string;
  keys: ServerKeys & { sealedAt?: number | null };
}

class DeviceKeyDb extends Dexie {
  keys!: Table<DeviceKeyRow, string>;
  server!: Table<ServerKeysRow, string>;
  pins!: Table<AccountPin, string>;
  constructor(name: string) {
    super(name);
    this.version(1).stores({ keys: 'userId' });
    this.version(2).stores({ keys: 'userId', server: 'userId' });
    this.version(3).stores({ keys: 'userId', server: 'userId', pins: 'userId, *ids' });
  }
}

/**
 * The additional data AK is sealed with on this device: it binds the sealed bytes to `userId` and
 * `akVersion`. Exported for the canary scan (e2e/canary-scan.test.ts), which opens AK on the
 * device it controls to search the server's bytes for it.
 */
export const deviceAkAdditionalData = (userId: string, akVersion: number) => new TextEncoder().encode(`afterword-device-ak-v1\0${userId}\0${akVersion}`);
const ad = deviceAkAdditionalData;
const buf = (b: Uint8Array) => b as Uint8Array<ArrayBuffer>;

/** The device's store of AK per account, in the IndexedDB database `name`. */
export function createDeviceKeyStore(name = 'afterword-device-keys') {
  const db = new DeviceKeyDb(name);
  return {
    /** Keeps `ak` (raw 32 bytes, version `akVersion`) for `userId` under a fresh non-extractable device key. */
    async save(userId: string, ak: Uint8Array, akVersion: number): Promise<void> {
      const deviceKey = await crypto.subtle.generateKey({ name: 'AES-GCM', length: 256 }, false, ['encrypt', 'decrypt']);
      const iv = crypto.getRandomValues(new Uint8Array(12));
      const sealedAk = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv, additionalData: buf(ad(userId, akVersion)) }, deviceKey, buf(ak)));
      await db.keys.put({ userId, deviceKey, iv, sealedAk, akVersion });
    },
    /** AK of `userId` on this device, or null (none kept, or it does not open: then the Unlock screen asks). */
    async load(userId: string): Promise<{ ak: Uint8Array; akVersion: number } | null> {
      const row = await db.keys.get(userId);
      if (!row) return null;
      try {
        const ak = await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buf(row.iv), additionalData: buf(ad(userId, row.akVersion)) }, row.deviceKey, buf(row.sealedAk));
        return { ak: new Uint8Array(ak), akVersion: row.akVersion };
      } catch {
        return null;
      }
    },
    /** Caches the server's answer about `userId`'s keys (GET /api/keys, login), so an offline start opens the keyring. */
    async saveServerKeys(userId: string, keys: ServerKeys & { sealedAt?: number | null }): Promise<void> {
      await db.server.put({ userId, keys });
    },
    /** The cached server keys of `userId`, or null. */
    async loadServerKeys(userId: string): Promise<(ServerKeys & { sealedAt?: number | null }) | null> {
      return (await db.server.get(userId))?.keys ?? null;
    },
    /**
     * Records what this device has seen of `userId`'s keys (pin.ts): the names it signed in by,
     * the KDF (the pin keeps the strongest), the AK version (the highest) and whether the words
     * are sealed and whether k trustee kits were handed over (each once true, always), and the
     * highest kit generation seen in force. Returns the pin as it now stands.
     */
    async pin(userId: string, seen: { names?: string[]; kdf?: KdfParams; akVersion?: number; sealed?: boolean; kitsHandedOver?: boolean; kitsInForce?: number }): Promise<AccountPin> {
      const ids = await Promise.all((seen.names ?? []).filter(Boolean).map(pinIdentifier));
      return db.transaction('rw', db.pins, async () => {
        const was = (await db.pins.get(userId)) ?? { userId, ids: [], kdf: null, akVersion: 0, sealed: false };
        const now: AccountPin = {
          userId,
          ids: [...new Set([...was.ids, ...ids])],
          kdf: seen.kdf ? strongest(was.kdf, costOf(seen.kdf)) : was.kdf,
          akVersion: Math.max(was.akVersion, seen.akVersion ?? 0),
          sealed: was.sealed || !!seen.sealed,
          ...(was.kitsHandedOver || seen.kitsHandedOver ? { kitsHandedOver: true } : {}),
          ...(generationOf(was.kitsInForce) || generationOf(seen.kitsInForce) ? { kitsInForce: Math.max(generationOf(was.kitsInForce), generationOf(seen.kitsInForce)) } : {}),
        };
        await db.pins.put(now);
        return now;
      });
    },
    /** The pin of `userId`, or null when this device never held or saw its keys. */
    async pinOf(userId: string): Promise<AccountPin | null> {
      return (await db.pins.get(userId)) ?? null;
    },
    /** The pin of the account signed in by `identifier` (a username or e-mail address) on this device before, or null. */
    async pinFor(identifier: string): Promise<AccountPin | null> {
      return (await db.pins.where('ids').equals(await pinIdentifier(identifier)).first()) ?? null;
    },
    /** Every account's pin on this device (the reset page judges an account it has no pin for by them). */
    async pins(): Promise<AccountPin[]> {
      return db.pins.toArray();
    },
    /** Forgets every account's AK and cached keys on this device (sign-out); the pins stay (see above). */
    async clear(): Promise<void> {
      await db.transaction('rw', db.keys, db.server, async () => {
        await db.keys.clear();
        await db.server.clear();
      });
    },
    close: () => db.close(),
  };
}
export type DeviceKeyStore = ReturnType<typeof createDeviceKeyStore>;
