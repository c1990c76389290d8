/**
 * Replacing the account key AK (README.md "Keys", SECURITY.md "Replacing the account key"): a new
 * random AK at the next version, everything AK wrapped or sealed made again under it, in one body
 * the server swaps by compare-and-set (`POST /api/keys/rotate`, sync-server/keys/rotate-route.ts).
 *
 * What is made again: every keyring entry (the same scope keys re-wrapped: a device or a copy that
 * already had them keeps reading what they sealed), AK under the password's unlock key and under a
 * NEW recovery code (a rotation is always a new kit: the old code's wrap would open the old AK
 * only, and a kit that opens nothing is worse than none), AK's proof token, and the owner copy of
 * each trustee-kit generation the server keeps (trustee-kit.ts sealOwnerCopy). Formats are the
 * existing versioned ones (keyring `1` with `ak` = the new version, `w1` wraps bound to `ak~<n>`,
 * owner copy `o1`): nothing new to parse. Imports trustee-kit.ts (the Shamir library), so it is
 * not in index.ts: import it where a rotation is made.
 */
import { toB64url, webRandom, type RandomSource } from './bytes';
import { MalformedError } from './errors';
import { akProofToken, newAccountKey, wrapAccountKey, type Keyring, type StoredKeyring } from './keys';
import { newRecoveryCode, recoveryKey } from './recovery';
import { openOwnerCopy, sealOwnerCopy } from './trustee-kit';

/** `POST /api/keys/rotate`'s keys (shared/schema/keys.ts rotateKeysSchema adds `rev`, `kdf`, `endOtherSessions`). */
export interface RotatedKeys {
  /** The AK version this rotation replaces: the server's compare-and-set key. */
  fromAkVersion: number;
  akPassword: string;
  akRecovery: string;
  /** Every kid of the keyring, re-wrapped; `ak` = fromAkVersion + 1. */
  keyring: StoredKeyring;
  /** akProofToken of the new AK, base64url. */
  proof: string;
  /** Each kept generation's owner copy sealed under the new AK, by generation number. */
  ownerCopies: Record<string, string>;
}

export interface RotationInput {
  userId: string;
  /** The keyring as the server stores it now, opened (Keyring.load of the server's copy, never a device-only key). */
  keyring: Keyring;
  /** The AK being replaced (raw bytes) and its version. */
  oldAk: Uint8Array;
  fromAkVersion: number;
  /** The password's unlock key (kdf.ts derivePasswordKeys with the account's stored parameters). */
  unlockKey: CryptoKey;
  /** Each generation's owner copy as the server keeps it (GET /api/kits), by generation number. */
  ownerCopies: Readonly<Record<string, string>>;
  random?: RandomSource;
}

/**
 * Makes a new AK (version fromAkVersion + 1) and everything under it. Returns the new AK (raw),
 * its version, the new recovery code to show once, and the body for the server. Throws
 * UnwrapError when an owner copy does not open with `oldAk` and MalformedError when one is
 * damaged or filed under another generation: nothing it cannot read is sealed again.
 */
export async function rotateAccountKey(input: RotationInput): Promise<{ ak: Uint8Array; akVersion: number; code: string; body: RotatedKeys }> {
  const { userId, keyring, oldAk, fromAkVersion, unlockKey, random = webRandom } = input;
  if (!Number.isInteger(fromAkVersion) || fromAkVersion < 1) throw new RangeError('An AK version is a whole number from 1');
  const ak = newAccountKey(random);
  const akVersion = fromAkVersion + 1;
  const ownerCopies: Record<string, string> = {};
  for (const [generation, sealed] of Object.entries(input.ownerCopies)) {
    const made = await openOwnerCopy(oldAk, userId, sealed);
    if (String(made.generation) !== generation) throw new MalformedError(`The owner copy filed as generation ${generation} is generation ${made.generation}`);
    ownerCopies[generation] = await sealOwnerCopy(ak, userId, made, random);
  }
  const { code, secret } = await newRecoveryCode(random);
  const body: RotatedKeys = {
    fromAkVersion,
    akPassword: await wrapAccountKey(unlockKey, ak, userId, akVersion, 'password', random),
    akRecovery: await wrapAccountKey(await recoveryKey(secret, userId), ak, userId, akVersion, 'recovery', random),
    keyring: await keyring.save(ak, akVersion, random),
    proof: toB64url(await akProofToken(ak, userId)),
    ownerCopies,
  };
  return { ak, akVersion, code, body };
}
