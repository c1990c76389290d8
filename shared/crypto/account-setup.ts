/**
 * A new account's keys, made on the device (shared/crypto/README.md "Keys"): KDF parameters,
 * AK, a keyring, a recovery code, AK wrapped under the password and under the code, and AK's
 * proof token — the body `POST /api/auth/register` and `POST /api/keys/setup` take. Also the
 * reverse at sign-in: AK and the keyring from what the server answers. The KDF runs through the
 * given `derive` (a Worker on the device: web/features/keys/kdf-client.ts).
 */
import { toB64url } from './bytes';
import { derivePasswordKeys, newKdfParams, type KdfParams, type PasswordKeys } from './kdf';
import { akProofToken, Keyring, newAccountKey, unwrapAccountKey, wrapAccountKey, type StoredKeyring } from './keys';
import { newRecoveryCode, recoveryKey } from './recovery';

export type Derive = (password: string, params: KdfParams) => Promise<PasswordKeys>;

/** The keys part of register/setup bodies. */
export interface NewKeysBody {
  loginSecret: string;
  kdf: KdfParams;
  keys: { akVersion: 1; akPassword: string; akRecovery: string; keyring: StoredKeyring; proof: string };
}

/** Makes a new account's keys for `userId` from `password`; `code` is the recovery code to show in the kit. */
export async function newAccountKeys(userId: string, password: string, opts: { derive?: Derive; kdf?: KdfParams } = {}) {
  const kdf = opts.kdf ?? newKdfParams();
  const { loginSecret, unlockKey } = await (opts.derive ?? derivePasswordKeys)(password, kdf);
  const ak = newAccountKey();
  const keyring = await Keyring.create(userId);
  const { code, secret } = await newRecoveryCode();
  const body: NewKeysBody = {
    loginSecret,
    kdf,
    keys: {
      akVersion: 1,
      akPassword: await wrapAccountKey(unlockKey, ak, userId, 1, 'password'),
      akRecovery: await wrapAccountKey(await recoveryKey(secret, userId), ak, userId, 1, 'recovery'),
      keyring: await keyring.save(ak, 1),
      proof: toB64url(await akProofToken(ak, userId)),
    },
  };
  return { ak, code, keyring, body };
}

/** What login and GET /api/keys answer about an account's keys. */
export interface ServerKeys {
  kdf: KdfParams;
  akVersion: number;
  akPassword: string | null;
  keyring: StoredKeyring;
  keyringRev: number;
}

/** AK and the keyring from the server's keys and the password's unlock key; throws UnwrapError for a wrong password. */
export async function openAccountKeys(userId: string, keys: ServerKeys, unlockKey: CryptoKey) {
  if (!keys.akPassword) throw new TypeError('No wrap under the password: unlock with the recovery code');
  const ak = await unwrapAccountKey(unlockKey, keys.akPassword, userId, keys.akVersion, 'password');
  return { ak, keyring: await Keyring.load(keys.keyring, ak, userId) };
}
