/**
 * What this device pins about an account once it has made, opened or seen its keys (issue 39
 * "No back door"; SECURITY.md "What this device pins"): that the account has keys, whether its
 * words are sealed, the strongest KDF it has seen (algorithm and costs, not the salt, which a
 * password change renews) and the newest account-key version. Kept in device-key-store.ts's
 * `pins` table, which sign-out leaves in place; no server answer lowers any of it.
 * Pure rules here: the store is the caller's.
 */
import { ARGON2ID_DEFAULTS, checkKdfParams, type KdfParams } from '../../../shared/crypto/kdf';
import { DeviceRefusal } from './refusal';
import { PBKDF2_NOTE, WEAK_KDF_WORDS } from './refusal-words';

/** A KDF's algorithm and costs (no salt). */
export type KdfCost = { alg: 'argon2id'; memoryKiB: number; iterations: number } | { alg: 'pbkdf2-sha256'; iterations: number };

/** One account's pin on this device. */
export interface AccountPin {
  userId: string;
  /** Hashes of the names it was signed in by (pinIdentifier), so a sign-in finds it before any request. */
  ids: string[];
  kdf: KdfCost | null;
  akVersion: number;
  /** True once the device saw the account's words sealed (or made it sealed from birth). */
  sealed: boolean;
  /**
   * True once the device learned that k trustee kits were handed over (the escrow ended: a kit
   * generation in force, escrow-deposit.ts): it never deposits a message key again. Absent on pins
   * from before.
   */
  kitsHandedOver?: boolean;
  /**
   * The highest trustee-kit generation this device has seen in force (`GET /api/kits` current): a
   * generation comes into force only by retiring every one below it, so an answer naming a lower
   * one as the kits to use is refused (web/features/emergency/emergency-access.ts). Absent on pins
   * from before.
   */
  kitsInForce?: number;
}

/** The cost part of `kdf`. */
export function costOf(kdf: KdfParams): KdfCost {
  return kdf.alg === 'argon2id' ? { alg: 'argon2id', memoryKiB: kdf.memoryKiB, iterations: kdf.iterations } : { alg: 'pbkdf2-sha256', iterations: kdf.iterations };
}

/**
 * True when `next` is at least as costly as `pinned`: the same algorithm with no smaller cost, or
 * Argon2id at the app's registration costs in place of a pinned PBKDF2 (a stronger algorithm).
 */
export function atLeast(next: KdfCost, pinned: KdfCost): boolean {
  if (next.alg === 'argon2id' && pinned.alg === 'argon2id') return next.memoryKiB >= pinned.memoryKiB && next.iterations >= pinned.iterations;
  if (next.alg === 'pbkdf2-sha256' && pinned.alg === 'pbkdf2-sha256') return next.iterations >= pinned.iterations;
  return next.alg === 'argon2id' && atLeast(next, { alg: 'argon2id', ...ARGON2ID_DEFAULTS });
}

/** The stronger of two costs (the pin only rises). */
export const strongest = (a: KdfCost | null, b: KdfCost): KdfCost => (a && !atLeast(b, a) ? a : b);

/**
 * Checks the server's KDF parameters before any derivation: within shared/crypto/kdf.ts's bounds,
 * and no weaker than `pinned` (the strongest this device has seen for the account); with no pin
 * (a new device), Argon2id at no less than the app's registration costs (ARGON2ID_DEFAULTS) or
 * PBKDF2 within its bounds, which comes back with a `note` to show. Throws DeviceRefusal
 * (WEAK_KDF_WORDS) for weaker parameters, KdfParamsError outside the bounds.
 */
export function checkPinnedKdf(json: unknown, pinned: KdfCost | null): { kdf: KdfParams; note: string | null } {
  const kdf = checkKdfParams(json);
  const floor: KdfCost | null = pinned ?? (kdf.alg === 'argon2id' ? { alg: 'argon2id', ...ARGON2ID_DEFAULTS } : null);
  if (floor && !atLeast(costOf(kdf), floor)) throw new DeviceRefusal(WEAK_KDF_WORDS);
  return { kdf, note: !pinned && kdf.alg === 'pbkdf2-sha256' ? PBKDF2_NOTE : null };
}

/** The stored form of a sign-in name: SHA-256 of it trimmed and lower-cased (the server matches names so), hex. */
export async function pinIdentifier(identifier: string): Promise<string> {
  const bytes = new TextEncoder().encode(`afterword-pin-v1\0${identifier.trim().toLowerCase()}`);
  return [...new Uint8Array(await crypto.subtle.digest('SHA-256', bytes))].map((b) => b.toString(16).padStart(2, '0')).join('');
}
