/**
 * The recovery code (README.md "Recovery code"): 128 random bits a person prints or copies, which
 * unwraps AK when the password is forgotten.
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

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const GROUPS = 7;
const DATA_PER_GROUP = 4;
const SECRET_BYTES = 16;
const DOMAIN = 'afterword-recovery-v1';

/** Luhn mod N (N = 32) sum of `values` (0–31 each), the rightmost weighted `factor`, then alternating 1 and 2. */
function luhnSum(values: number[], factor: number): number {
  let sum = 0;
  for (let i = values.length - 1; i >= 0; i--) {
    const p = values[i]! * factor;
    sum += Math.floor(p / 32) + (p % 32);
    factor = factor === 2 ? 1 : 2;
  }
  return sum % 32;
}

/** The Luhn mod 32 check value that makes `values ‖ check` valid. */
const luhnCheck = (values: number[]): number => (32 - luhnSum(values, 2)) % 32;
/** True when the last value of `values` is the Luhn mod 32 check of the others. */
const luhnValid = (values: number[]): boolean => luhnSum(values, 1) === 0;

/** The 12-bit whole-code check of `secret`. */
async function wholeCheck(secret: Uint8Array): Promise<number> {
  const h = await sha256(concat(utf8(DOMAIN), secret));
  return (h[0]! << 4) | (h[1]! >> 4);
}

/** 140 bits (secret ‖ 12-bit check) as 28 base32 values. */
function toValues(secret: Uint8Array, check: number): number[] {
  let bits = 0n;
  for (const b of secret) bits = (bits << 8n) | BigInt(b);
  bits = (bits << 12n) | BigInt(check);
  const out: number[] = [];
  for (let i = GROUPS * DATA_PER_GROUP - 1; i >= 0; i--) out.push(Number((bits >> BigInt(i * 5)) & 31n));
  return out;
}

/** Formats a 16-byte secret as its code text (groups joined by `-`). */
export async function formatRecoveryCode(secret: Uint8Array): Promise<string> {
  if (secret.length !== SECRET_BYTES) throw new TypeError('A recovery secret is 16 bytes');
  const values = toValues(secret, await wholeCheck(secret));
  const groups: string[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const data = values.slice(g * DATA_PER_GROUP, (g + 1) * DATA_PER_GROUP);
    groups.push([...data, luhnCheck([g + 1, ...data])].map((v) => ALPHABET[v]).join(''));
  }
  return groups.join('-');
}

/** A new recovery code: its text to show once and its secret (to derive the wrapping key). */
export async function newRecoveryCode(random: RandomSource = webRandom): Promise<{ code: string; secret: Uint8Array }> {
  const secret = random(SECRET_BYTES);
  return { code: await formatRecoveryCode(secret), secret };
}

/** Crockford decoding of one character, or -1. */
function decodeChar(c: string): number {
  const m = c === 'I' || c === 'L' ? '1' : c === 'O' ? '0' : c;
  return ALPHABET.indexOf(m);
}

/**
 * The secret of a typed or scanned code. Throws RecoveryCodeError: with `group` set (1–7) when
 * that group holds a character that is not Crockford base32 or fails its check; with
 * `group: null` when the code is too short or long, or every group checks but the whole does not.
 */
export async function parseRecoveryCode(text: string): Promise<Uint8Array> {
  const clean = text.toUpperCase().replace(/[\s-]+/g, '');
  const groupChars = DATA_PER_GROUP + 1;
  if (clean.length !== GROUPS * groupChars) {
    throw new RecoveryCodeError(`A recovery code has ${GROUPS} groups of ${groupChars} characters; this has ${clean.length} characters`, null);
  }
  const data: number[] = [];
  for (let g = 0; g < GROUPS; g++) {
    const values = [...clean.slice(g * groupChars, (g + 1) * groupChars)].map(decodeChar);
    if (values.includes(-1)) throw new RecoveryCodeError(`Group ${g + 1} has a character that is not in recovery codes`, g + 1);
    if (!luhnValid([g + 1, ...values])) throw new RecoveryCodeError(`Group ${g + 1} has a typo`, g + 1);
    data.push(...values.slice(0, DATA_PER_GROUP));
  }
  let bits = 0n;
  for (const v of data) bits = (bits << 5n) | BigInt(v);
  const check = Number(bits & 0xfffn);
  bits >>= 12n;
  const secret = new Uint8Array(SECRET_BYTES);
  for (let i = SECRET_BYTES - 1; i >= 0; i--) {
    secret[i] = Number(bits & 0xffn);
    bits >>= 8n;
  }
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
