/**
 * The trustee kit vectors of vectors.json (README.md "Test vectors", "Trustee kits"): fixed
 * inputs → the kit code and fragment, the commitment and fingerprint, a blob under the access
 * key, message keys wrapped under the delivery and handover keys, an owner copy; and Shamir
 * shares from fixed coefficients (shamir-reference.ts, since the library draws its own), which
 * vectors.test.ts combines with the library. Part of test-vectors.ts's makeVectors.
 */
import { fromHex, toHex, type RandomSource } from './bytes';
import { kitFingerprint, encodeKitCode, kitFragment, type Kit } from './kit-code';
import { commitShare, makeCheckValue } from './shamir';
import { referenceShares } from './shamir-reference';
import { deliveryWrapContext, handoverKey, handoverWrapContext, handoverWrapContextV2, messageDeliveryKey, sealOwnerCopy, sealTrusteeBlob, trusteeAccessKey, type MadeGeneration } from './trustee-kit';
import { wrapKey } from './wrap';

/** A fixed "random" source that moves on: bytes `start`, `start+1`, … (mod 256) across calls, so no nonce repeats. For vectors only. */
function fixedRandom(start: number): RandomSource {
  let next = start;
  return (n) => {
    const out = Uint8Array.from({ length: n }, (_, i) => (next + i) & 255);
    next += n;
    return out;
  };
}
const bytes = (n: number, start: number) => Uint8Array.from({ length: n }, (_, i) => (start + i) & 255);

/** Shares of fixed secrets from fixed coefficients and x coordinates: 2-of-3, 3-of-5, 1-of-1 (Q itself). */
function fixedShamir() {
  return (
    [
      [3, 2, [7, 200, 31]],
      [5, 3, [7, 200, 31, 99, 150]],
      [1, 1, [1]],
    ] as const
  ).map(([n, k, xs]) => {
    const q = bytes(32, 0x60 + n);
    // Non-zero top coefficients, so each byte's polynomial has degree exactly k − 1.
    const coefficients = Array.from({ length: 32 }, (_, b) => Array.from({ length: k - 1 }, (_, j) => ((b * 31 + j * 17 + n) % 255) + 1));
    const shares = k === 1 ? [q] : referenceShares(q, coefficients, xs);
    return { n, k, q: toHex(q), coefficients, xs: [...xs], shares: shares.map(toHex) };
  });
}

/** Every deterministic trustee kit vector, computed by this code. */
export async function makeKitVectors() {
  const account = 'u1';
  const ctx = { account, trusteeId: 'tA', generation: 1 };
  const q = bytes(32, 0x10);
  const gate = bytes(32, 0x30);
  const kit: Kit = { generation: 1, index: 2, share: bytes(33, 0x40), t: bytes(16, 0x80) };
  const levelKey = bytes(32, 0xc0);
  const messageKey = bytes(32, 0xe0);
  const commitment = await commitShare(ctx, { index: kit.index, bytes: kit.share });
  const fingerprint = await kitFingerprint(commitment);
  const blob = await sealTrusteeBlob(await trusteeAccessKey(q, gate, kit.t, ctx), ctx, new Map([['docs~1', levelKey]]), fixedRandom(100));
  const deliveryWrap = deliveryWrapContext(account, 'msg:m1~1', 1);
  const handoverWrap = handoverWrapContext(account, ctx.trusteeId, 'msg:m1~1', 1);
  const delivered = await wrapKey(await messageDeliveryKey(q, gate, { account, messageId: 'm1', generation: 1 }), messageKey, deliveryWrap, fixedRandom(140));
  const handedOver = await wrapKey(await handoverKey(q, gate, kit.t, { ...ctx, messageId: 'm1' }), messageKey, handoverWrap, fixedRandom(160));
  // Hand-over version 2: the same key, the wrap also bound to the recipient's address (as given; bound trimmed and in lower case).
  const handoverAddress = ' Bert@Example.com';
  const handoverWrapV2 = handoverWrapContextV2(account, ctx.trusteeId, 'msg:m1~1', 1, handoverAddress);
  const handedOverV2 = await wrapKey(await handoverKey(q, gate, kit.t, { ...ctx, messageId: 'm1' }), messageKey, handoverWrapV2, fixedRandom(170));
  const made: MadeGeneration = {
    generation: 1,
    k: 1,
    q,
    checkValue: await makeCheckValue(q, { account, generation: 1 }, fixedRandom(180)),
    kits: [{ trusteeId: 'tA', level: 'documents-only', kit, gate, commitment, fingerprint, blob }],
  };
  const ak = bytes(32, 0xa0);
  return {
    kits: {
      account,
      trusteeId: ctx.trusteeId,
      generation: 1,
      index: kit.index,
      share: toHex(kit.share),
      t: toHex(kit.t),
      code: encodeKitCode(kit),
      fragment: kitFragment(kit),
      commitment,
      fingerprint,
      q: toHex(q),
      gate: toHex(gate),
      levelKey: toHex(levelKey),
      blob,
      messageKey: toHex(messageKey),
      deliveryWrap,
      handoverWrap,
      delivered,
      handedOver,
      handoverAddress,
      handoverWrapV2,
      handedOverV2,
      ak: toHex(ak),
      ownerCopy: await sealOwnerCopy(fromHex(toHex(ak)), account, made, fixedRandom(200)),
    },
    shamirFixed: fixedShamir(),
  };
}
