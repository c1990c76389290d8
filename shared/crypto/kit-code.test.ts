import { sha256 } from '@noble/hashes/sha2.js';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { concat, utf8 } from './bytes';
import { KitCodeError } from './errors';
import { formatGroupCode } from './group-code';
import { encodeKitCode, kitFragment, parseKitCode, parseKitFragment, parseKitInput, type Kit } from './kit-code';

const ALPHABET = '0123456789ABCDEFGHJKMNPQRSTVWXYZ';
const kitArb = fc.record({
  generation: fc.integer({ min: 1, max: 0xffff }),
  index: fc.integer({ min: 1, max: 255 }),
  share: fc.oneof(fc.uint8Array({ minLength: 33, maxLength: 33 }), fc.uint8Array({ minLength: 32, maxLength: 32 })),
  t: fc.uint8Array({ minLength: 16, maxLength: 16 }),
});
const aKit = (): Kit => ({ generation: 3, index: 2, share: crypto.getRandomValues(new Uint8Array(33)), t: crypto.getRandomValues(new Uint8Array(16)) });

function groupOfError(text: string): number | null | 'none' {
  try {
    parseKitCode(text);
    return 'none';
  } catch (err) {
    expect(err).toBeInstanceOf(KitCodeError);
    return (err as KitCodeError).group;
  }
}

/** A code for any 53-byte payload, built from README.md "Trustee kits" (not kit-code.ts's encoder). */
function codeOfPayload(payload: Uint8Array): string {
  const h = sha256(concat(utf8('afterword-kit-v1'), payload));
  return formatGroupCode({ payloadBytes: 53, checkBits: 16, noun: 'kit code' }, payload, (h[0]! << 8) | h[1]!);
}

describe('kit code', () => {
  it('round-trips every kit through its code and its fragment (property)', () => {
    fc.assert(
      fc.property(kitArb, (kit) => {
        expect(parseKitCode(encodeKitCode(kit))).toEqual(kit);
        expect(parseKitFragment(kitFragment(kit))).toEqual(kit);
      }),
      { numRuns: 300 },
    );
  });

  it('catches every single wrong character and names its group (exhaustive)', () => {
    const chars = encodeKitCode(aKit()).replace(/-/g, '');
    expect(chars.length).toBe(110);
    for (let i = 0; i < chars.length; i++) {
      for (const c of ALPHABET) {
        if (c === chars[i]) continue;
        expect(groupOfError(chars.slice(0, i) + c + chars.slice(i + 1))).toBe(Math.floor(i / 5) + 1);
      }
    }
  });

  it('catches swapped neighbours (property) and swapped groups', () => {
    fc.assert(
      fc.property(kitArb, fc.integer({ min: 0, max: 21 }), fc.integer({ min: 0, max: 3 }), (kit, g, at) => {
        const chars = encodeKitCode(kit).replace(/-/g, '');
        const i = g * 5 + at;
        if (chars[i] === chars[i + 1]) return;
        // Luhn mod N misses one pair of values; the 16-bit whole-code check then still refuses it.
        expect(groupOfError(chars.slice(0, i) + chars[i + 1] + chars[i] + chars.slice(i + 2))).not.toBe('none');
      }),
      { numRuns: 300 },
    );
    const groups = encodeKitCode(aKit()).split('-');
    [groups[4], groups[5]] = [groups[5]!, groups[4]!];
    expect(groupOfError(groups.join('-'))).toBe(5);
  });

  it('names characters outside the alphabet; a wrong length or a mixed-up code names no group', () => {
    const code = encodeKitCode(aKit());
    expect(groupOfError(`${code.slice(0, 12)}U${code.slice(13)}`)).toBe(3);
    expect(groupOfError(code.slice(0, -1))).toBeNull();
    expect(groupOfError(`${code}-AAAAA`)).toBeNull();
  });

  it('refuses a newer format version and a non-canonical payload, even when every check passes', () => {
    const payload = new Uint8Array(53);
    payload.set([0x10, 0, 1, 1]);
    expect(parseKitCode(codeOfPayload(payload))).toMatchObject({ generation: 1, index: 1 });
    for (const [at, value, message] of [
      [0, 0x20, /newer version/],
      [0, 0x12, /not a kit/],
      [2, 0, /not a kit/],
      [3, 0, /not a kit/],
    ] as const) {
      const bad = payload.slice();
      bad[at] = value;
      expect(() => parseKitCode(codeOfPayload(bad))).toThrow(message);
    }
    const wholeQ = payload.slice();
    wholeQ[0] = 0x11;
    expect(parseKitCode(codeOfPayload(wholeQ)).share.length).toBe(32);
    wholeQ[52] = 1; // k = 1 pads Q with one zero byte: anything else there is not a kit
    expect(() => parseKitCode(codeOfPayload(wholeQ))).toThrow(/not a kit/);
  });

  it('refuses to encode what no kit is', () => {
    const kit = aKit();
    for (const bad of [{ ...kit, generation: 0 }, { ...kit, generation: 65536 }, { ...kit, index: 256 }, { ...kit, t: new Uint8Array(15) }, { ...kit, share: new Uint8Array(34) }]) {
      expect(() => encodeKitCode(bad)).toThrow(TypeError);
    }
  });

  it('reads a pasted link, a bare fragment or a typed code alike', () => {
    const kit = aKit();
    const fragment = kitFragment(kit);
    for (const text of [`https://afterword.example/kit/AAAAAAAAAAAAAAAAAAAAAA#${fragment}`, ` ${fragment}\n`, `#${fragment}`, encodeKitCode(kit).toLowerCase()]) {
      expect(parseKitInput(text)).toEqual(kit);
    }
    expect(() => parseKitInput('https://afterword.example/kit/AAAAAAAAAAAAAAAAAAAAAA#')).toThrow(KitCodeError);
    expect(() => parseKitInput('hello')).toThrow(expect.objectContaining({ group: null }));
  });
});
