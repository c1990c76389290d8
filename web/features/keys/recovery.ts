/**
 * The recovery kit and the way back after a forgotten password (SECURITY.md "Recovery" and
 * "Password reset"; shared/crypto/README.md "Recovery code"), without screens: the kit page,
 * the Settings card and the reset page call these. `api` is apiFetch (web/api/client.ts) and
 * `device` the device's AK store (device-key-store.ts), passed in explicitly.
 *
 * After a reset the server holds AK wrapped only under the recovery code (the wrap under the
 * forgotten password is gone). The words open again when AK comes back from this device
 * (`device.load`) or from the code (`akFromCode`); `reopenAfterReset` then proves AK to the server
 * (POST /api/keys/proof: the session may steer the release again) and puts AK's wrap under the new
 * password back (PUT /api/keys/password-wrap), so the new password opens the same keyring.
 */
import { openAccountKeys, type Derive, type ServerKeys } from '../../../shared/crypto/account-setup';
import { toB64url } from '../../../shared/crypto/bytes';
import { UnwrapError } from '../../../shared/crypto/errors';
import type { KdfParams } from '../../../shared/crypto/kdf';
import { akProofToken, Keyring, unwrapAccountKey, wrapAccountKey } from '../../../shared/crypto/keys';
import { newRecoveryCode, parseRecoveryCode, recoveryKey } from '../../../shared/crypto/recovery';
import type { DeviceKeyStore } from './device-key-store';
import { checkPinnedKdf } from './pin';
import { DeviceRefusal } from './refusal';
import { KNOWN_KEYS_WORDS } from './refusal-words';
import type { Api } from './sign-in';

/** AK's raw 32 bytes and its version. */
export interface HeldAk {
  ak: Uint8Array;
  akVersion: number;
}

/** The code was read correctly but does not open this account's AK (an old kit, another person's). */
export class WrongRecoveryCodeError extends Error {
  constructor() {
    super('This code does not open your words. Please use the code from your newest recovery kit.');
    this.name = 'WrongRecoveryCodeError';
  }
}

/** The account has no recovery kit on the server (GET /api/keys/recovery answered 404). */
export class NoRecoveryKitError extends Error {
  constructor() {
    super('This account has no recovery kit.');
    this.name = 'NoRecoveryKitError';
  }
}

/**
 * What the server says about the kit (GET /api/keys/recovery/state): whether the account has keys,
 * when the kit was made and when the person showed they kept it (ms, or null), and `locked` when
 * a reset left no wrap under the password (the words wait for the code or a device).
 */
export interface KitState {
  hasKeys: boolean;
  createdAt: number | null;
  confirmedAt: number | null;
  locked: boolean;
}

/** The kit's state (see KitState). */
export const kitState = (api: Api): Promise<KitState> => api<KitState>('/api/keys/recovery/state');

/**
 * A new recovery kit: a new code, AK wrapped under it, POST /api/keys/recovery (the server
 * replaces the old wrap, so the old code stops working; needs a proven session and the password
 * entered recently). Returns the code to show once (never stored).
 */
export async function makeNewKit(api: Api, userId: string, held: HeldAk): Promise<string> {
  const { code, secret } = await newRecoveryCode();
  const akRecovery = await wrapAccountKey(await recoveryKey(secret, userId), held.ak, userId, held.akVersion, 'recovery');
  await api('/api/keys/recovery', { body: { akRecovery, akVersion: held.akVersion } }); // 409 if AK was replaced meanwhile
  return code;
}

/** The stored kit opened with `code`: AK, its version and the wrap that opened (see akFromCode for the throws). */
async function openKit(api: Api, userId: string, code: string): Promise<HeldAk & { akRecovery: string }> {
  const secret = await parseRecoveryCode(code);
  let kit: { akVersion: number; akRecovery: string };
  try {
    kit = await api<{ akVersion: number; akRecovery: string }>('/api/keys/recovery');
  } catch (err) {
    if ((err as { status?: number }).status === 404) throw new NoRecoveryKitError();
    throw err;
  }
  try {
    const ak = await unwrapAccountKey(await recoveryKey(secret, userId), kit.akRecovery, userId, kit.akVersion, 'recovery');
    return { ak, akVersion: kit.akVersion, akRecovery: kit.akRecovery };
  } catch (err) {
    if (err instanceof UnwrapError) throw new WrongRecoveryCodeError();
    throw err;
  }
}

/**
 * AK from a typed recovery code. Throws RecoveryCodeError (a typo: its `group` names where),
 * NoRecoveryKitError, WrongRecoveryCodeError (the code is well formed but not this account's
 * current one, e.g. from a kit replaced since), or the API's error.
 */
export async function akFromCode(api: Api, userId: string, code: string): Promise<HeldAk> {
  const { ak, akVersion } = await openKit(api, userId, code);
  return { ak, akVersion };
}

