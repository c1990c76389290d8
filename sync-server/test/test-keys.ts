/**
 * Test-side helper: the keys a device makes for `userId` from `password` (shared/crypto/account-setup.ts,
 * the same call the app makes), with one `scope` key in the keyring. PBKDF2 keeps the tests quick;
 * the server treats both KDFs alike (kdf.ts checkKdfParams).
 */
import { newAccountKeys } from '../../shared/crypto/account-setup';
import { newKdfParams, type KdfParams } from '../../shared/crypto/kdf';

/** A new account's keys plus the login secret, with `scope` rotated into the keyring; `params` overrides the KDF's (e.g. its iterations). */
export async function makeDeviceKeys(userId: string, password: string, scope = 'owner', params: Partial<KdfParams> = {}) {
  const kdf = { ...newKdfParams('pbkdf2-sha256'), ...params } as KdfParams;
  const made = await newAccountKeys(userId, password, { kdf });
  await made.keyring.rotate(scope);
  made.body.keys.keyring = await made.keyring.save(made.ak, 1);
  // The KDF ran once, in newAccountKeys: its login secret is the body's (no second derivation).
  return { ...made, kdf, loginSecret: made.body.loginSecret };
}
