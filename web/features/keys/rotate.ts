/**
 * Replacing the account key on this device (SECURITY.md "Replacing the account key"; the crypto is
 * shared/crypto/rotation.ts): offered with a new recovery kit (NewKitDialog) and on its own after a
 * lost device (Settings "Recovery kit"). No screens here: `api` is apiFetch, `device` the
 * device's AK store, `session` the key session, all passed in.
 */
import type { Derive, ServerKeys } from '../../../shared/crypto/account-setup';
import { MalformedError, UnwrapError } from '../../../shared/crypto/errors';
import { Keyring, unwrapAccountKey } from '../../../shared/crypto/keys';
import { rotateAccountKey } from '../../../shared/crypto/rotation';
import { openOwnerCopy } from '../../../shared/crypto/trustee-kit';
import type { KitsState } from '../../../shared/schema/kits';
import type { DeviceKeyStore } from './device-key-store';
import type { KeySessionState } from './key-session';
import { confirmPasswordWithKeys } from './recovery';
import { conflictKeys, type Api } from './api';

/** How often a rotation is made again after a 409 (another device rotated or wrote the keyring first). */
const TRIES = 3;

export interface RotateDeps {
  api: Api;
  derive: Derive;
  device: DeviceKeyStore;
  session: () => KeySessionState;
}

/** After a password reset: no wrap under the password and this device does not hold AK; the words open with the recovery code first (ReopenWords). */
export class ReopenFirstError extends Error {
  constructor() {
    super('Open your words with your recovery code first (see "Recovery kit" in Settings), then replace the key.');
    this.name = 'ReopenFirstError';
  }
}

/**
 * An owner copy of the trustee kits does not open with the account's key (sealed under a key the
 * account no longer has, or damaged): it is never sealed again blind, so the kits are made again
 * first (SECURITY.md "Replacing the account key").
 */
export class TrusteeKitsUnreadableError extends Error {
  constructor(readonly generation: string) {
    super('Your trustee kits cannot be opened with your current key. Make your trustee kits again first (on the Trustees page), then replace the key.');
    this.name = 'TrusteeKitsUnreadableError';
  }
}

/**
 * The server stored the new key, but a later step failed (or the answer was lost and the
 * server's copy shows it was stored): the old recovery code is already dead, so `code` is the
 * account's only one and must be shown anyway. `message` says what is left to do.
 */
export class KeyReplacedButError extends Error {
  constructor(
    readonly code: string,
    message: string,
  ) {
    super(message);
    this.name = 'KeyReplacedButError';
  }
}

/** AK opened with the password's unlock key, or this device's own when a reset left no password wrap and it holds that version. */
async function currentAk(deps: RotateDeps, userId: string, keys: ServerKeys, unlockKey: CryptoKey): Promise<Uint8Array> {
  if (keys.akPassword) return unwrapAccountKey(unlockKey, keys.akPassword, userId, keys.akVersion, 'password');
  const held = await deps.device.load(userId);
  if (held && held.akVersion === keys.akVersion) return held.ak;
  throw new ReopenFirstError();
}

/** Each live kit generation's owner copy (GET /api/kits), by generation number. */
async function ownerCopies(api: Api): Promise<Record<string, string>> {
  const kits = await api<KitsState>('/api/kits');
  const out: Record<string, string> = {};
  for (const g of [kits.current, kits.pending]) if (g?.ownerCopy) out[String(g.generation)] = g.ownerCopy;
  return out;
}

/** rotateAccountKey, with an owner copy that does not open (UnwrapError, MalformedError) named as TrusteeKitsUnreadableError. */
async function rotateWithKits(input: Parameters<typeof rotateAccountKey>[0]) {
  for (const [generation, sealed] of Object.entries(input.ownerCopies)) {
    try {
      await openOwnerCopy(input.oldAk, input.userId, sealed);
    } catch (err) {
      if (err instanceof UnwrapError || err instanceof MalformedError) throw new TrusteeKitsUnreadableError(generation);
      throw err;
    }
  }
  return rotateAccountKey(input);
}

/** After an error with no answer from the server (connection lost, 5xx): true when the server holds `akRecovery`, false when not, null when it cannot be read either. */
async function storedAnyway(api: Api, akRecovery: string): Promise<boolean | null> {
  try {
    return (await api<{ akRecovery: string }>('/api/keys/recovery')).akRecovery === akRecovery;
  } catch {
    return null;
  }
}

const KEPT_OTHERS = 'Your key was replaced, but your other devices could not be signed out. Change your password ("Change Password" on your Profile page) to sign them out.';
const DEVICE_LATE = 'Your key was replaced, but this device could not keep it: it will ask for your password once. Keep this new kit: your old code no longer works.';
const UNSURE = 'The connection dropped while your key was being replaced. Keep this new kit: if the change went through, your old code no longer works (the check on the next page tells).';

/**
 * Replaces AK: checks the password (re-auth, accounts/reauth.ts), opens the current AK with it, makes
 * the new AK and a new recovery code (rotateAccountKey), and stores them all with one request
 * carrying the login secret (POST /api/keys/rotate; after a 409, the keys or the kits changed
 * elsewhere, it reads them again and makes the rotation again). Then keeps the new AK on this
 * device and opens the key session with it. `endOtherSessions` signs the account's other devices
 * out (a lost device). Returns the new recovery code, to show once.
 * Throws the API's errors (400 naming `loginSecret` for a wrong password), ReopenFirstError (after
 * a reset), TrusteeKitsUnreadableError, UnwrapError when the password does not open the keys, an
 * Error when the keys kept changing elsewhere, and KeyReplacedButError (with the new code, which
 * must be shown) when the server stored the new key but a later step failed.
 */
export async function replaceAccountKey(deps: RotateDeps, user: { id: string; username: string }, password: string, opts: { endOtherSessions: boolean }): Promise<string> {
  const { unlockKey, loginSecret } = await confirmPasswordWithKeys(deps, user, password);
  for (let i = 0; i < TRIES; i++) {
    const keys = await deps.api<ServerKeys>('/api/keys');
    const oldAk = await currentAk(deps, user.id, keys, unlockKey);
    // Opened from the server's copy: a key the server never stored is never re-wrapped, and none it holds is left out.
    const keyring = await Keyring.load(keys.keyring, oldAk, user.id);
    const made = await rotateWithKits({ userId: user.id, keyring, oldAk, fromAkVersion: keys.akVersion, unlockKey, ownerCopies: await ownerCopies(deps.api) });
    let problem: string | undefined;
    try {
      await deps.api('/api/keys/rotate', { body: { ...made.body, rev: keys.keyringRev, kdf: keys.kdf, endOtherSessions: opts.endOtherSessions, loginSecret } }); // the password again, in the body: a session alone cannot replace AK
    } catch (err) {
      if (conflictKeys(err)) continue;
      const status = (err as { status?: number }).status;
      if (status !== undefined && status < 500) throw err; // refused: nothing was stored
      // No answer, or the server failed after its commit (signing the other devices out): its copy tells.
      const stored = await storedAnyway(deps.api, made.body.akRecovery);
      if (stored === false) throw err;
      if (stored === null) throw new KeyReplacedButError(made.code, UNSURE);
      if (opts.endOtherSessions) problem = KEPT_OTHERS;
    }
    try {
      await deps.device.save(user.id, made.ak, made.akVersion);
      await deps.session().restore(user.id);
    } catch {
      throw new KeyReplacedButError(made.code, problem ?? DEVICE_LATE);
    }
    if (problem) throw new KeyReplacedButError(made.code, problem);
    return made.code;
  }
  throw new Error('Your keys kept changing on another device. Please try again.');
}
