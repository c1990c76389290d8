import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { RecoveryCodeError } from './errors';
import { newAccountKey, unwrapAccountKey, wrapAccountKey } from './keys';
import { formatRecoveryCode, newRecoveryCode, parseRecoveryCode, recoveryKey } from './recovery';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const secretArb = fc.uint8Array({ minLength: 16, maxLength: 16 });

async function groupOfError(text: string): Promise<number | null | 'none'> {
  try {
    await parseRecoveryCode(text);
    return 'none';
  } catch (err) {
    expect(err).toBeInstanceOf(RecoveryCodeError);
    return (err as RecoveryCodeError).group;
  }
}

describe('recovery code', () => {
  it('is 7 groups of 5 Crockford characters and parses back to its 128-bit secret', async () => {
    const { code, secret } = await newRecoveryCode();
    expect(secret.length).toBe(16);
    expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){6}[0-9A-HJKMNP-TV-Z]{5}$/);
    expect(await parseRecoveryCode(code)).toEqual(secret);
  });

  it('parses whatever case, spaces and hyphens, and I/L as 1, O as 0 (Crockford)', async () => {
    await fc.assert(
      fc.asyncProperty(secretArb, async (secret) => {
        const code = await formatRecoveryCode(secret);
        const messy = ` ${code.toLowerCase().replace(/-/g, ' - ').replace(/1/g, 'l').replace(/0/g, 'O')}\n`;
        expect(await parseRecoveryCode(messy)).toEqual(secret);
        expect(await parseRecoveryCode(code.replace(/-/g, ''))).toEqual(secret);
      }),
      { numRuns: 50 },
    );
  });

  it('catches every single wrong character and names its group', async () => {
    const { code } = await newRecoveryCode();
    const chars = code.replace(/-/g, '');
    for (let i = 0; i < chars.length; i++) {
      for (const c of ALPHABET) {
        if (c === chars[i]) continue;
        const typo = chars.slice(0, i) + c + chars.slice(i + 1);
        expect(await groupOfError(typo)).toBe(Math.floor(i / 5) + 1);
      }
    }
  });

  it('catches swapped neighbours within a group (property) and swapped groups', async () => {
    await fc.assert(
      fc.asyncProperty(secretArb, fc.integer({ min: 0, max: 6 }), fc.integer({ min: 0, max: 3 }), async (secret, g, at) => {
        const chars = (await formatRecoveryCode(secret)).replace(/-/g, '');
        const i = g * 5 + at;
        if (chars[i] === chars[i + 1]) return;
        const swapped = chars.slice(0, i) + chars[i + 1] + chars[i] + chars.slice(i + 2);
        // Luhn mod N misses one pair of values; the 12-bit whole-code check then still refuses it.
        expect(await groupOfError(swapped)).not.toBe('none');
      }),
      { numRuns: 200 },
    );
    const groups = (await newRecoveryCode()).code.split('-');
    [groups[1], groups[2]] = [groups[2]!, groups[1]!];
    expect(await groupOfError(groups.join('-'))).toBe(2);
  });

  it('names characters outside the alphabet and wrong lengths', async () => {
    const { code } = await newRecoveryCode();
    expect(await groupOfError(`${code.slice(0, 6)}U${code.slice(7)}`)).toBe(2);
    expect(await groupOfError(code.slice(0, -1))).toBeNull();
    expect(await groupOfError(`${code}A`)).toBeNull();
  });

  it('expands with HKDF into the key that wraps AK: the code unwraps it, another code does not', async () => {
    const ak = newAccountKey();
    const { code, secret } = await newRecoveryCode();
    const wrapped = await wrapAccountKey(await recoveryKey(secret, 'u1'), ak, 'u1', 1, 'recovery');
    const typed = await parseRecoveryCode(code.toLowerCase());
    expect(await unwrapAccountKey(await recoveryKey(typed, 'u1'), wrapped, 'u1', 1, 'recovery')).toEqual(ak);
    const other = await newRecoveryCode();
    await expect(unwrapAccountKey(await recoveryKey(other.secret, 'u1'), wrapped, 'u1', 1, 'recovery')).rejects.toThrow('does not open');
  });
});
