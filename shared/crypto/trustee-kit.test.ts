import { describe, expect, it } from 'vitest';
import type { AccessLevel } from '../schema/trustee';
import { KitCodeError, MalformedError, UnknownVersionError, UnwrapError } from './errors';
import { combineShares, verifyCheckValue } from './shamir';
import {
  checkTrusteeBlob,
  deliveryWrapContext,
  handoverWrapContext,
  encodeKitCode,
  handoverKey,
  kitFingerprint,
  kitFragment,
  kitMatchesCommitment,
  kitShare,
  makeGeneration,
  messageDeliveryKey,
  openOwnerCopy,
  openTrusteeBlob,
  parseKitCode,
  parseKitFragment,
  sealOwnerCopy,
  sealTrusteeBlob,
  trusteeAccessKey,
  type MadeGeneration,
} from './trustee-kit';
import { importAesKey, unwrapKey, wrapKey } from './wrap';

const rand = (n: number) => crypto.getRandomValues(new Uint8Array(n));
const LEVEL_KEYS: Record<AccessLevel, Map<string, Uint8Array>> = {
  full: new Map([
    ['owner~1', rand(32)],
    ['plan~2', rand(32)],
    ['docs~1', rand(32)],
    ['index~1', rand(32)],
  ]),
  'documents-only': new Map([['docs~1', rand(32)]]),
  'messages-only': new Map([['index~1', rand(32)]]),
};

/** A generation for three trustees, 2 of 3, one of each level. */
function make(k = 2, generation = 1): Promise<MadeGeneration> {
  return makeGeneration({
    account: 'u1',
    generation,
    k,
    trustees: [
      { trusteeId: 'tA', level: 'full' },
      { trusteeId: 'tB', level: 'documents-only' },
      { trusteeId: 'tC', level: 'messages-only' },
    ],
    levelKeys: (level) => LEVEL_KEYS[level],
  });
}

