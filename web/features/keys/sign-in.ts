/**
 * Registration and sign-in with keys (shared/crypto/README.md "Keys"; contract: prelogin, login,
 * register, /api/keys/setup): the password is stretched on the device (derive: a Worker in the
 * app) and only the login secret is sent; AK and the keyring are opened here and kept on the
 * device (device-key-store.ts). A legacy account (prelogin answers `kdf: null`) signs in with
 * its password once more and sets up keys at once (setupKeys). The caller shows the recovery kit
 * when a `code` comes back. `api` is apiFetch (web/api/client.ts), passed in explicitly.
 *
 * keepServerKeys: the keys the server answered (register, login, keys/setup) are cached on
 * the device beside AK, as GET /api/keys would cache them (key-session.ts restore). The key session
 * then opens from them even when the GET /api/keys that follows fails once (issue 38 item 5): it
 * used to go "locked", refusing sealed sync and saying "sign in again" to someone who just had.
 */
import { newAccountKeys, openAccountKeys, type Derive, type ServerKeys } from '../../../shared/crypto/account-setup';
import { FIELD_CLASSES } from '../../../shared/crypto/fields';
import type { KdfParams } from '../../../shared/crypto/kdf';
import type { Keyring } from '../../../shared/crypto/keys';
import type { DeviceKeyStore } from './device-key-store';

export type Api = <T>(path: string, init?: { method?: string; body?: unknown }) => Promise<T>;
interface Deps {
  api: Api;
  derive: Derive;
  device: DeviceKeyStore;
}
interface UserLike {
  id: string;
  keys?: (ServerKeys & Record<string, unknown>) | null;
}
/** The outcome: the user, the opened keyring, and the recovery code to show when keys were just made. */
export interface SignedIn<U> {
  user: U;
  keyring: Keyring;
  keyringRev: number;
  code: string | null;
}

/** The profile fields the server may read (shared/crypto/fields.ts); the rest are sealed. */
export function plainProfileFields(profile: Record<string, string>): Record<string, string> {
  const classes: Record<string, string> = FIELD_CLASSES.profile;
  return Object.fromEntries(Object.entries(profile).filter(([k]) => classes[k] === 'plain' || k === 'username'));
}

/**
 * Registers `profile` (SPEC.md §5 fields without the password) with new keys made from `password`.
 * Only its plain fields and the username are sent (sealed from birth): the caller writes the
 * sealed ones (the last name) into the device's database, where sync seals them.
 */
export async function registerWithKeys<U extends UserLike>(deps: Deps, profile: Record<string, string>, password: string): Promise<SignedIn<U>> {
  const id = crypto.randomUUID();
  const made = await newAccountKeys(id, password, { derive: deps.derive });
  const user = await deps.api<U>('/api/auth/register', { body: { ...plainProfileFields(profile), id, ...made.body } });
  await deps.device.save(id, made.ak, 1);
  if (user.keys) await deps.device.saveServerKeys(id, user.keys); // kept: see keepServerKeys
  return { user, keyring: made.keyring, keyringRev: 1, code: made.code };
}

/**
 * Signs in by username or e-mail. Throws the API's 401 for a wrong password (the login secret
 * does not match), UnwrapError if the server's wrap does not open with it.
 */
export async function signInWithKeys<U extends UserLike>(deps: Deps, identifier: string, password: string): Promise<SignedIn<U>> {
  const { kdf } = await deps.api<{ kdf: KdfParams | null }>('/api/auth/prelogin', { body: { identifier } });
  if (!kdf) {
    const user = await deps.api<U>('/api/auth/login', { body: { username: identifier, password } });
    return setupKeys(deps, user, password);
  }
  const { loginSecret, unlockKey } = await deps.derive(password, kdf);
  const user = await deps.api<U>('/api/auth/login', { body: { identifier, loginSecret } });
  const keys = user.keys!;
  const { ak, keyring } = await openAccountKeys(user.id, keys, unlockKey);
  await deps.device.save(user.id, ak, keys.akVersion);
  await deps.device.saveServerKeys(user.id, keys); // kept: see keepServerKeys
  return { user, keyring, keyringRev: keys.keyringRev, code: null };
}

/**
 * Sets up keys for a signed-in legacy account (its password just entered, so the session counts
 * as recently authenticated). When another device set them up first (409), opens that device's
 * keys with the same password instead: one AK per account.
 */
export async function setupKeys<U extends UserLike>(deps: Deps, user: U, password: string): Promise<SignedIn<U>> {
  const made = await newAccountKeys(user.id, password, { derive: deps.derive });
  let stored: ServerKeys;
  try {
    stored = await deps.api<ServerKeys>('/api/keys/setup', { body: made.body });
  } catch (err) {
    const current = conflictKeys(err);
    if (!current) throw err;
    const { unlockKey } = await deps.derive(password, current.kdf);
    const { ak, keyring } = await openAccountKeys(user.id, current, unlockKey);
    await deps.device.save(user.id, ak, current.akVersion);
    await deps.device.saveServerKeys(user.id, current); // kept: see keepServerKeys
    return { user, keyring, keyringRev: current.keyringRev, code: null };
  }
  await deps.device.save(user.id, made.ak, 1);
  await deps.device.saveServerKeys(user.id, stored); // kept: see keepServerKeys
  return { user, keyring: made.keyring, keyringRev: 1, code: made.code };
}

/**
 * The winner's keys from a 409 of /api/keys/setup or PUT /api/keys/keyring (both answer
 * `{ current }`; web/api/client.ts ApiError carries the body text), else null.
 */
export function conflictKeys<K = ServerKeys>(err: unknown): K | null {
  const e = err as { status?: number; bodyText?: string };
  if (e?.status !== 409 || !e.bodyText) return null;
  try {
    return (JSON.parse(e.bodyText) as { current?: K }).current ?? null;
  } catch {
    return null;
  }
}
