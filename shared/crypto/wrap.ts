/**
 * Key wrapping (README.md "Wrapped keys"): a 32-byte key sealed under another with AES-256-GCM,
 * as `w1.<nonce>.<ct‖tag>` (base64url). The additional data names the account, what the wrapping
 * is for and the wrapped key's id, so the server cannot hand a device one account's or one scope's
 * key in place of another (AES-KW, deterministic and without additional data, could not refuse that).
 */
import { buf, fromB64url, lengthPrefixed, toB64url, webRandom, type RandomSource } from './bytes';
import { MalformedError, UnknownVersionError, UnwrapError } from './errors';

export const WRAP_VERSION = 'w1';
const KEY_BYTES = 32;
const NONCE_BYTES = 12;

/** What a wrapped key is bound to: its account, the wrapping's purpose and the key's id. */
export interface WrapContext {
  userId: string;
  /** `scope` (a scope key under AK), `password` or `recovery` (AK under a secret), … */
  purpose: string;
  /** The wrapped key's id: a kid, or `ak~<version>`. */
  id: string;
}

const aad = (c: WrapContext) => lengthPrefixed([WRAP_VERSION, c.userId, c.purpose, c.id]);

/** Imports 32 raw bytes as a non-extractable AES-256-GCM key. */
export function importAesKey(raw: Uint8Array): Promise<CryptoKey> {
  if (raw.length !== KEY_BYTES) throw new TypeError('An AES-256 key is 32 bytes');
  return crypto.subtle.importKey('raw', buf(raw), 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** A fresh random 256-bit key (raw bytes). */
export const newRawKey = (random: RandomSource = webRandom): Uint8Array => random(KEY_BYTES);

/** Wraps the 32-byte `raw` key under `wrappingKey` for `ctx`; returns `w1.<nonce>.<ct>`. */
export async function wrapKey(wrappingKey: CryptoKey, raw: Uint8Array, ctx: WrapContext, random: RandomSource = webRandom): Promise<string> {
  if (raw.length !== KEY_BYTES) throw new TypeError('Only 32-byte keys are wrapped');
  const nonce = random(NONCE_BYTES);
  const ct = new Uint8Array(await crypto.subtle.encrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(aad(ctx)) }, wrappingKey, buf(raw)));
  return `${WRAP_VERSION}.${toB64url(nonce)}.${toB64url(ct)}`;
}

/**
 * Unwraps a `w1.…` string made by wrapKey for the same `ctx`; returns the 32 raw bytes. Throws
 * UnknownVersionError, MalformedError, or UnwrapError (wrong key or context, or changed bytes).
 */
export async function unwrapKey(wrappingKey: CryptoKey, wrapped: string, ctx: WrapContext): Promise<Uint8Array> {
  const parts = typeof wrapped === 'string' ? wrapped.split('.') : [];
  if (parts[0] !== WRAP_VERSION) {
    throw /^w[0-9]+$/.test(parts[0] ?? '') ? new UnknownVersionError(`Wrapped key version ${parts[0]} is unknown`) : new MalformedError('Not a wrapped key');
  }
  const nonce = parts.length === 3 ? fromB64url(parts[1]!) : null;
  const ct = parts.length === 3 ? fromB64url(parts[2]!) : null;
  if (!nonce || nonce.length !== NONCE_BYTES || !ct || ct.length !== KEY_BYTES + 16) throw new MalformedError('Not a wrapped 256-bit key');
  try {
    return new Uint8Array(await crypto.subtle.decrypt({ name: 'AES-GCM', iv: buf(nonce), additionalData: buf(aad(ctx)) }, wrappingKey, buf(ct)));
  } catch {
    throw new UnwrapError('This key does not open here: wrong password or code, or it was changed');
  }
}