describe('trustee kits', () => {
  it('makes a generation whose k kits rebuild Q, and Q + G_i + t_i opens exactly that trustee level’s keys', async () => {
    const made = await make();
    expect(made.kits.map((m) => m.kit.index)).toEqual([1, 2, 3]);
    const commitments = Object.fromEntries(made.kits.map((m) => [m.kit.index, m.commitment]));
    const q = await combineShares([made.kits[0]!.kit, made.kits[2]!.kit].map(kitShare), 2, { account: 'u1', generation: 1 }, commitments);
    expect(q).toEqual(made.q);
    expect(await verifyCheckValue(q, { account: 'u1', generation: 1 }, made.checkValue)).toBe(true);
    for (const m of made.kits) {
      const ctx = { account: 'u1', trusteeId: m.trusteeId, generation: 1 };
      expect(await openTrusteeBlob(await trusteeAccessKey(q, m.gate, m.kit.t, ctx), ctx, m.blob)).toEqual(LEVEL_KEYS[m.level]);
      expect(m.fingerprint).toBe(await kitFingerprint(m.commitment));
      expect(await kitMatchesCommitment(parseKitCode(encodeKitCode(m.kit)), 'u1', m.commitment)).toBe(true);
      expect(await kitMatchesCommitment(m.kit, 'u2', m.commitment)).toBe(false);
      const other = made.kits.find((o) => o !== m)!;
      expect(await kitMatchesCommitment(m.kit, 'u1', other.commitment)).toBe(false);
      expect(await kitMatchesCommitment({ ...m.kit, generation: 2 }, 'u1', m.commitment)).toBe(false);
      expect(m.fingerprint).toMatch(/^[0-9A-HJKMNP-TV-Z]{4}-[0-9A-HJKMNP-TV-Z]{4}$/);
    }
  });

  it('k = 1: the share is Q itself, and its code and fragment carry it', async () => {
    const made = await make(1);
    for (const m of made.kits) {
      expect(m.kit.share).toEqual(made.q);
      expect(parseKitCode(encodeKitCode(m.kit))).toEqual(m.kit);
      expect(parseKitFragment(kitFragment(m.kit))).toEqual(m.kit);
    }
  });

  it('a kit code is 22 groups of 5 Crockford characters and parses back, whatever the case, spaces and I/L/O', async () => {
    const { kits } = await make();
    for (const { kit } of kits) {
      const code = encodeKitCode(kit);
      expect(code).toMatch(/^([0-9A-HJKMNP-TV-Z]{5}-){21}[0-9A-HJKMNP-TV-Z]{5}$/);
      expect(parseKitCode(code)).toEqual(kit);
      const messy = ` ${code.toLowerCase().replace(/-/g, ' ').replace(/1/g, 'l').replace(/0/g, 'O')}\n`;
      expect(parseKitCode(messy)).toEqual(kit);
      expect(kitFragment(kit)).toMatch(/^[A-Za-z0-9_-]{71}$/);
      expect(parseKitFragment(`#${kitFragment(kit)}`)).toEqual(kit);
    }
  });

  it('refuses a cut link, a foreign fragment and a code of the wrong length, naming no group', async () => {
    const { kit } = (await make()).kits[0]!;
    const f = kitFragment(kit);
    for (const bad of [f.slice(0, -1), `${f}A`, 'hello', '']) expect(() => parseKitFragment(bad)).toThrow(KitCodeError);
    const code = encodeKitCode(kit);
    expect(() => parseKitCode(code.slice(0, -1))).toThrow(expect.objectContaining({ group: null }));
  });

  it('message keys: delivery needs Q + the message gate; handover also needs the trustee’s t', async () => {
    const made = await make();
    const mk = rand(32);
    const gate = rand(32);
    const wctx = deliveryWrapContext('u1', 'msg:m1~1', 1);
    const wrapped = await wrapKey(await messageDeliveryKey(made.q, gate, { account: 'u1', messageId: 'm1', generation: 1 }), mk, wctx);
    expect(await unwrapKey(await messageDeliveryKey(made.q, gate, { account: 'u1', messageId: 'm1', generation: 1 }), wrapped, wctx)).toEqual(mk);
    await expect(unwrapKey(await messageDeliveryKey(made.q, gate, { account: 'u1', messageId: 'm2', generation: 1 }), wrapped, wctx)).rejects.toThrow(UnwrapError);
    const a = made.kits[0]!;
    const hctx = { account: 'u1', trusteeId: a.trusteeId, generation: 1, messageId: 'm1' };
    const hwctx = handoverWrapContext('u1', a.trusteeId, 'msg:m1~1', 1);
    const handed = await wrapKey(await handoverKey(made.q, gate, a.kit.t, hctx), mk, hwctx);
    expect(await unwrapKey(await handoverKey(made.q, gate, a.kit.t, hctx), handed, hwctx)).toEqual(mk);
    // Bound to its trustee: the same key material claimed for another trustee does not open.
    await expect(unwrapKey(await handoverKey(made.q, gate, a.kit.t, hctx), handed, handoverWrapContext('u1', 'tB', 'msg:m1~1', 1))).rejects.toThrow(UnwrapError);
    // The server holds Q and G after release, never t: with another t (or none) it does not open.
    await expect(unwrapKey(await handoverKey(made.q, gate, made.kits[1]!.kit.t, hctx), handed, hwctx)).rejects.toThrow(UnwrapError);
    await expect(unwrapKey(await messageDeliveryKey(made.q, gate, { account: 'u1', messageId: 'm1', generation: 1 }), handed, hwctx)).rejects.toThrow(UnwrapError);
  });

  it('a blob opens only for its trustee, generation and account, and refuses a dropped entry', async () => {
    const key = await importAesKey(rand(32));
    const ctx = { account: 'u1', trusteeId: 'tA', generation: 1 };
    const blob = await sealTrusteeBlob(key, ctx, LEVEL_KEYS.full);
    expect(await openTrusteeBlob(key, ctx, blob)).toEqual(LEVEL_KEYS.full);
    for (const other of [{ ...ctx, trusteeId: 'tB' }, { ...ctx, generation: 2 }, { ...ctx, account: 'u2' }]) {
      await expect(openTrusteeBlob(key, other, blob)).rejects.toThrow(UnwrapError);
    }
    const parsed = JSON.parse(blob);
    delete parsed.keys['plan~2'];
    await expect(openTrusteeBlob(key, ctx, JSON.stringify(parsed))).rejects.toThrow(UnwrapError);
    await expect(openTrusteeBlob(key, ctx, 'nope')).rejects.toThrow(MalformedError);
    const empty = await sealTrusteeBlob(key, ctx, new Map());
    expect((await openTrusteeBlob(key, ctx, empty)).size).toBe(0);
    await expect(openTrusteeBlob(await importAesKey(rand(32)), ctx, empty)).rejects.toThrow(UnwrapError);
  });

  it('the owner copy round-trips under AK (raw or CryptoKey) and opens under no other key or account', async () => {
    const made = await make();
    const ak = rand(32);
    const sealed = await sealOwnerCopy(ak, 'u1', made);
    expect(sealed).toMatch(/^o1\.1\./);
    expect(await openOwnerCopy(ak, 'u1', sealed)).toEqual(made);
    expect(await openOwnerCopy(await importAesKey(ak), 'u1', sealed)).toEqual(made);
    await expect(openOwnerCopy(rand(32), 'u1', sealed)).rejects.toThrow(UnwrapError);
    await expect(openOwnerCopy(ak, 'u2', sealed)).rejects.toThrow(UnwrapError);
    await expect(openOwnerCopy(ak, 'u1', sealed.replace(/^o1\.1\./, 'o1.2.'))).rejects.toThrow(UnwrapError);
    await expect(openOwnerCopy(ak, 'u1', 'x')).rejects.toThrow(MalformedError);
  });

  it('the server checks a blob’s shape without a key (key ids, version, wrapped keys)', async () => {
    const key = await importAesKey(rand(32));
    const blob = await sealTrusteeBlob(key, { account: 'u1', trusteeId: 'tA', generation: 1 }, LEVEL_KEYS.full);
    expect(checkTrusteeBlob(blob).sort()).toEqual(['docs~1', 'index~1', 'owner~1', 'plan~2']);
    const parsed = JSON.parse(blob);
    expect(() => checkTrusteeBlob(JSON.stringify({ ...parsed, v: 2 }))).toThrow(UnknownVersionError);
    for (const bad of [{ ...parsed, set: 'w1.x.y' }, { ...parsed, keys: { 'nope~1': parsed.set } }, { ...parsed, keys: [] }, { v: 1 }, null]) {
      expect(() => checkTrusteeBlob(JSON.stringify(bad))).toThrow(MalformedError);
    }
    expect(() => checkTrusteeBlob('{')).toThrow(MalformedError);
  });

  it('an executor kit (levelKeys by trustee) counts as a share and opens nothing alone', async () => {
    const made = await makeGeneration({
      account: 'u1',
      generation: 1,
      k: 2,
      trustees: [
        { trusteeId: 'tA', level: 'full' },
        { trusteeId: 'executor', level: 'documents-only' },
      ],
      levelKeys: (level, trusteeId) => (trusteeId === 'executor' ? new Map() : LEVEL_KEYS[level]),
    });
    const commitments = Object.fromEntries(made.kits.map((m) => [m.kit.index, m.commitment]));
    expect(await combineShares(made.kits.map((m) => kitShare(m.kit)), 2, { account: 'u1', generation: 1 }, commitments)).toEqual(made.q);
    const ex = made.kits[1]!;
    const ctx = { account: 'u1', trusteeId: 'executor', generation: 1 };
    expect((await openTrusteeBlob(await trusteeAccessKey(made.q, ex.gate, ex.kit.t, ctx), ctx, ex.blob)).size).toBe(0);
  });
});
