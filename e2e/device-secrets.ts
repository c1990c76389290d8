/**
 * The secrets a signed-in device holds, read by a test that controls the browser (the canary scan,
 * issue "Sealed from the server", tests: "AK … in UTF-8, UTF-16LE, hex, base64 and base64url"):
 * the account key AK, every scope key of the keyring, the password's unlock half, and each file's
 * key and hash. None of them
 * may reach the server unwrapped (shared/crypto/README.md "Keys"), so each is a needle.
 */
import type { Page } from 'playwright-core';
import { fromB64url } from '../shared/crypto/bytes';
import { deriveBytes } from '../shared/crypto/kdf';
import { Keyring } from '../shared/crypto/keys';
import { deviceAkAdditionalData } from '../web/features/keys/device-key-store';

/** The open key session of `page`'s account: AK and every scope key, by kid (raw 32 bytes each), and the account's KDF parameters. */
export interface DeviceKeys {
  userId: string;
  ak: Uint8Array;
  scopeKeys: Map<string, Uint8Array>;
  kdf: unknown;
  /** AK wrapped under the password's unlock key, as the server keeps it, and AK's version. */
  akPassword: string;
  akVersion: number;
}

/** What `GET /api/keys` answers `page`'s session (shared/crypto/account-setup.ts ServerKeys): wrapped keys and the KDF parameters. */
export async function serverKeysOf(page: Page): Promise<{ keyring: unknown; kdf: unknown; akPassword: string; akVersion: number }> {
  return page.evaluate(async () => (await fetch('/api/keys', { credentials: 'same-origin' })).json());
}

/**
 * The half of the password's 64 derived bytes that unwraps AK (shared/crypto/kdf.ts
 * derivePasswordKeys: `unlockKey`), derived here as the device derives it. It never leaves the
 * device, unlike the other half (the login secret), so it is a needle.
 */
export async function unlockHalf(password: string, kdf: unknown): Promise<Uint8Array> {
  return (await deriveBytes(password, kdf)).slice(32, 64);
}

/**
 * AK as the device keeps it (web/features/keys/device-key-store.ts: sealed under a non-extractable
 * device key, which the page may still use to decrypt), and the account's current keyring
 * (`GET /api/keys`, wrapped under AK) opened with it here. Opening the keyring proves AK is the
 * account's. Throws when the device holds no AK or it does not open the keyring.
 */
export async function keysOnDevice(page: Page): Promise<DeviceKeys> {
  const rows = await page.evaluate(async () => {
    const db = await new Promise<IDBDatabase>((resolve, reject) => {
      const req = indexedDB.open('afterword-device-keys');
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    const all = await new Promise<{ userId: string; akVersion: number }[]>((resolve, reject) => {
      const req = db.transaction('keys').objectStore('keys').getAll();
      req.onsuccess = () => resolve(req.result);
      req.onerror = () => reject(req.error);
    });
    db.close();
    return all.map((r) => ({ userId: r.userId, akVersion: r.akVersion }));
  });
  if (rows.length !== 1) throw new Error(`The device holds ${rows.length} account keys, expected 1`);
  const { userId, akVersion } = rows[0]!;
  const additionalData = Array.from(deviceAkAdditionalData(userId, akVersion));
  const akBytes = await page.evaluate(
    async ({ userId, additionalData }) => {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open('afterword-device-keys');
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      const row = await new Promise<{ deviceKey: CryptoKey; iv: Uint8Array<ArrayBuffer>; sealedAk: Uint8Array<ArrayBuffer> }>((resolve, reject) => {
        const req = db.transaction('keys').objectStore('keys').get(userId);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      db.close();
      const ak = new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: row.iv, additionalData: new Uint8Array(additionalData) }, row.deviceKey, row.sealedAk));
      return Array.from(ak);
    },
    { userId, additionalData },
  );
  const ak = new Uint8Array(akBytes);
  const server = await serverKeysOf(page);
  const keyring = await Keyring.load(server.keyring, ak, userId);
  const scopeKeys = new Map(keyring.kids().map((kid) => [kid, keyring.raw(kid)!] as const));
  return { userId, ak, scopeKeys, kdf: server.kdf, akPassword: server.akPassword, akVersion: server.akVersion };
}

/**
 * Every file reference (shared/files/ref.ts) in this device's IndexedDB: the file's AES key (raw
 * bytes) and the SHA-256 of its plaintext, both sealed inside the record's `file` field, so needles too.
 */
export async function fileSecretsOnDevice(page: Page): Promise<{ key: Uint8Array; sha256: string }[]> {
  const found = await page.evaluate(async () => {
    const found = new Map<string, { key: string; sha256: string }>();
    const walk = (v: unknown, depth: number): void => {
      if (!v || typeof v !== 'object' || depth > 8) return;
      const o = v as Record<string, unknown>;
      if (typeof o.blobId === 'string' && typeof o.key === 'string' && /^[A-Za-z0-9_-]{43}$/.test(o.key) && typeof o.sha256 === 'string') {
        found.set(o.key, { key: o.key, sha256: o.sha256 });
      }
      for (const child of Object.values(o)) walk(child, depth + 1);
    };
    for (const info of await indexedDB.databases()) {
      const db = await new Promise<IDBDatabase>((resolve, reject) => {
        const req = indexedDB.open(info.name!);
        req.onsuccess = () => resolve(req.result);
        req.onerror = () => reject(req.error);
      });
      for (const store of db.objectStoreNames) {
        const rows = await new Promise<unknown[]>((resolve, reject) => {
          const req = db.transaction(store).objectStore(store).getAll();
          req.onsuccess = () => resolve(req.result);
          req.onerror = () => reject(req.error);
        });
        for (const row of rows) {
          // An outbox entry or a cached record may hold the reference as JSON text.
          walk(row, 0);
          if (row && typeof row === 'object') {
            for (const v of Object.values(row)) {
              if (typeof v === 'string' && v.includes('"blobId"')) {
                try {
                  walk(JSON.parse(v), 0);
                } catch {
                  /* not JSON */
                }
              }
            }
          }
        }
      }
      db.close();
    }
    return [...found.values()];
  });
  return found.map((f) => ({ key: fromB64url(f.key)!, sha256: f.sha256 }));
}
