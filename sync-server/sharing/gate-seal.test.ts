/**
 * Test vectors of the server's seals under the release key (release/escrow/subkey-seal.ts): an
 * emergency gate (`e1`, sharing/gate-seal.ts) and a trustee kit's gate (`k1`, release/kits/seal.ts,
 * the same mechanism). Each vector was sealed once and is kept here, so a change of the subkey's
 * derivation, the additional data or the text form, which would leave every stored gate unopenable,
 * fails this test. The `k1` vector opens with the kit sealer as it was before the mechanism was
 * shared (checked when it was made).
 */
import { describe, expect, it } from 'vitest';
import { UnwrapError } from '../../shared/crypto/errors';
import { createKitSealer } from '../release/kits/seal';
import { createGateSealer } from './gate-seal';

const KEY = { raw: new Uint8Array(32).map((_, i) => 0xa0 + i), source: 'RELEASE_KEY' as const };
const RAW = new Uint8Array(32).map((_, i) => i + 1);
const GATE = 'AQIDBAUGBwgJCgsMDQ4PEBESExQVFhcYGRobHB0eHyA'; // RAW, base64url
const PLACE = { userId: 'u-vector', trusteeId: 't-vector', generation: 3 };
const E1_VECTOR = 'e1.ZoMS_uth9hBqhX-u.EeRDpNm32m7zXv-K5Xkfu-cq1e-Al4ITkygkkOepjY9Zub9C7bpXU2zcnqsGSoJ7';
const K1_VECTOR = 'k1.8SCj5ao2dUAMia8J.coNj2B1-XJhngtxDoOMvI7pyE0vi45EiWBIG8FZfPpaATufRqGtFu_nTH4goqfgs';

describe('sealing under the release key: test vectors', () => {
  it('opens the e1 vector of an emergency gate, and only for its account, trustee, generation and key', async () => {
    const gates = createGateSealer(KEY);
    expect(await gates.open(PLACE, E1_VECTOR)).toBe(GATE);
    for (const other of [{ ...PLACE, userId: 'u-other' }, { ...PLACE, trusteeId: 't-other' }, { ...PLACE, generation: 4 }]) {
      await expect(gates.open(other, E1_VECTOR)).rejects.toBeInstanceOf(UnwrapError);
    }
    await expect(createGateSealer({ ...KEY, raw: new Uint8Array(32) }).open(PLACE, E1_VECTOR)).rejects.toBeInstanceOf(UnwrapError);
    const flipped = `${E1_VECTOR.slice(0, -2)}${E1_VECTOR.endsWith('A7') ? 'B7' : 'A7'}`;
    await expect(gates.open(PLACE, flipped)).rejects.toBeInstanceOf(UnwrapError);
  });

  it('seals a gate afresh each time (a new nonce), never as the plain text, and reads a gate stored plain before (migration 025) as it is', async () => {
    const gates = createGateSealer(KEY);
    const a = await gates.seal(PLACE, GATE);
    const b = await gates.seal(PLACE, GATE);
    expect(a).toMatch(/^e1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]{64}$/);
    expect(a).not.toBe(b);
    expect(a).not.toContain(GATE.slice(0, 20));
    expect(await gates.open(PLACE, a)).toBe(GATE);
    expect(gates.isPlain(GATE)).toBe(true);
    expect(gates.isPlain(a)).toBe(false);
    expect(await gates.open(PLACE, GATE)).toBe(GATE);
    await expect(gates.seal(PLACE, 'too-short')).rejects.toThrow(/32 bytes/);
  });

  it('opens the k1 vector of a trustee kit\'s gate with the kit sealer on the same mechanism', async () => {
    expect(await createKitSealer(KEY).open({ userId: 'u-vector', generation: 3, what: 'gate', trusteeId: 't-vector' }, K1_VECTOR)).toEqual(RAW);
    await expect(createKitSealer(KEY).open({ userId: 'u-vector', generation: 3, what: 'share', trusteeId: 't-vector' }, K1_VECTOR)).rejects.toBeInstanceOf(UnwrapError);
    // The two purposes' subkeys differ: an e1 text relabelled k1 opens nothing.
    await expect(createKitSealer(KEY).open({ userId: 'u-vector', generation: 3, what: 'gate', trusteeId: 't-vector' }, `k1${E1_VECTOR.slice(2)}`)).rejects.toBeInstanceOf(UnwrapError);
  });
});
