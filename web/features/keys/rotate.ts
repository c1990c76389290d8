/**
 * Replacing the account key on this device (SECURITY.md "Replacing the account key"; the crypto is
 * shared/crypto/rotation.ts): offered with a new recovery kit (NewKitDialog) and on its own after a
 * lost device (Settings "Recovery kit"). No screens here: `api` is apiFetch, `device` the
 * device's AK store, `session` the key session, all passed in.
 */
import type { Derive, ServerKeys } from '../../../shared/crypto/account-setup';
import { UnwrapError } from '../../../shared/crypto/errors';
import { Keyring, unwrapAccountKey } from '../../../shared/crypto/keys';
import { rotateAccountKey } from '../../../shared/crypto/rotation';
import type { KitsState } from '../../../shared/schema/kits';
import type { DeviceKeyStore } from './device-key-store';
import type { KeySessionState } from './key-session';
import { confirmPasswordWithKeys } from './recovery';
import { conflictKeys, type Api } from './sign-in';

/** How often a rotation is made again after a 409 (another device rotated or wrote the keyring first). */
const TRIES = 3;

export interface RotateDeps {
  api: Api;
  derive: Derive;
  device: DeviceKeyStore;
  session: () => KeySessionState;
}

/** AK opened with the password's unlock key, or this device's own when a reset left no password wrap and it holds that version. */
async function currentAk(deps: RotateDeps, userId: string, keys: ServerKeys, unlockKey: CryptoKey): Promise<Uint8Array> {
  if (keys.akPassword) return unwrapAccountKey(unlockKey, keys.akPassword, userId, keys.akVersion, 'password');
  const held = await deps.device.load(userId);
  if (held && held.akVersion === keys.akVersion) return held.ak;
  throw new UnwrapError('Open your words with your recovery code first');
}

/** Each live kit generation's owner copy (GET /api/kits), by generation number. */
async function ownerCopies(api: Api): Promise<Record<string, string>> {
  const kits = await api<KitsState>('/api/kits');
  const out: Record<string, string> = {};
  for (const g of [kits.current, kits.pending]) if (g?.ownerCopy) out[String(g.generation)] = g.ownerCopy;
  return out;
}

/**
 * Replaces AK: checks the password (re-auth, auth/reauth.ts), opens the current AK with it, makes
 * the new AK and a new recovery code (rotateAccountKey), and stores them all with one request
 * (POST /api/keys/rotate; after a 409 it reads the keys again and makes the rotation again). Then
 * keeps the new AK on this device and opens the key session with it. `endOtherSessions` signs the
 * account's other devices out (a lost device). Returns the new recovery code, to show once.
 * Throws the API's errors (400 naming `loginSecret` for a wrong password), UnwrapError when the
 * password does not open the keys, and an Error when the keys kept changing elsewhere.
 */
export async function replaceAccountKey(deps: RotateDeps, user: { id: string; username: string }, password: string, opts: { endOtherSessions: boolean }): Promise<string> {
  const { unlockKey, loginSecret } = await confirmPasswordWithKeys(deps, user.username, password);
  for (let i = 0; i < TRIES; i++) {
    const keys = await deps.api<ServerKeys>('/api/keys');
    const oldAk = await currentAk(deps, user.id, keys, unlockKey);
    // Opened from the server's copy: a key the server never stored is never re-wrapped, and none it holds is left out.
    const keyring = await Keyring.load(keys.keyring, oldAk, user.id);
    const made = await rotateAccountKey({ userId: user.id, keyring, oldAk, fromAkVersion: keys.akVersion, unlockKey, ownerCopies: await ownerCopies(deps.api) });
    try {
      await deps.api('/api/keys/rotate', { body: { ...made.body, rev: keys.keyringRev, kdf: keys.kdf, endOtherSessions: opts.endOtherSessions, loginSecret } }); // the password again, in the body: a session alone cannot replace AK
    } catch (err) {
      if (conflictKeys(err)) continue;
      throw err;
    }
    await deps.device.save(user.id, made.ak, made.akVersion);
    await deps.session().restore(user.id);
    return made.code;
  }
  throw new Error('Your keys kept changing on another device. Please try again.');
}
