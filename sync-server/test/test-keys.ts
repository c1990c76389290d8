/**
 * Test-side helper: the keys a device makes for `userId` from `password` (shared/crypto/account-setup.ts,
 * the same call the app makes), with one `scope` key in the keyring. PBKDF2 keeps the tests quick;
 * the server treats both KDFs alike (kdf.ts checkKdfParams).
 */
import { newAccountKeys } from '../../shared/crypto/account-setup';
import { derivePasswordKeys, newKdfParams, type KdfParams, type PasswordKeys } from '../../shared/crypto/kdf';

/**
 * A new account's keys plus the login secret, with `scope` rotated into the keyring; `params` overrides the KDF's (e.g. its iterations).
 * The KDF runs through rememberedDerive, so a test that derives the unlock key again from the same password and `kdf` does not pay twice.
 */
export async function makeDeviceKeys(userId: string, password: string, scope = 'owner', params: Partial<KdfParams> = {}) {
  const kdf = { ...newKdfParams('pbkdf2-sha256'), ...params } as KdfParams;
  const made = await newAccountKeys(userId, password, { kdf, derive: rememberedDerive });
  await made.keyring.rotate(scope);
  made.body.keys.keyring = await made.keyring.save(made.ak, 1);
  // The KDF ran once, in newAccountKeys: its login secret is the body's (no second derivation).
  return { ...made, kdf, loginSecret: made.body.loginSecret };
}

const derived = new Map<string, Promise<PasswordKeys>>();

/**
 * derivePasswordKeys as the app runs it (Argon2id, or the account's PBKDF2), remembered per
 * password and parameters (salt included) for the test process: a second device, a new session or
 * a reload that derives again from the same password and the same salt gets the same keys the KDF
 * would give, without its ~0.3 CPU-s again (issue 41). Parameters with another salt or another
 * cost, and any other password, derive anew; parameters outside KDF_BOUNDS still throw
 * KdfParamsError (nothing is remembered for them). For tests whose subject is a flow, not the KDF:
 * a test that counts derivations or is about the KDF's parameters calls derivePasswordKeys itself.
 */
export function rememberedDerive(password: string, params: unknown): Promise<PasswordKeys> {
  const key = JSON.stringify([password, params]);
  let keys = derived.get(key);
  if (!keys) {
    keys = derivePasswordKeys(password, params);
    derived.set(key, keys);
    keys.catch(() => derived.delete(key));
  }
  return keys;
}
