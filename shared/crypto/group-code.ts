/**
 * Printed codes in Crockford base32 groups (README.md "Recovery code", "Trustee kits"): the shared
 * text format of the recovery code (recovery.ts) and the trustee kit code (trustee-kit.ts).
 *
 * A code is `payload ‖ check` as 5-bit values (https://www.crockford.com/base32.html), cut into
 * groups of 4 data characters, each followed by a check character: Luhn mod 32 over (the group's
 * number 1…G, then its 4 data characters). So any single wrong character, and a group typed in
 * another group's place, is caught and the group is named. `check` is a whole-code check the
 * caller computes (a few bits of a hash of the payload), catching what a group's check misses.
 * Parsing ignores case, spaces and hyphens, and reads I and L as 1 and O as 0 (U is refused).
 */

export const CROCKFORD = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const DATA_PER_GROUP = 4;
const BITS_PER_GROUP = DATA_PER_GROUP * 5;

/** The layout of one kind of code: payload bytes, whole-code check bits, and what errors say. */
export interface GroupCodeSpec {
  payloadBytes: number;
  /** Bits of the whole-code check; payloadBytes × 8 + checkBits must fill whole groups (× 20). */
  checkBits: number;
  /** Name used in error messages, e.g. "recovery code" ("… a character that is not in recovery codes"). */
  noun: string;
}

/** Number of groups of a code of `spec`. Throws TypeError when the bits do not fill whole groups. */
export function groupCount(spec: GroupCodeSpec): number {
  const bits = spec.payloadBytes * 8 + spec.checkBits;
  if (bits % BITS_PER_GROUP) throw new TypeError('Payload and check must fill whole groups');
  return bits / BITS_PER_GROUP;
}

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

/** Formats `payload` and its whole-code `check` (0 … 2^checkBits − 1) as groups joined by `-`. */
export function formatGroupCode(spec: GroupCodeSpec, payload: Uint8Array, check: number): string {
  const groups = groupCount(spec);
  if (payload.length !== spec.payloadBytes) throw new TypeError(`A ${spec.noun} holds ${spec.payloadBytes} bytes`);
  let bits = 0n;
  for (const b of payload) bits = (bits << 8n) | BigInt(b);
  bits = (bits << BigInt(spec.checkBits)) | BigInt(check);
  const values: number[] = [];
  for (let i = groups * DATA_PER_GROUP - 1; i >= 0; i--) values.push(Number((bits >> BigInt(i * 5)) & 31n));
  const out: string[] = [];
  for (let g = 0; g < groups; g++) {
    const data = values.slice(g * DATA_PER_GROUP, (g + 1) * DATA_PER_GROUP);
    out.push([...data, luhnCheck([g + 1, ...data])].map((v) => CROCKFORD[v]).join(''));
  }
  return out.join('-');
}

/** Crockford decoding of one (upper-case) character, or -1. */
function decodeChar(c: string): number {
  const m = c === 'I' || c === 'L' ? '1' : c === 'O' ? '0' : c;
  return CROCKFORD.indexOf(m);
}

/**
 * The payload and whole-code check of a typed or scanned code; the caller compares the check.
 * `fail(message, group)` makes the error thrown: `group` 1…G when that group holds a character
 * outside the alphabet or fails its check character, null when the length is wrong.
 */
export function parseGroupCode(spec: GroupCodeSpec, text: string, fail: (message: string, group: number | null) => Error): { payload: Uint8Array; check: number } {
  const groups = groupCount(spec);
  const clean = text.toUpperCase().replace(/[\s-]+/g, '');
  const groupChars = DATA_PER_GROUP + 1;
  if (clean.length !== groups * groupChars) {
    throw fail(`A ${spec.noun} has ${groups} groups of ${groupChars} characters; this has ${clean.length} characters`, null);
  }
  let bits = 0n;
  for (let g = 0; g < groups; g++) {
    const values = [...clean.slice(g * groupChars, (g + 1) * groupChars)].map(decodeChar);
    if (values.includes(-1)) throw fail(`Group ${g + 1} has a character that is not in ${spec.noun}s`, g + 1);
    if (!luhnValid([g + 1, ...values])) throw fail(`Group ${g + 1} has a typo`, g + 1);
    for (const v of values.slice(0, DATA_PER_GROUP)) bits = (bits << 5n) | BigInt(v);
  }
  const check = Number(bits & ((1n << BigInt(spec.checkBits)) - 1n));
  bits >>= BigInt(spec.checkBits);
  const payload = new Uint8Array(spec.payloadBytes);
  for (let i = spec.payloadBytes - 1; i >= 0; i--) {
    payload[i] = Number(bits & 0xffn);
    bits >>= 8n;
  }
  return { payload, check };
}
