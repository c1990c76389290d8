/**
 * The executor kit (issue "Release through trustees' key shares", "Fewer than k kits": an optional
 * kit the owner prints and keeps with the will, counting as one share). It is one more share of Q,
 * tied to no trustee: with k − 1 trustees' kits it rebuilds Q, the k − 1 alone do not, and its blob
 * opens nothing whatever the device's level keys are (it is a share only).
 */
import { combine } from 'shamir-secret-sharing';
import { describe, expect, it } from 'vitest';
import { ShareError } from './errors';
import { combineShares, verifyCheckValue } from './shamir';
import { EXECUTOR_KIT, EXECUTOR_KIT_ID, isExecutorKit, kitShare, makeGeneration, openOwnerCopy, openTrusteeBlob, sealOwnerCopy, trusteeAccessKey } from './trustee-kit';

const KEYS = new Map([['plan~1', new Uint8Array(32).fill(7)]]);
const ctx = { account: 'u1', generation: 1 };

/** Subsets of `items` of exactly `size` elements. */
function subsets<T>(items: readonly T[], size: number): T[][] {
  if (size === 0) return [[]];
  return items.flatMap((x, i) => subsets(items.slice(i + 1), size - 1).map((rest) => [x, ...rest]));
}

describe('The executor kit', () => {
  it('counts as one share: with k − 1 trustees it rebuilds Q; the same k − 1 trustees without it do not', async () => {
    for (const [k, trustees] of [
      [2, 2],
      [3, 3],
    ] as const) {
      const made = await makeGeneration({
        ...ctx,
        k,
        trustees: [...Array.from({ length: trustees }, (_, i) => ({ trusteeId: `t${i}`, level: 'full' as const })), EXECUTOR_KIT],
        levelKeys: () => KEYS,
      });
      const commitments = Object.fromEntries(made.kits.map((m) => [m.kit.index, m.commitment]));
      const executor = made.kits.find((m) => m.trusteeId === EXECUTOR_KIT_ID)!;
      const others = made.kits.filter((m) => m !== executor);
      for (const few of subsets(others, k - 1)) {
        const shares = few.map((m) => kitShare(m.kit));
        expect(await combineShares([...shares, kitShare(executor.kit)], k, ctx, commitments)).toEqual(made.q);
        await expect(combineShares(shares, k, ctx, commitments)).rejects.toThrow(ShareError);
        // Forced through the library with too few shares, what comes out is not Q (the check value refuses it).
        if (shares.length >= 2) {
          const wrong = await combine(shares.map((s) => s.bytes));
          expect(wrong).not.toEqual(made.q);
          expect(await verifyCheckValue(wrong, ctx, made.checkValue)).toBe(false);
        }
      }
    }
  });

  it('opens nothing of its own, even when the device offers it level keys', async () => {
    const made = await makeGeneration({ ...ctx, k: 2, trustees: [{ trusteeId: 'tA', level: 'full' }, EXECUTOR_KIT], levelKeys: () => KEYS });
    const ex = made.kits.find((m) => isExecutorKit(m.trusteeId))!;
    const exCtx = { ...ctx, trusteeId: EXECUTOR_KIT_ID };
    expect((await openTrusteeBlob(await trusteeAccessKey(made.q, ex.gate, ex.kit.t, exCtx), exCtx, ex.blob)).size).toBe(0);
    const trustee = made.kits.find((m) => m.trusteeId === 'tA')!;
    const tCtx = { ...ctx, trusteeId: 'tA' };
    expect(await openTrusteeBlob(await trusteeAccessKey(made.q, trustee.gate, trustee.kit.t, tCtx), tCtx, trustee.blob)).toEqual(KEYS);
    // The owner's copy keeps it (to print it again), as the executor's.
    const ak = crypto.getRandomValues(new Uint8Array(32));
    const copy = await openOwnerCopy(ak, 'u1', await sealOwnerCopy(ak, 'u1', made));
    expect(copy.kits.filter((m) => isExecutorKit(m.trusteeId)).map((m) => m.commitment)).toEqual([ex.commitment]);
  });

  it('goes with at least one trustee, and a generation has at most one', async () => {
    await expect(makeGeneration({ ...ctx, k: 1, trustees: [EXECUTOR_KIT], levelKeys: () => KEYS })).rejects.toThrow(TypeError);
    await expect(makeGeneration({ ...ctx, k: 2, trustees: [{ trusteeId: 'tA', level: 'full' }, EXECUTOR_KIT, EXECUTOR_KIT], levelKeys: () => KEYS })).rejects.toThrow(TypeError);
    // No trustee record can be the executor: the id is outside the ids records may have (shared/schema/common.ts idSchema).
    expect(/^[A-Za-z0-9_-]+$/.test(EXECUTOR_KIT_ID)).toBe(false);
  });
});
