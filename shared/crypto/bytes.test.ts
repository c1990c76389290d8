import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { b64urlByteLength, fromB64url, fromUtf8, isB64url, lengthPrefixed, randomPool, toB64url } from './bytes';

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

describe('the byte helpers give the same bytes as an independent encoder (README.md "Encodings")', () => {
  it('toB64url and fromB64url agree with Node Buffer base64url on every byte string', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 200 }), (bytes) => {
        const text = Buffer.from(bytes).toString('base64url');
        expect(toB64url(bytes)).toBe(text);
        expect(fromB64url(text)).toEqual(bytes);
        expect(b64urlByteLength(text)).toBe(bytes.length);
        expect(isB64url(text)).toBe(true);
      }),
      { numRuns: 2_000 },
    );
  });

  it('encodes and decodes long byte strings too (past one argument list of characters)', () => {
    for (const n of [0x6000, 0x6001, 0x6002, 100_003]) {
      const bytes = Uint8Array.from({ length: n }, (_, i) => (i * 131 + (i >> 8)) & 255);
      const text = Buffer.from(bytes).toString('base64url');
      expect(toB64url(bytes) === text).toBe(true);
      expect(Buffer.from(fromB64url(text)!).equals(Buffer.from(bytes))).toBe(true);
    }
    const ascii = new TextEncoder().encode('{"text":"' + 'a'.repeat(50_000) + '"}');
    expect(fromUtf8(ascii)).toBe(new TextDecoder().decode(ascii));
  });

  it('isB64url accepts exactly what fromB64url decodes', () => {
    const char = fc.constantFrom(...'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789-_+/=é.'.split(''));
    fc.assert(
      fc.property(fc.array(char, { maxLength: 12 }), (chars) => {
        const text = chars.join('');
        expect(isB64url(text)).toBe(fromB64url(text) !== null);
        expect(b64urlByteLength(text)).toBe(fromB64url(text)?.length ?? -1);
      }),
      { numRuns: 2_000 },
    );
  });

  it('lengthPrefixed is each part as a 4-byte big-endian length then its UTF-8 bytes, whatever the text', () => {
    const reference = (parts: (string | Uint8Array)[]) =>
      Buffer.concat(
        parts.map((p) => {
          const bytes = typeof p === 'string' ? Buffer.from(new TextEncoder().encode(p)) : Buffer.from(p);
          const len = Buffer.alloc(4);
          len.writeUInt32BE(bytes.length);
          return Buffer.concat([len, bytes]);
        }),
      );
    const part = fc.oneof(fc.string({ maxLength: 20 }), fc.string({ unit: 'binary', maxLength: 20 }), fc.uint8Array({ maxLength: 20 }));
    fc.assert(
      fc.property(fc.array(part, { maxLength: 7 }), (parts) => {
        expect(Buffer.from(lengthPrefixed(parts)).equals(reference(parts))).toBe(true);
      }),
      { numRuns: 200 },
    );
    expect([...lengthPrefixed(['é', '\ud800'])]).toEqual([0, 0, 0, 2, 0xc3, 0xa9, 0, 0, 0, 3, 0xef, 0xbf, 0xbd]); // a lone surrogate encodes as U+FFFD
  });
});

describe('randomPool', () => {
  it('hands out each byte of one draw once, in order, and refuses to hand out more', () => {
    let draws = 0;
    const pool = randomPool(36, (n) => {
      draws++;
      return Uint8Array.from({ length: n }, (_, i) => i);
    });
    expect([pool(12), pool(12), pool(12)].map((b) => [...b])).toEqual([0, 12, 24].map((from) => Array.from({ length: 12 }, (_, i) => from + i)));
    expect(draws).toBe(1);
    expect(() => pool(1)).toThrow(RangeError);
    expect(() => randomPool(0)(12)).toThrow(RangeError);
    const fresh = randomPool(24);
    expect(fresh(12)).not.toEqual(fresh(12));
  });
});

describe('fromUtf8', () => {
  it('is the strict UTF-8 decoder for every byte string: the same text, and TypeError where it refuses', () => {
    const strict = new TextDecoder('utf-8', { fatal: true });
    const decode = (f: (b: Uint8Array) => string, b: Uint8Array) => {
      try {
        return f(b);
      } catch (err) {
        return err instanceof TypeError ? 'TypeError' : 'other';
      }
    };
    const bytes = fc.oneof(fc.uint8Array({ maxLength: 80 }), fc.uint8Array({ maxLength: 80, max: 127 }), fc.string({ unit: 'binary', maxLength: 40 }).map((t) => new TextEncoder().encode(t)));
    fc.assert(
      fc.property(bytes, (b) => {
        expect(decode(fromUtf8, b)).toBe(decode((x) => strict.decode(x), b));
      }),
      { numRuns: 2_000 },
    );
    expect(fromUtf8(new Uint8Array([0x22, 0x41, 0x22]))).toBe('"A"');
    expect(() => fromUtf8(new Uint8Array([0x41, 0xff]))).toThrow(TypeError);
  });
});
