/**
 * What the reset page sends for the new password (POST /api/auth/reset-password, routes/password-reset.ts):
 * for an account with keys (`kdfAlg` from /check), fresh KDF parameters of the account's own
 * algorithm (never switched by a device) and the login secret derived with them, never the
 * password; for an account made before keys (`kdfAlg` null), the password itself.
 */
import type { KdfParams } from '../../../shared/crypto/kdf';
import { deriveInWorker } from '../keys/kdf-client';
import type { NewPasswordKeys } from '../keys/ReopenWords';

/** The credential fields of the reset body for `password` and the account's KDF algorithm, and (with keys) the new password's keys. */
export async function resetCredential(
  password: string,
  kdfAlg: KdfParams['alg'] | null,
): Promise<{ body: { password: string } | { loginSecret: string; kdf: KdfParams }; unlock: NewPasswordKeys | null }> {
  if (kdfAlg === null) return { body: { password }, unlock: null };
  const { newKdfParams } = await import('../../../shared/crypto/kdf');
  const kdf = newKdfParams(kdfAlg);
  const { loginSecret, unlockKey } = await deriveInWorker(password, kdf); // the KDF runs in its worker, as at sign-in
  return { body: { loginSecret, kdf }, unlock: { unlockKey, kdf } };
}
