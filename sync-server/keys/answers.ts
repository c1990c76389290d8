/**
 * What the keys domain answers and refuses, for its own routes (routes.ts, rotate-route.ts) and
 * for other domains' routes through keys/index.ts (the password change and sign-in, the kits'
 * owner routes): a device's view of its keys, the refusal of a wrap for a replaced AK, a proof's
 * hash and the account a sign-in identifier names.
 */
import { fromB64url } from '../../shared/crypto/bytes';
import { proofHash } from '../../shared/crypto/keys';
import type { AnyAccountStore } from '../accounts';
import { ApiHttpError } from '../http/errors';
import type { AccountKeys } from './key-store';

/** A wrap made for an AK version the account no longer has (replaced on another device: rotate-route.ts). */
export const AK_REPLACED = 'The key that locks your words was replaced on another device. Reload the app, enter your password, then try again.';

/**
 * Refuses (409 AK_REPLACED with the current keys) a wrap or an owner copy made for an AK version
 * the account no longer has (SECURITY.md "Replacing the account key"): it would open nothing. A
 * body without `akVersion` comes from an app made before rotation existed, when every AK was
 * version 1, so it counts as version 1, never as "any". Used by the password change
 * (accounts/auth-routes.ts), a new recovery kit (routes.ts) and new trustee kits (release/kits/owner-routes.ts).
 */
export function refuseReplacedAk(claimed: number | undefined, keys: AccountKeys): void {
  if ((claimed ?? 1) !== keys.akVersion) throw akReplaced(keys);
}

/** The 409 AK_REPLACED with the current keys: also when a store's compare-and-set on the AK version found it changed meanwhile. */
export const akReplaced = (keys: AccountKeys) => new ApiHttpError(409, AK_REPLACED, undefined, undefined, { current: keysJson(keys) });

/** What a device may read of its account's keys (no proof hash). */
export const keysJson = (k: AccountKeys) => ({
  kdf: k.kdf,
  akVersion: k.akVersion,
  akPassword: k.akPassword,
  keyring: k.keyring,
  keyringRev: k.keyringRev,
  recoveryCreatedAt: k.recoveryCreatedAt,
  recoveryConfirmedAt: k.recoveryConfirmedAt,
  sealedAt: k.sealedAt,
});

/** Hex SHA-256 of a base64url proof token (validated as 32 bytes by the schema). */
export const proofHashOf = (b64: string) => proofHash(fromB64url(b64)!);

/**
 * The account a sign-in identifier names: a username (case-insensitive), or else an owner e-mail
 * address its owner confirmed (the account store's lookup, as the password reset uses), when
 * exactly one account confirmed it. Null when none.
 */
export async function findAccount(s: { accounts: AnyAccountStore }, identifier: string) {
  const byName = await s.accounts.findByUsername(identifier);
  if (byName || !identifier.includes('@')) return byName;
  const byEmail = await s.accounts.findByVerifiedEmail(identifier.trim());
  return byEmail.length === 1 ? byEmail[0]! : null;
}
