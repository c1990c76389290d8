import fc from 'fast-check';
import { combine } from 'shamir-secret-sharing';
import { describe, expect, it } from 'vitest';
import { fromHex, toHex } from './bytes';
import { ShareError } from './errors';
import { combineShares, commitShare, makeCheckValue, splitSecret, verifyCheckValue, type Share } from './shamir';
import vectors from './vectors.json';

const ctx = { account: 'u1', generation: 1 };

/** Every subset of `items` of size `k`. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

async function commitmentsOf(shares: Share[]) {
  return Object.fromEntries(await Promise.all(shares.map(async (s) => [s.index, await commitShare(ctx, s)] as const)));
}

describe('Shamir k of n', () => {
  it('committed vectors: 2-of-3, 3-of-5 and 1-of-1 rebuild Q from every k-subset', async () => {
    for (const v of vectors.shamir) {
      const shares = v.shares.map((hex, i) => ({ index: i + 1, bytes: fromHex(hex) }));
      const commitments = await commitmentsOf(shares);
      expect(commitments).toEqual(Object.fromEntries(v.commitments.map((c, i) => [i + 1, c])));
      for (const subset of subsets(shares, v.k)) {
        expect(toHex(await combineShares(subset, v.k, ctx, commitments))).toBe(v.q);
      }
      expect(await verifyCheckValue(fromHex(v.q), ctx, v.check)).toBe(true);
    }
  });

  it('1 of n: every share is Q itself', async () => {
    const q = crypto.getRandomValues(new Uint8Array(32));
    const shares = await splitSecret(q, 3, 1);
    for (const s of shares) expect(s.bytes).toEqual(q);
    expect(await combineShares([shares[2]!], 1, ctx, await commitmentsOf(shares))).toEqual(q);
  });

  it('every (k−1)-subset fails to rebuild Q, and with k the check value proves it (property)', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.uint8Array({ minLength: 32, maxLength: 32 }),
        fc.integer({ min: 2, max: 6 }).chain((k) => fc.tuple(fc.constant(k), fc.integer({ min: k, max: 7 }))),
        async (q, [k, n]) => {
          const shares = await splitSecret(q, n, k);
          const commitments = await commitmentsOf(shares);
          const check = await makeCheckValue(q, ctx);
          for (const subset of subsets(shares, k - 1)) {
            // The library alone: k−1 shares interpolate to something else (never Q).
            if (subset.length >= 2) expect(toHex(await combine(subset.map((s) => s.bytes)))).not.toBe(toHex(q));
            await expect(combineShares(subset, k, ctx, commitments)).rejects.toThrow(ShareError);
          }
          const rebuilt = await combineShares(shares.slice(n - k), k, ctx, commitments);
          expect(rebuilt).toEqual(q);
          expect(await verifyCheckValue(rebuilt, ctx, check)).toBe(true);
          expect(await verifyCheckValue(crypto.getRandomValues(new Uint8Array(32)), ctx, check)).toBe(false);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('names a corrupted, swapped or other-generation share before combining', async () => {
    const q = crypto.getRandomValues(new Uint8Array(32));
    const shares = await splitSecret(q, 3, 2);
    const commitments = await commitmentsOf(shares);
    const corrupted = { index: 2, bytes: shares[1]!.bytes.slice() };
    corrupted.bytes[5]! ^= 1;
    const named = async (given: Share[], c = ctx) => ((await combineShares(given, 2, c, commitments).catch((e: unknown) => e)) as ShareError).index;
    expect(await named([shares[0]!, corrupted])).toBe(2);
    expect(await named([shares[0]!, { index: 3, bytes: shares[1]!.bytes }])).toBe(3);
    expect(await named([shares[0]!, shares[1]!], { account: 'u1', generation: 2 })).toBe(1);
    expect(await named([shares[0]!, { index: 4, bytes: shares[2]!.bytes }])).toBe(4);
    // The same share twice is one share: too few.
    expect(await named([shares[0]!, shares[0]!])).toBeNull();
  });
});
