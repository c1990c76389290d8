/**
 * What the reset page sends for the new password (POST /api/auth/reset-password, accounts/password-reset-routes.ts),
 * judged on this device, never on the server's word alone (issue 39 "No back door"; review H1;
 * SECURITY.md "What this device pins"). The link's check (POST /api/auth/reset-password/check) names
 * the account and its KDF; this device looks up its own pin for that account (pin.ts) and:
 *   - with keys: checks the KDF as the sign-in does (checkPinnedKdf: no weaker than the pin, or,
 *     without one, than the app's registration costs for Argon2id), renews it with a fresh salt
 *     (the account's own algorithm and costs) and sends the login secret derived with it, never the password;
 *   - "no keys": refused (DeviceRefusal, nothing sent) on a device that pinned the account's keys;
 *     on any other device the password itself is sent only when the person chose, on purpose, that
 *     the account was made before keys (OLDER_ACCOUNT_CHOICE), as "Upgrade an older account" does.
 * The account is the server's word (`userId`), so a server could name one this device has no pin
 * for to be judged as by a new device. A device that pinned any account therefore judges an
 * unpinned one by the strongest KDF it pinned: "no keys" and anything weaker are refused
 * (OTHER_ACCOUNT_WORDS); only a device that never held keys takes the new-device rules.
 */
import type { Derive } from '../../../shared/crypto/account-setup';
import { renewKdfParams } from '../../../shared/crypto/kdf';
import {
  checkPinnedKdf,
  DeviceRefusal,
  KNOWN_KEYS_WORDS,
  OTHER_ACCOUNT_WORDS,
  RESET_NO_KEYS_WORDS,
  strongest,
  type Api,
  type DeviceKeyStore,
  type KdfCost,
  type NewPasswordKeys,
} from '../keys';
import type { ResetLink } from './reset-link';

/**
 * The credential fields of the reset body for `password` (see the module comment), and with keys
 * the new password's keys and the note to show for PBKDF2 on a new device. Throws DeviceRefusal
 * (KNOWN_KEYS_WORDS, RESET_NO_KEYS_WORDS, WEAK_KDF_WORDS) before any derivation, or KdfParamsError.
 */
export async function resetCredential(
  deps: { derive: Derive; device: DeviceKeyStore },
  link: ResetLink,
  password: string,
  choice: { olderAccount: boolean },
): Promise<{ body: { password: string } | { loginSecret: string; kdf: ReturnType<typeof renewKdfParams> }; unlock: NewPasswordKeys | null; note: string | null }> {
  const pin = await deps.device.pinOf(link.userId).catch(() => null); // unreadable storage: judged as a new device (pin.ts)
  const others = pin ? null : await othersFloor(deps.device);
  if (link.kdf == null) {
    if (pin) throw new DeviceRefusal(KNOWN_KEYS_WORDS);
    if (others) throw new DeviceRefusal(OTHER_ACCOUNT_WORDS);
    if (!choice.olderAccount) throw new DeviceRefusal(RESET_NO_KEYS_WORDS);
    return { body: { password }, unlock: null, note: null };
  }
  const { kdf: current, note } = others ? checkOther(link.kdf, others) : checkPinnedKdf(link.kdf, pin?.kdf ?? null);
  const kdf = renewKdfParams(current); // the account's algorithm and costs, a new salt (issue 29 "The KDF")
  const { loginSecret, unlockKey } = await deps.derive(password, kdf);
  return { body: { loginSecret, kdf }, unlock: { unlockKey, kdf }, note };
}

/** The strongest KDF this device pinned for any account, or null when it pinned none (or its storage cannot be read: a new device). */
async function othersFloor(device: DeviceKeyStore): Promise<KdfCost | null> {
  const pins = await device.pins().catch(() => []);
  return pins.reduce<KdfCost | null>((floor, p) => (p.kdf ? strongest(floor, p.kdf) : floor), null);
}

/** checkPinnedKdf against `floor` (othersFloor) for an account this device has no pin for: a weaker KDF is refused in OTHER_ACCOUNT_WORDS. */
function checkOther(json: unknown, floor: KdfCost): ReturnType<typeof checkPinnedKdf> {
  try {
    return { kdf: checkPinnedKdf(json, floor).kdf, note: null };
  } catch (err) {
    throw err instanceof DeviceRefusal ? new DeviceRefusal(OTHER_ACCOUNT_WORDS) : err;
  }
}

/**
 * Resets the password with `token` (resetCredential, then POST /api/auth/reset-password) and, with
 * keys, pins the new KDF for the account on this device. Returns the signed-in user, the new
 * password's keys (null for an account without keys) and the note to show. Throws as
 * resetCredential (nothing sent then), or the API's error.
 */
export async function resetPassword<U extends { id: string; username?: string; email?: string }>(
  deps: { api: Api; derive: Derive; device: DeviceKeyStore },
  token: string,
  link: ResetLink,
  password: string,
  choice: { olderAccount: boolean },
): Promise<{ user: U; unlock: NewPasswordKeys | null; note: string | null }> {
  const { body, unlock, note } = await resetCredential(deps, link, password, choice);
  const user = await deps.api<U>('/api/auth/reset-password', { body: { token, ...body } });
  if (unlock) await deps.device.pin(user.id, { names: [user.username ?? '', user.email ?? ''], kdf: unlock.kdf }).catch(() => undefined); // a pin that cannot be kept is the next sign-in's to make
  return { user, unlock, note };
}
