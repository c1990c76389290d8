import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { utf8 } from './bytes';
import { bucketSize, isBucketSize, pad, padme, padText, unpad } from './padding';
import { MalformedError } from './errors';

describe('padding to buckets', () => {
  it('uses powers of two from 64 B to 1 KiB, then PADMÉ', () => {
    expect([0, 63, 64, 127, 500, 1023].map(bucketSize)).toEqual([64, 64, 128, 128, 512, 1024]);
    // PADMÉ (PURBs paper, Table/Algorithm 1): 1025 → 1088, 5000 → 5120, 100,000 → 100,352.
    expect([1024, 4999, 99_999].map(bucketSize)).toEqual([padme(1025), padme(5000), padme(100_000)]);
    expect([padme(1025), padme(5000), padme(100_000)]).toEqual([1088, 5120, 100_352]);
  });

  it('PADMÉ never shrinks, is monotone, wastes at most 12 %, and its outputs are fixed points', () => {
    fc.assert(
      fc.property(fc.integer({ min: 1025, max: 1 << 24 }), (n) => {
        const p = padme(n);
        return p >= n && p <= n * 1.12 && padme(p) === p && padme(n + 1) >= p && isBucketSize(p);
      }),
    );
  });

  it('pad then unpad gives back the bytes; foreign padding is refused', () => {
    fc.assert(
      fc.property(fc.uint8Array({ maxLength: 3000 }), (bytes) => {
        const padded = pad(bytes);
        return padded.length === bucketSize(bytes.length) && Buffer.from(unpad(padded)).equals(Buffer.from(bytes));
      }),
    );
    expect(() => unpad(new Uint8Array(64))).toThrow(MalformedError);
    expect(() => unpad(new Uint8Array(64).fill(1))).toThrow(MalformedError);
  });

  it('padText(text) is pad(utf8(text)) for every text, ASCII or not', () => {
    fc.assert(
      fc.property(fc.oneof(fc.string({ maxLength: 200 }), fc.string({ unit: 'binary', maxLength: 200 }), fc.json()), (text) => {
        expect(Buffer.from(padText(text)).equals(Buffer.from(pad(utf8(text))))).toBe(true);
      }),
    );
    expect(padText('"é"')).toEqual(pad(new Uint8Array([0x22, 0xc3, 0xa9, 0x22])));
  });
});
