/**
 * The gates of release through trustees' key shares (SECURITY.md "Trustee kits"): k − 1 kits with
 * every secret the server holds open nothing and say nothing of Q; k kits without the gates open
 * nothing; a swapped, corrupted or replayed share is named before anything is combined.
 */
import fc from 'fast-check';
import { combine } from 'shamir-secret-sharing';
import { describe, expect, it } from 'vitest';
import type { AccessLevel } from '../schema/trustee';
import { ShareError } from './errors';
import { combineShares, verifyCheckValue, type Share } from './shamir';
import { shareCompleting } from './shamir-reference';
import { makeGeneration, openOwnerCopy, openTrusteeBlob, parseKitCode, encodeKitCode, sealOwnerCopy, trusteeAccessKey, type MadeGeneration } from './trustee-kit';

const rand = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const LEVELS: AccessLevel[] = ['full', 'documents-only', 'messages-only'];
const ACCOUNT = 'u1';

/** Every subset of `items` of size `k`. */
function subsets<T>(items: readonly T[], k: number): T[][] {
  if (k === 0) return [[]];
  if (items.length < k) return [];
  const [first, ...rest] = items;
  return [...subsets(rest, k - 1).map((s) => [first!, ...s]), ...subsets(rest, k)];
}

/** A generation of `n` trustees t1 … tn, k of n, levels in turn, each level with its own random keys. */
async function generation(n: number, k: number, gen = 1): Promise<{ made: MadeGeneration; ownerCopy: string; ak: Uint8Array }> {
  const keys = new Map(LEVELS.map((l, i) => [l, new Map([[`${['owner', 'docs', 'index'][i]}~1`, rand(32)]])]));
  const made = await makeGeneration({
    account: ACCOUNT,
    generation: gen,
    k,
    trustees: Array.from({ length: n }, (_, i) => ({ trusteeId: `t${i + 1}`, level: LEVELS[i % 3]! })),
    levelKeys: (level) => keys.get(level)!,
  });
  const ak = rand(32);
  return { made, ownerCopy: await sealOwnerCopy(ak, ACCOUNT, made), ak };
}

const shareOf = (m: MadeGeneration['kits'][number]): Share => ({ index: m.kit.index, bytes: m.kit.share });
const ctxOf = (m: MadeGeneration['kits'][number]) => ({ account: ACCOUNT, trusteeId: m.trusteeId, generation: m.kit.generation });
const commitmentsOf = (made: MadeGeneration) => Object.fromEntries(made.kits.map((m) => [m.kit.index, m.commitment]));

async function opens(m: MadeGeneration['kits'][number], q: Uint8Array, gate: Uint8Array, t: Uint8Array): Promise<boolean> {
  try {
    await openTrusteeBlob(await trusteeAccessKey(q, gate, t, ctxOf(m)), ctxOf(m), m.blob);
    return true;
  } catch {
    return false;
  }
}

/**
 * What k − 1 kits (`held`, positions in made.kits) and the whole server (every gate, the check
 * value, commitments, blobs, the owner copy without AK) can try: every value they hold, or can
 * combine, as Q, with each trustee's own gate and each kit secret held (or none). Asserts that
 * nothing opens, that no candidate passes the check value, and that the held shares fit any Q.
 */
async function assertNothingOpens(made: MadeGeneration, ownerCopy: string, held: number[]): Promise<void> {
  const kits = held.map((i) => made.kits[i]!);
  const shares = kits.map(shareOf);
  const gates = made.kits.map((m) => m.gate);
  const candidates: Uint8Array[] = [new Uint8Array(32), ...gates, ...shares.map((s) => s.bytes.slice(0, 32))];
  for (const part of [2, 3, 4, 5, 6].flatMap((size) => subsets(shares, size))) candidates.push(await combine(part.map((s) => s.bytes)));
  if (held.length > 0) await expect(combineShares(shares, made.k, { account: ACCOUNT, generation: made.generation }, commitmentsOf(made))).rejects.toThrow(ShareError);
  const ts = [new Uint8Array(16), ...kits.map((m) => m.kit.t)];
  for (const q of candidates) {
    expect(await verifyCheckValue(q, { account: ACCOUNT, generation: made.generation }, made.checkValue)).toBe(false);
    for (const m of made.kits) for (const t of ts) expect(await opens(m, q, m.gate, t)).toBe(false);
  }
  for (const key of [...gates, ...candidates]) await expect(openOwnerCopy(key, ACCOUNT, ownerCopy)).rejects.toThrow('does not open');
  // The held shares fit every Q equally: for any other secret there is a k-th share that, with
  // them, rebuilds it (so they carry no information about the real one).
  if (made.k >= 2) {
    const freeX = [...Array(255).keys()].map((x) => x + 1).find((x) => !made.kits.some((m) => m.kit.share[32] === x))!;
    const other = rand(32);
    const all = await combine([...shares.map((s) => s.bytes), shareCompleting(shares.map((s) => s.bytes), other, freeX)]);
    expect(all).toEqual(other);
  }
}

