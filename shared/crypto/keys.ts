/**
 * The account key and the keyring (README.md "Keys").
 *
 * `AK` is 32 random bytes made on the account's first device. Scope keys (kid.ts) are random too,
 * wrapped under `AK` (wrap.ts), never derived from it: rotating `AK` (a new recovery code, a lost
 * device) then only re-wraps them, and rotating one scope's key leaves the others, and every
 * envelope sealed under them, as they are. Old versions stay in the keyring so history opens.
 *
 * The stored keyring, which the server keeps opaquely and reads only for `kid` checks:
 *   { "v": 1, "ak": <AK version>, "keys": { "<kid>": "w1.<nonce>.<ct>", … } }
 * The wrapped account key, beside it: `AK` under the password's unlock key and under the recovery
 * code's key (wrapAccountKey), with the KDF parameters (kdf.ts).
 */
import { buf, lengthPrefixed, sha256, toHex, utf8, webRandom, type RandomSource } from './bytes';
import { MalformedError, UnknownVersionError } from './errors';
import type { CurrentVersions, KeyLookup, SealingKey } from './envelope';
import { FIXED_SCOPES, isScope, kidOf, parseKid } from './kid';
import { importAesKey, newRawKey, unwrapKey, wrapKey } from './wrap';

export const KEYRING_VERSION = 1;

/** The keyring as the server stores it (JSON). */
export interface StoredKeyring {
  v: typeof KEYRING_VERSION;
  /** Version of the AK that wraps these keys. */
  ak: number;
  /** Each key id and its key wrapped under AK (purpose `scope`, id = kid). */
  keys: Record<string, string>;
}

/** What an AK wrapping is for: unlocked by the password (kdf.ts) or by the recovery code (recovery.ts). */
export type AkPurpose = 'password' | 'recovery';

const akId = (version: number) => `ak~${version}`;

/** A fresh account key: 32 random bytes. */
export const newAccountKey = (random: RandomSource = webRandom): Uint8Array => newRawKey(random);

/** Wraps `ak` (version `akVersion`) under an unlock key (password half, or recovery key). */
export function wrapAccountKey(unlockKey: CryptoKey, ak: Uint8Array, userId: string, akVersion: number, purpose: AkPurpose, random: RandomSource = webRandom) {
  return wrapKey(unlockKey, ak, { userId, purpose, id: akId(akVersion) }, random);
}

/** Unwraps AK; throws UnwrapError when the password or code is wrong or the bytes were changed (wrap.ts). */
export function unwrapAccountKey(unlockKey: CryptoKey, wrapped: string, userId: string, akVersion: number, purpose: AkPurpose) {
  return unwrapKey(unlockKey, wrapped, { userId, purpose, id: akId(akVersion) });
}

/**
 * Validates the JSON shape of a stored keyring (server and device alike) and returns it.
 * Throws UnknownVersionError for another `v`, MalformedError for anything else wrong.
 */
export function parseStoredKeyring(json: unknown): StoredKeyring {
  const k = json as Partial<StoredKeyring> | null;
  if (!k || typeof k !== 'object') throw new MalformedError('A keyring is an object');
  if (k.v !== KEYRING_VERSION) throw new UnknownVersionError(`Keyring version ${String(k.v)} is unknown`);
  if (!Number.isInteger(k.ak) || (k.ak as number) < 1) throw new MalformedError('The keyring names no AK version');
  if (!k.keys || typeof k.keys !== 'object' || Array.isArray(k.keys)) throw new MalformedError('The keyring holds no keys');
  for (const [kid, wrapped] of Object.entries(k.keys)) {
    if (!parseKid(kid) || typeof wrapped !== 'string' || !/^w[0-9]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/.test(wrapped)) {
      throw new MalformedError(`Keyring entry ${kid} is not a wrapped key`);
    }
  }
  return k as StoredKeyring;
}

/** The current (highest) version of each scope of a stored keyring: what checkEnvelope needs. */
export function currentVersions(stored: StoredKeyring): CurrentVersions {
  const latest = new Map<string, number>();
  for (const kid of Object.keys(stored.keys)) {
    const { scope, version } = parseKid(kid)!;
    latest.set(scope, Math.max(version, latest.get(scope) ?? 0));
  }
  return (scope) => latest.get(scope);
}

interface Entry {
  raw: Uint8Array;
  key: CryptoKey;
}

/**
 * The AK proof token of `userId` (32 bytes): HKDF-SHA256(AK, salt "afterword-ak-proof-v1", info
 * lengthPrefixed(["ak-proof", userId])). A device sends it (base64url) to show it holds AK, e.g.
 * after a password reset; the server keeps only `proofHash` of it, and neither reveals AK.
 */