/**
 * The person kept the kit whose `code` they typed back: checks the code opens the kit the server
 * holds now and marks THAT kit kept (POST /api/keys/recovery/confirmed with its wrap; 409 when it
 * was replaced in between). Throws WrongRecoveryCodeError when a newer kit was made meanwhile on
 * another device (the code opens nothing; SECURITY.md "Recovery"), or the API's error.
 */
export async function confirmKitKept(api: Api, userId: string, code: string): Promise<void> {
  const { akRecovery } = await openKit(api, userId, code);
  await api('/api/keys/recovery/confirmed', { body: { akRecovery } });
}

/**
 * After a password reset: opens the keyring with `held` AK (checking it is this account's),
 * proves AK (POST /api/keys/proof), wraps AK under the new password's `unlockKey` (derived with
 * `kdf`, the parameters the reset sent) and stores it (PUT /api/keys/password-wrap), then keeps AK
 * on this device. Returns the opened keyring. Throws WrongRecoveryCodeError when `held` is not
 * the account's AK (nothing is written then), or the API's error.
 */
export async function reopenAfterReset(deps: { api: Api; device: DeviceKeyStore }, userId: string, held: HeldAk, unlockKey: CryptoKey, kdf: KdfParams): Promise<Keyring> {
  const keys = await deps.api<ServerKeys>('/api/keys');
  if (keys.akVersion !== held.akVersion) throw new WrongRecoveryCodeError();
  let keyring: Keyring;
  try {
    keyring = await Keyring.load(keys.keyring, held.ak, userId);
  } catch (err) {
    if (err instanceof UnwrapError) throw new WrongRecoveryCodeError();
    throw err;
  }
  await deps.api('/api/keys/proof', { body: { proof: toB64url(await akProofToken(held.ak, userId)) } });
  if (!keys.akPassword) {
    const akPassword = await wrapAccountKey(unlockKey, held.ak, userId, held.akVersion, 'password');
    await deps.api('/api/keys/password-wrap', { method: 'PUT', body: { akPassword, kdf } });
  }
  await deps.device.save(userId, held.ak, held.akVersion);
  return keyring;
}

/**
 * The password entered again by a signed-in account with keys (re-auth, sync-server/accounts/reauth.ts):
 * its KDF parameters (prelogin, checked against what this device pinned: pin.ts), the derived keys,
 * POST /api/auth/confirm-password with the login secret (400 naming `loginSecret` when wrong).
 * Returns the KDF parameters and derived keys. Throws DeviceRefusal for `kdf: null` or weaker parameters.
 */
export async function confirmPasswordWithKeys(deps: { api: Api; derive: Derive; device: DeviceKeyStore }, user: { id: string; username: string }, password: string) {
  const pin = await deps.device.pinOf(user.id).catch(() => null); // unreadable storage: judged as a new device (pin.ts)
  const answer = await deps.api<{ kdf: KdfParams | null }>('/api/auth/prelogin', { body: { identifier: user.username } });
  if (!answer.kdf) throw new DeviceRefusal(KNOWN_KEYS_WORDS);
  const { kdf } = checkPinnedKdf(answer.kdf, pin?.kdf ?? null);
  const derived = await deps.derive(password, kdf);
  await deps.api('/api/auth/confirm-password', { body: { loginSecret: derived.loginSecret } });
  return { kdf, ...derived };
}

/**
 * "Make a new recovery kit" (Settings): checks the password (re-auth, accounts/reauth.ts), takes AK
 * from this device when it holds the account's current version, else from the server's wrap under
 * the password, and makes the new kit
 * (makeNewKit; the old code stops working). Returns the code to show.
 */
export async function newKitWithPassword(deps: { api: Api; derive: Derive; device: DeviceKeyStore }, user: { id: string; username: string }, password: string): Promise<string> {
  const { unlockKey } = await confirmPasswordWithKeys(deps, user, password);
  const keys = await deps.api<ServerKeys>('/api/keys');
  let held = await deps.device.load(user.id);
  // This device's AK only while it is the account's: after a replacement elsewhere it is an old one (SECURITY.md "Replacing the account key").
  if (!held || held.akVersion !== keys.akVersion) held = { ak: (await openAccountKeys(user.id, keys, unlockKey)).ak, akVersion: keys.akVersion };
  return makeNewKit(deps.api, user.id, held);
}

/**
 * The words opened again later (Settings, after a reset whose code was not at hand): the current
 * password (checked as for re-auth) and the recovery code, or this device's AK; then reopenAfterReset.
 */
export async function reopenWithPassword(deps: { api: Api; derive: Derive; device: DeviceKeyStore }, user: { id: string; username: string }, password: string, code: string | null): Promise<Keyring> {
  const { unlockKey, kdf } = await confirmPasswordWithKeys(deps, user, password);
  const held = code === null ? await deps.device.load(user.id) : await akFromCode(deps.api, user.id, code);
  if (!held) throw new NoRecoveryKitError();
  return reopenAfterReset(deps, user.id, held, unlockKey, kdf);
}