/** The positive control: k kits with the gates rebuild Q and open every blob. */
async function assertKOpen(made: MadeGeneration, held: number[]): Promise<Uint8Array> {
  const q = await combineShares(
    held.map((i) => shareOf(made.kits[i]!)),
    made.k,
    { account: ACCOUNT, generation: made.generation },
    commitmentsOf(made),
  );
  expect(await verifyCheckValue(q, { account: ACCOUNT, generation: made.generation }, made.checkValue)).toBe(true);
  for (const i of held) expect(await opens(made.kits[i]!, q, made.kits[i]!.gate, made.kits[i]!.kit.t)).toBe(true);
  return q;
}

describe.each([
  [3, 2],
  [5, 3],
  [1, 1],
])('gates, %i trustees, %i needed', (n, k) => {
  it('every (k−1)-subset of kits with every server secret opens no blob, no owner copy, and yields no Q', async () => {
    const { made, ownerCopy } = await generation(n, k);
    const positions = [...made.kits.keys()];
    for (const held of subsets(positions, k - 1)) await assertNothingOpens(made, ownerCopy, held);
    for (const held of subsets(positions, k)) await assertKOpen(made, held);
  });

  it('k kits without the gates open nothing (no gate, a random one, another trustee’s)', async () => {
    const { made } = await generation(n, k);
    const q = await assertKOpen(made, [...Array(k).keys()]);
    for (const m of made.kits) {
      const wrongGates = [new Uint8Array(32), rand(32), ...made.kits.filter((o) => o !== m).map((o) => o.gate)];
      for (const gate of wrongGates) expect(await opens(m, q, gate, m.kit.t)).toBe(false);
      // …nor the right gate with another trustee's kit secret.
      for (const o of made.kits) if (o !== m) expect(await opens(m, q, m.gate, o.kit.t)).toBe(false);
    }
  });

  it('a swapped, corrupted or replayed (other generation) share is named before combining', async () => {
    const { made } = await generation(n, k);
    const { made: newer } = await generation(n, k, 2);
    const named = async (shares: Share[], target = made) =>
      ((await combineShares(shares, k, { account: ACCOUNT, generation: target.generation }, commitmentsOf(target)).catch((e: unknown) => e)) as ShareError).index;
    const good = made.kits.slice(0, k).map(shareOf);
    const last = k - 1;
    const corrupted = good.map((s, i) => (i === last ? { ...s, bytes: s.bytes.map((b, j) => (j === 7 ? b ^ 0x20 : b)) } : s));
    expect(await named(corrupted)).toBe(good[last]!.index);
    // A kit typed back from its code carries the same share; a corrupted code never reaches combining.
    expect(shareOf({ ...made.kits[last]!, kit: parseKitCode(encodeKitCode(made.kits[last]!.kit)) })).toEqual(good[last]);
    if (k > 1) {
      // (With k = 1 every share is Q itself: another trustee's share is the same bytes.)
      const other = made.kits.find((m) => !good.some((g) => g.index === m.kit.index)) ?? made.kits[0]!;
      const swapped = good.map((s, i) => (i === last ? { index: s.index, bytes: other.kit.share } : s));
      expect(await named(swapped)).toBe(good[last]!.index);
    }
    // Generation 1's kits presented once generation 2 is current (re-keyed): every one is refused by name.
    expect(await named(good, newer)).toBe(good[0]!.index);
    expect(await named(newer.kits.slice(0, k).map(shareOf))).toBe(1);
  });
});

describe('gates, property', () => {
  it('for random k ≤ n ≤ 7: a random (k−1)-subset with every server secret opens nothing; k kits open everything', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.integer({ min: 1, max: 7 }).chain((n) => fc.tuple(fc.constant(n), fc.integer({ min: 1, max: n }), fc.infiniteStream(fc.double({ min: 0, max: 1, noNaN: true })))),
        async ([n, k, stream]) => {
          const { made, ownerCopy } = await generation(n, k);
          const order = [...made.kits.keys()].map((i) => [i, stream.next().value as number] as const).sort((a, b) => a[1] - b[1]).map(([i]) => i);
          await assertNothingOpens(made, ownerCopy, order.slice(0, k - 1));
          await assertKOpen(made, order.slice(0, k));
        },
      ),
      { numRuns: 10 },
    );
  });
});
