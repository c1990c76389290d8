/**
 * The recovery code (README.md "Recovery code"): 128 random bits a person prints or copies, which
 * unwraps AK when the password is forgotten. The group format is group-code.ts's (shared with kit codes).
 *
 * Text: 7 groups of 5 Crockford base32 characters (https://www.crockford.com/base32.html), e.g.
 * `7K3QF-…`; each group is 4 data characters and a check character (Luhn mod 32 over the group's
 * number then its data, so any single wrong character, and a group typed in another group's place,
 * is caught and the group named). The 28 data characters are 140 bits: the 128-bit secret, then
 * the first 12 bits of SHA-256("afterword-recovery-v1" ‖ secret), a check of the whole code.
 * Parsing ignores case, spaces and hyphens and reads I and L as 1, O as 0 (Crockford).
 * The secret is expanded with HKDF-SHA256 into the key that wraps AK (keys.ts, purpose `recovery`).
 */
import { buf, concat, lengthPrefixed, sha256, utf8, webRandom, type RandomSource } from './bytes';
import { RecoveryCodeError } from './errors';
import { formatGroupCode, parseGroupCode, type GroupCodeSpec } from './group-code';

const SECRET_BYTES = 16;
const DOMAIN = 'afterword-recovery-v1';
/** 7 groups: 128 bits of secret then a 12-bit whole-code check (group-code.ts). */
const SPEC: GroupCodeSpec = { payloadBytes: SECRET_BYTES, checkBits: 12, noun: 'recovery code' };

/** The 12-bit whole-code check of `secret`. */
async function wholeCheck(secret: Uint8Array): Promise<number> {
  const h = await sha256(concat(utf8(DOMAIN), secret));
  return (h[0]! << 4) | (h[1]! >> 4);
}

/** Formats a 16-byte secret as its code text (groups joined by `-`). */
export async function formatRecoveryCode(secret: Uint8Array): Promise<string> {
  if (secret.length !== SECRET_BYTES) throw new TypeError('A recovery secret is 16 bytes');
  return formatGroupCode(SPEC, secret, await wholeCheck(secret));
}

/** A new recovery code: its text to show once and its secret (to derive the wrapping key). */
export async function newRecoveryCode(random: RandomSource = webRandom): Promise<{ code: string; secret: Uint8Array }> {
  const secret = random(SECRET_BYTES);
  return { code: await formatRecoveryCode(secret), secret };
}

/**
 * The secret of a typed or scanned code. Throws RecoveryCodeError: with `group` set (1–7) when
 * that group holds a character that is not Crockford base32 or fails its check; with
 * `group: null` when the code is too short or long, or every group checks but the whole does not.
 */
export async function parseRecoveryCode(text: string): Promise<Uint8Array> {
  const { payload: secret, check } = parseGroupCode(SPEC, text, (message, group) => new RecoveryCodeError(message, group));
  if ((await wholeCheck(secret)) !== check) throw new RecoveryCodeError('This code does not check: are two groups swapped or from another code?', null);
  return secret;
}

/** The AES-256-GCM key that wraps AK under the recovery code of `userId` (HKDF-SHA256, salt = the domain string). */
export async function recoveryKey(secret: Uint8Array, userId: string): Promise<CryptoKey> {
  const ikm = await crypto.subtle.importKey('raw', buf(secret), 'HKDF', false, ['deriveKey']);
  return crypto.subtle.deriveKey(
    { name: 'HKDF', hash: 'SHA-256', salt: buf(utf8(DOMAIN)), info: buf(lengthPrefixed(['recovery-wrap', userId])) },
    ikm,
    { name: 'AES-GCM', length: 256 },
    false,
    ['encrypt', 'decrypt'],
  );
}
