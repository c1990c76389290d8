/**
 * Registration and sign-in with keys (shared/crypto/README.md "Keys"; contract: prelogin, login,
 * register, /api/keys/setup): the password is stretched on the device (derive: a Worker in the
 * app) and only the login secret is sent; AK and the keyring are opened here and kept on the
 * device (device-key-store.ts), which pins what it saw (pin.ts). The sign-in never sends a
 * password: a prelogin answer `kdf: null` is refused (DeviceRefusal), and an account made before
 * keys is upgraded only by the deliberate upgradeOlderAccount ("Upgrade an older account").
 * The caller shows the recovery kit when a `code` comes back. `api` is apiFetch
 * (web/api/client.ts), passed in explicitly.
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
import { conflictKeys, type Api } from './api';
import type { DeviceKeyStore } from './device-key-store';
import { checkPinnedKdf, type AccountPin } from './pin';
import { DeviceRefusal } from './refusal';
import { KNOWN_KEYS_WORDS, NEEDS_NO_UPGRADE_WORDS, NO_KEYS_WORDS, OLD_KEY_WORDS } from './refusal-words';

export { conflictKeys, type Api } from './api';
interface Deps {
  api: Api;
  derive: Derive;
  device: DeviceKeyStore;
}
interface UserLike {
  id: string;
  username?: string;
  email?: string;
  keys?: (ServerKeys & Record<string, unknown>) | null;
}
/** The outcome: the user, the opened keyring, and the recovery code to show when keys were just made. */
export interface SignedIn<U> {
  user: U;
  keyring: Keyring;
  keyringRev: number;
  code: string | null;
  /** Words to show once: the account's KDF is PBKDF2, accepted on this new device (pin.ts checkPinnedKdf). */
  kdfNote?: string | null;
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
  await deps.device.pin(id, { names: [profile.username!, profile.email!], kdf: made.body.kdf, akVersion: 1, sealed: true }); // sealed from birth
  if (user.keys) await deps.device.saveServerKeys(id, user.keys); // kept: see keepServerKeys
  return { user, keyring: made.keyring, keyringRev: 1, code: made.code };
}

/** Throws DeviceRefusal when `akVersion` is older than the one `pin` has seen (a rolled-back account key). */
function refuseOlderKey(pin: AccountPin | null, akVersion: number): void {
  if (pin && akVersion < pin.akVersion) throw new DeviceRefusal(OLD_KEY_WORDS);
}

/** Opens `keys` with `unlockKey`, keeps AK on the device and pins what was seen; the SignedIn outcome. */
async function openAndPin<U extends UserLike>(deps: Deps, user: U, keys: ServerKeys & { sealedAt?: number | null }, unlockKey: CryptoKey, names: string[], kdfNote: string | null): Promise<SignedIn<U>> {
  const { ak, keyring } = await openAccountKeys(user.id, keys, unlockKey);
  await deps.device.save(user.id, ak, keys.akVersion);
  await deps.device.pin(user.id, { names: [...names, user.username ?? '', user.email ?? ''], kdf: keys.kdf, akVersion: keys.akVersion, sealed: keys.sealedAt != null });
  await deps.device.saveServerKeys(user.id, keys); // kept: see keepServerKeys
  return { user, keyring, keyringRev: keys.keyringRev, code: null, kdfNote };
}

/**
 * Signs in by username or e-mail with the login secret only. Before any request that matters it
 * checks the server's KDF parameters against what this device pinned for that name (or, new here,
 * the app's registration costs: pin.ts checkPinnedKdf). Throws DeviceRefusal (nothing sent
 * but the name) when the server answers `kdf: null`, asks for weaker parameters or an older
 * account key; the API's 401 for a wrong password; UnwrapError if the server's wrap does not open.
 */
export async function signInWithKeys<U extends UserLike>(deps: Deps, identifier: string, password: string): Promise<SignedIn<U>> {
  const known = await deps.device.pinFor(identifier);
  const answer = await deps.api<{ kdf: KdfParams | null }>('/api/auth/prelogin', { body: { identifier } });
  if (!answer.kdf) throw new DeviceRefusal(known ? KNOWN_KEYS_WORDS : NO_KEYS_WORDS);
  const { kdf, note } = checkPinnedKdf(answer.kdf, known?.kdf ?? null);
  const { loginSecret, unlockKey } = await deps.derive(password, kdf);
  const user = await deps.api<U>('/api/auth/login', { body: { identifier, loginSecret } });
  const keys = user.keys;
  if (!keys) throw new DeviceRefusal(KNOWN_KEYS_WORDS); // the login secret opened an account the server now calls keyless
  const pin = known?.userId === user.id ? known : await deps.device.pinOf(user.id);
  checkPinnedKdf(keys.kdf, pin?.kdf ?? null);
  refuseOlderKey(pin, keys.akVersion);
  return openAndPin(deps, user, keys, unlockKey, [identifier], note);
}

/**
 * "Upgrade an older account" (web/features/auth/UpgradeAccountPage.tsx), the one deliberate step
 * that sends a password: an account made before keys signs in with it once and sets up keys at
 * once (setupKeys). Refuses (DeviceRefusal, nothing sent but the name) for a name this device
 * knows has keys, or when the server says the account has keys (sign in on the usual page); the
 * API's 401 for a wrong password.
 */
export async function upgradeOlderAccount<U extends UserLike>(deps: Deps, identifier: string, password: string): Promise<SignedIn<U>> {
  if (await deps.device.pinFor(identifier)) throw new DeviceRefusal(KNOWN_KEYS_WORDS);
  const { kdf } = await deps.api<{ kdf: KdfParams | null }>('/api/auth/prelogin', { body: { identifier } });
  if (kdf) throw new DeviceRefusal(NEEDS_NO_UPGRADE_WORDS);
  const user = await deps.api<U>('/api/auth/login', { body: { username: identifier, password } });
  return setupKeys(deps, user, password, identifier);
}

/**
 * Sets up keys for a signed-in legacy account (its password just entered, so the session counts
 * as recently authenticated). When another device set them up first (409), opens that device's
 * keys with the same password instead (their KDF checked as at sign-in): one AK per account.
 */
export async function setupKeys<U extends UserLike>(deps: Deps, user: U, password: string, identifier = ''): Promise<SignedIn<U>> {
  const made = await newAccountKeys(user.id, password, { derive: deps.derive });
  let stored: ServerKeys;
  try {
    stored = await deps.api<ServerKeys>('/api/keys/setup', { body: made.body });
  } catch (err) {
    const current = conflictKeys<ServerKeys & { sealedAt?: number | null }>(err);
    if (!current) throw err;
    const pin = await deps.device.pinOf(user.id);
    const { kdf, note } = checkPinnedKdf(current.kdf, pin?.kdf ?? null);
    refuseOlderKey(pin, current.akVersion);
    const { unlockKey } = await deps.derive(password, kdf);
    return openAndPin(deps, user, current, unlockKey, [identifier], note);
  }
  await deps.device.save(user.id, made.ak, 1);
  await deps.device.pin(user.id, { names: [identifier, user.username ?? '', user.email ?? ''], kdf: made.body.kdf, akVersion: 1 });
  await deps.device.saveServerKeys(user.id, stored); // kept: see keepServerKeys
  return { user, keyring: made.keyring, keyringRev: 1, code: made.code };
}
