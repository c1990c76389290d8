/**
 * The release key (SECURITY.md "Release escrow"): 32 random bytes that seal every account's
 * release escrow (escrow.ts). It lives OUTSIDE the database and, by default, outside DATA_DIR, so
 * that the database, its dumps and a backup of DATA_DIR alone open no escrow:
 *
 * - `RELEASE_KEY`: base64url of 32 bytes (every instance on one PostgreSQL sets the same one);
 * - else `RELEASE_KEY_FILE`: a file holding it, generated once (mode 0600) when missing;
 * - else the file `<DATA_DIR>.release-key` beside DATA_DIR (never inside it), generated once.
 *
 * With DATABASE_URL one of the first two is required (each instance would otherwise make its own).
 * The database keeps only a check value (`checkReleaseKey`): a server started with another key
 * refuses to start, loudly, instead of sealing new escrows that a release could never open or
 * failing to open the old ones at a death.
 */
import { randomBytes } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { basename, dirname, join } from 'node:path';
import { buf, fromB64url, lengthPrefixed } from '../../../shared/crypto/bytes';
import { CryptoError } from '../../../shared/crypto/errors';
import { importAesKey, unwrapKey, wrapKey } from '../../../shared/crypto/wrap';

const KEY_BYTES = 32;
const HKDF_SALT = 'afterword-release-key-v1';

/** Where the release key came from (for the error and the start-up log; never the key itself). */
export interface ReleaseKey {
  raw: Uint8Array;
  source: 'RELEASE_KEY' | 'RELEASE_KEY_FILE' | 'default file';
  file?: string;
}

function parseKey(text: string, name: string): Uint8Array {
  const raw = fromB64url(text.trim());
  if (!raw || raw.length !== KEY_BYTES) throw new Error(`${name} must be base64url of 32 random bytes (e.g. \`openssl rand 32 | basenc --base64url -w0 | tr -d =\`)`);
  return raw;
}

function fromFile(file: string, name: string): Uint8Array {
  if (!existsSync(file)) writeFileSync(file, randomBytes(KEY_BYTES).toString('base64url'), { mode: 0o600, flag: 'wx' });
  return parseKey(readFileSync(file, 'utf8'), `${name} (${file})`);
}

/**
 * Reads the release key as described above. Throws an Error naming the variable for a malformed
 * key, or for DATABASE_URL without RELEASE_KEY or RELEASE_KEY_FILE; the server does not start.
 */
export function loadReleaseKey(env: NodeJS.ProcessEnv, dataDir: string): ReleaseKey {
  if (env.RELEASE_KEY) return { raw: parseKey(env.RELEASE_KEY, 'RELEASE_KEY'), source: 'RELEASE_KEY' };
  if (env.RELEASE_KEY_FILE) return { raw: fromFile(env.RELEASE_KEY_FILE, 'RELEASE_KEY_FILE'), source: 'RELEASE_KEY_FILE', file: env.RELEASE_KEY_FILE };
  if (env.DATABASE_URL) throw new Error('DATABASE_URL is set: set RELEASE_KEY (or RELEASE_KEY_FILE) too, the same on every instance, kept outside the database and its backups');
  const file = join(dirname(dataDir), `${basename(dataDir)}.release-key`);
  return { raw: fromFile(file, 'The release key file'), source: 'default file', file };
}

/** What a subkey of the release key is for: `escrow`, `check`, `kits` (trustee kits' gates, shares and Q, kits/seal.ts), `emergency` (emergency access's gates, sharing/gate-seal.ts). */
export type SubkeyPurpose = 'escrow' | 'check' | 'kits' | 'emergency';

/** An AES-256-GCM key for one purpose (SubkeyPurpose), derived from the release key with HKDF-SHA256. */
export async function releaseSubkey(raw: Uint8Array, purpose: SubkeyPurpose): Promise<CryptoKey> {
  const base = await crypto.subtle.importKey('raw', buf(raw), 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits(
    { name: 'HKDF', hash: 'SHA-256', salt: buf(new TextEncoder().encode(HKDF_SALT)), info: buf(lengthPrefixed(['release-key', purpose])) },
    base,
    256,
  );
  return importAesKey(new Uint8Array(bits));
}

const CHECK_CONTEXT = { userId: '', purpose: 'release-key-check', id: 'v1' };

/** A new check value for `raw` (a random key wrapped under its `check` subkey): stored in the database. */
export async function makeReleaseKeyCheck(raw: Uint8Array): Promise<string> {
  return wrapKey(await releaseSubkey(raw, 'check'), randomBytes(KEY_BYTES), CHECK_CONTEXT);
}

/** Whether `check` was made by makeReleaseKeyCheck with this key. */
export async function verifyReleaseKeyCheck(raw: Uint8Array, check: string): Promise<boolean> {
  try {
    await unwrapKey(await releaseSubkey(raw, 'check'), check, CHECK_CONTEXT);
    return true;
  } catch (err) {
    if (err instanceof CryptoError) return false;
    throw err;
  }
}

/**
 * Compares the key with the database's check value, storing one on first start
 * (`read`/`write` are the engine's). Throws when they differ: the server must not start.
 */
export async function checkReleaseKey(key: ReleaseKey, store: { readCheck(): Promise<string | null>; writeCheck(check: string): Promise<void> }): Promise<void> {
  let stored = await store.readCheck();
  if (stored === null) {
    await store.writeCheck(await makeReleaseKeyCheck(key.raw)); // kept only if no other instance wrote one first
    stored = (await store.readCheck()) ?? '';
  }
  if (!(await verifyReleaseKeyCheck(key.raw, stored))) {
    const where = key.file ? `${key.source} ${key.file}` : key.source;
    throw new Error(
      `The release key (${where}) is not the key this database's release escrows were sealed with. ` +
        'Restore the original RELEASE_KEY or its file: without it no release can open what people left for their families.',
    );
  }
}
