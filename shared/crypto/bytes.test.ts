import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromB64url, toB64url } from './bytes';

describe('base64url is strict (README.md "Encodings"): every byte string has exactly one text', () => {
  it('round-trips every byte string', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 64 }), (bytes) => {
        expect(fromB64url(toB64url(bytes))).toEqual(bytes);
      }),
    );
  });

  it('accepts a text only when it is the encoding of what it decodes to (unused bits zero, no padding, no other alphabet)', () => {
    const char = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/='.split(''));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
        const text = chars.join('');
        const bytes = fromB64url(text);
        if (bytes) expect(toB64url(bytes)).toBe(text);
        else {
          let canonical = false;
          try {
            const raw = Uint8Array.from(atob(text.replace(/-/g, '+').replace(/_/g, '/')), (c) => c.charCodeAt(0));
            canonical = toB64url(raw) === text;
          } catch {
            canonical = false;
          }
          expect(canonical).toBe(false);
        }
      }),
      { numRuns: 2_000 },
    );
    expect(fromB64url('AB')).toBeNull(); // B leaves a 1 in the unused bits
    expect(fromB64url('AA')).toEqual(new Uint8Array([0]));
  });
});