export async function akProofToken(ak: Uint8Array, userId: string): Promise<Uint8Array> {
  const ikm = await crypto.subtle.importKey('raw', buf(ak), 'HKDF', false, ['deriveBits']);
  const bits = await crypto.subtle.deriveBits({ name: 'HKDF', hash: 'SHA-256', salt: buf(utf8('afterword-ak-proof-v1')), info: buf(lengthPrefixed(['ak-proof', userId])) }, ikm, 256);
  return new Uint8Array(bits);
}

/** Hex SHA-256 of a proof token: what the server stores and compares. */
export const proofHash = async (token: Uint8Array): Promise<string> => toHex(await sha256(token));

/**
 * The unwrapped keyring on a device: every scope key of every version. Keep it in memory only
 * (or sealed under AK); raw bytes are kept because release escrow and trustee blobs wrap them.
 */
export class Keyring {
  /**
   * The current version of each scope held and its sealing key, kept with `entries` (the
   * constructor and rotate are the only writers): sealing asks for it once per field, and an
   * account with many messages holds a scope per message, so it must not be found by parsing
   * every kid each time.
   */
  private readonly latest = new Map<string, { version: number; sealing: SealingKey }>();

  private constructor(
    readonly userId: string,
    private readonly entries: Map<string, Entry>,
  ) {
    for (const kid of entries.keys()) this.note(kid);
  }

  /** Records `kid` in the current-version index. */
  private note(kid: string): void {
    const { scope, version } = parseKid(kid)!;
    if (version > (this.latest.get(scope)?.version ?? 0)) this.latest.set(scope, { version, sealing: Object.freeze({ kid, key: this.entries.get(kid)!.key }) });
  }

  /** A new account's keyring: version 1 of each fixed scope (kid.ts). */
  static async create(userId: string, random: RandomSource = webRandom): Promise<Keyring> {
    const ring = new Keyring(userId, new Map());
    for (const scope of FIXED_SCOPES) await ring.rotate(scope, random);
    return ring;
  }

  /** Unwraps a stored keyring with AK (raw bytes). Throws parseStoredKeyring's errors and UnwrapError. */
  static async load(json: unknown, ak: Uint8Array, userId: string): Promise<Keyring> {
    const stored = parseStoredKeyring(json);
    const akKey = await importAesKey(ak);
    // Concurrently: a scope per message makes long keyrings, and each key is two WebCrypto calls.
    const entries = await Promise.all(
      Object.entries(stored.keys).map(async ([kid, wrapped]): Promise<[string, Entry]> => {
        const raw = await unwrapKey(akKey, wrapped, { userId, purpose: 'scope', id: kid });
        return [kid, { raw, key: await importAesKey(raw) }];
      }),
    );
    return new Keyring(userId, new Map(entries));
  }

  /** Wraps every key under AK (`akVersion`) for the server to store. */
  async save(ak: Uint8Array, akVersion: number, random: RandomSource = webRandom): Promise<StoredKeyring> {
    const akKey = await importAesKey(ak);
    const wrapped = await Promise.all([...this.entries].map(([kid, { raw }]) => wrapKey(akKey, raw, { userId: this.userId, purpose: 'scope', id: kid }, random)));
    const kids = [...this.entries.keys()];
    return { v: KEYRING_VERSION, ak: akVersion, keys: Object.fromEntries(kids.map((kid, i) => [kid, wrapped[i]!])) };
  }

  /** The current version of `scope`, or 0 when the keyring has none. */
  version(scope: string): number {
    return this.latest.get(scope)?.version ?? 0;
  }

  /** A new random key for `scope` at the next version (version 1 for a new message's scope); returns it. */
  async rotate(scope: string, random: RandomSource = webRandom): Promise<SealingKey> {
    if (!isScope(scope)) throw new TypeError(`Invalid scope ${scope}`);
    const kid = kidOf(scope, this.version(scope) + 1);
    const raw = newRawKey(random);
    const key = await importAesKey(raw);
    this.entries.set(kid, { raw, key });
    this.note(kid);
    return { kid, key };
  }

  /** The key to seal new values of `scope` with (its current version), or undefined. */
  current(scope: string): SealingKey | undefined {
    return this.latest.get(scope)?.sealing;
  }

  /** Finds any held version's key, for open (envelope.ts KeyLookup). */
  readonly lookup: KeyLookup = (kid) => this.entries.get(kid)?.key;

  /** Raw bytes of key `kid` (for the release escrow and trustee blobs), or undefined. */
  raw(kid: string): Uint8Array | undefined {
    return this.entries.get(kid)?.raw;
  }

  /** Every key id held. */
  kids(): string[] {
    return [...this.entries.keys()];
  }
}
