/**
 * What the reset page sends for the new password (POST /api/auth/reset-password, routes/password-reset.ts):
 * for an account with keys (`kdfAlg` from /check), fresh KDF parameters of the account's own
 * algorithm (never switched by a device) and the login secret derived with them, never the
 * password; for an account made before keys (`kdfAlg` null), the password itself.
 */
import type { KdfParams } from '../../../shared/crypto/kdf';

/**
 * The one place this page derives keys: shared/crypto's derivePasswordKeys, loaded only when
 * called (hash-wasm's Argon2id). When web/features/keys runs the KDF in a worker, this line calls it.
 */
const derive = async (password: string, params: KdfParams) => (await import('../../../shared/crypto/kdf')).derivePasswordKeys(password, params);

/** The credential fields of the reset body for `password` and the account's KDF algorithm. */
export async function resetCredential(password: string, kdfAlg: KdfParams['alg'] | null): Promise<{ password: string } | { loginSecret: string; kdf: KdfParams }> {
  if (kdfAlg === null) return { password };
  const { newKdfParams } = await import('../../../shared/crypto/kdf');
  const kdf = newKdfParams(kdfAlg);
  const { loginSecret } = await derive(password, kdf);
  return { loginSecret, kdf };
}
