/**
 * Test-side helper: the keys a device makes for `userId` from `password` (the same shared/crypto
 * calls the app makes at registration and setup), as the body the key routes take. PBKDF2 keeps
 * the tests quick; the server treats both KDFs alike (kdf.ts checkKdfParams).
 */
import { toB64url } from '../../shared/crypto/bytes';
import { derivePasswordKeys, newKdfParams, type KdfParams } from '../../shared/crypto/kdf';
import { akProofToken, Keyring, newAccountKey, wrapAccountKey } from '../../shared/crypto/keys';
import { newRecoveryCode, recoveryKey } from '../../shared/crypto/recovery';

export interface DeviceKeys {
  ak: Uint8Array;
  code: string;
  kdf: KdfParams;
  loginSecret: string;
  keyring: Keyring;
  body: { loginSecret: string; kdf: KdfParams; keys: { akVersion: 1; akPassword: string; akRecovery: string; keyring: unknown; proof: string } };
}

/** Makes AK, a keyring with one `scope` key, a recovery code and the wraps, for `userId`. */
export async function makeDeviceKeys(userId: string, password: string, scope = 'owner'): Promise<DeviceKeys> {
  const kdf = newKdfParams('pbkdf2-sha256');
  const { loginSecret, unlockKey } = await derivePasswordKeys(password, kdf);
  const ak = newAccountKey();
  const keyring = await Keyring.create(userId);
  await keyring.rotate(scope);
  const { code, secret } = await newRecoveryCode();
  const body = {
    loginSecret,
    kdf,
    keys: {
      akVersion: 1 as const,
      akPassword: await wrapAccountKey(unlockKey, ak, userId, 1, 'password'),
      akRecovery: await wrapAccountKey(await recoveryKey(secret, userId), ak, userId, 1, 'recovery'),
      keyring: await keyring.save(ak, 1),
      proof: toB64url(await akProofToken(ak, userId)),
    },
  };
  return { ak, code, kdf, loginSecret, keyring, body };
}
