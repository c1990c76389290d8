/** The byte-array equality of vitest.setup.ts gives toEqual's verdicts, fast. */
import { describe, expect, it } from 'vitest';
import { sameBytes } from '../vitest.setup';

describe('toEqual on byte arrays (vitest.setup.ts)', () => {
  const big = new Uint8Array(2 * 1024 * 1024).map((_, i) => (i * 31) & 255);

  it('equal bytes are equal; one changed byte, a shorter array or another class are not', () => {
    expect(big).toEqual(big.slice());
    expect(big.subarray(10, 20)).toEqual(big.slice(10, 20)); // a view at an offset compares its own bytes
    const changed = big.slice();
    changed[1_234_567]! ^= 1;
    expect(big).not.toEqual(changed);
    expect(big).not.toEqual(big.subarray(1));
    expect(Buffer.from([1, 2])).not.toEqual(new Uint8Array([1, 2])); // as vitest: the class counts
    expect({ file: big }).not.toEqual({ file: changed }); // nested too
  });

  it('leaves other values to vitest', () => {
    expect(sameBytes(new Float64Array([Number.NaN]), new Float64Array([Number.NaN]))).toBeUndefined();
    expect(sameBytes([1, 2], new Uint8Array([1, 2]))).toBeUndefined();
    expect(sameBytes(Buffer.from([1]), new Uint8Array([1]))).toBeUndefined();
  });
});
