import { createDecipheriv, createHash, hkdfSync } from 'node:crypto';
import { combine } from 'shamir-secret-sharing';
import { describe, expect, it } from 'vitest';
import { fromB64url, fromHex, toHex } from './bytes';
import { open } from './envelope';
import { unwrapAccountKey } from './keys';
import { parseRecoveryCode, recoveryKey } from './recovery';
import { combineShares, commitShare } from './shamir';
import { openShared } from './share-copy';
import { handoverKey, handoverWrapContextV2, kitFingerprint, messageDeliveryKey, openOwnerCopy, openTrusteeBlob, parseKitCode, parseKitFragment, trusteeAccessKey } from './trustee-kit';
import { makeVectors } from './test-vectors';
import vectors from './vectors.json';
import { importAesKey, unwrapKey } from './wrap';
import { UnwrapError } from './errors';

/** Length-prefixed parts, written out here again from README.md (not bytes.ts), to check the format independently. */
const lp = (...parts: string[]) => Buffer.concat(parts.flatMap((p) => [Buffer.from([0, 0, 0, Buffer.byteLength(p)]), Buffer.from(p)]));

describe('committed test vectors (vectors.json)', () => {
  it('this code computes exactly the committed envelopes, wrapped keys, KDF outputs, recovery code and trustee kit vectors', async () => {
    const { shamir: _random, ...fixed } = vectors;
    // makeVectors also recomputes the trustee kit vectors and the fixed-coefficient Shamir shares.
    expect(JSON.parse(JSON.stringify(await makeVectors()))).toEqual(fixed);
  });

  it('envelopes open with their key at their place and HLC', async () => {
    for (const v of vectors.envelope) {
      const key = await importAesKey(fromHex(v.key));
      expect(await open((kid) => (kid === v.kid ? key : undefined), v.place, v.hlc, v.envelope)).toEqual(v.value);
    }
  });

  it('a shared copy s1 decrypts with node:crypto from docs/sharing.md alone, and opens with share-copy.ts', async () => {
    const v = vectors.shareCopy;
    const [ver, nonce, body] = v.sealed.split('.') as [string, string, string];
    expect(ver).toBe('s1');
    const ct = Buffer.from(fromB64url(body)!);
    const d = createDecipheriv('aes-256-gcm', Buffer.from(v.key, 'hex'), Buffer.from(fromB64url(nonce)!));
    d.setAAD(lp('s1', v.shareId, v.itemKind, v.itemId, v.part, String(v.revision)));
    d.setAuthTag(ct.subarray(ct.length - 16));
    const padded = Buffer.concat([d.update(ct.subarray(0, ct.length - 16)), d.final()]);
    const json = padded.subarray(0, padded.lastIndexOf(0x80)).toString('utf8');
    expect(JSON.parse(json)).toEqual(v.value);
    expect(await openShared(fromHex(v.key), { shareId: v.shareId, itemKind: v.itemKind, itemId: v.itemId }, 'copy', v.revision, v.sealed)).toEqual(v.value);
  });

  it('envelope v1 decrypts with node:crypto from the README alone (format check independent of envelope.ts)', () => {
    const v = vectors.envelope[0]!;
    const [ver, kid, nonce, body] = v.envelope.split('.') as [string, string, string, string];
    const ct = Buffer.from(fromB64url(body)!);
    const p = v.place;
    const d = createDecipheriv('aes-256-gcm', Buffer.from(v.key, 'hex'), Buffer.from(fromB64url(nonce)!));
    d.setAAD(lp(ver, kid, p.userId, p.collection, p.recordId, p.field, v.hlc));
    d.setAuthTag(ct.subarray(ct.length - 16));
    const padded = Buffer.concat([d.update(ct.subarray(8, ct.length - 16)), d.final()]);
    expect(padded.length).toBe(64);
    const end = padded.lastIndexOf(0x80);
    expect(padded.subarray(end + 1).every((b) => b === 0)).toBe(true);
    expect(JSON.parse(padded.subarray(0, end).toString('utf8'))).toBe(v.value);
  });

  it('the recovery code parses to its secret and unwraps AK; the password vector unwraps AK too', async () => {
    const r = vectors.recovery;
    expect(toHex(await parseRecoveryCode(r.code))).toBe(r.secret);
    expect(toHex(await unwrapAccountKey(await recoveryKey(fromHex(r.secret), r.userId), r.wrappedAk, r.userId, 1, 'recovery'))).toBe(r.ak);
    const p = vectors.wrap.akUnderPassword;
    expect(p.unlockKey).toBe(vectors.kdf[0]!.bytes.slice(64));
    expect(toHex(await unwrapAccountKey(await importAesKey(fromHex(p.unlockKey)), p.wrapped, p.userId, p.akVersion, 'password'))).toBe(p.ak);
  });

  it('kit vectors: the code and the fragment hold the kit; commitment, fingerprint, blob and owner copy follow from it', async () => {
    const v = vectors.kits;
    const kit = { generation: v.generation, index: v.index, share: fromHex(v.share), t: fromHex(v.t) };
    expect(parseKitCode(v.code)).toEqual(kit);
    expect(parseKitFragment(v.fragment)).toEqual(kit);
    expect(await commitShare({ account: v.account, generation: v.generation }, { index: v.index, bytes: kit.share })).toBe(v.commitment);
    expect(await kitFingerprint(v.commitment)).toBe(v.fingerprint);
    const ctx = { account: v.account, trusteeId: v.trusteeId, generation: v.generation };
    const opened = await openTrusteeBlob(await trusteeAccessKey(fromHex(v.q), fromHex(v.gate), kit.t, ctx), ctx, v.blob);
    expect([...opened].map(([kid, key]) => [kid, toHex(key)])).toEqual([['docs~1', v.levelKey]]);
    const owner = await openOwnerCopy(fromHex(v.ak), v.account, v.ownerCopy);
    expect(owner.kits[0]!.kit).toEqual(kit);
    expect(toHex(owner.q)).toBe(v.q);
    const delivery = await messageDeliveryKey(fromHex(v.q), fromHex(v.gate), { account: v.account, messageId: 'm1', generation: 1 });
    expect(toHex(await unwrapKey(delivery, v.delivered, v.deliveryWrap))).toBe(v.messageKey);
    const handover = await handoverKey(fromHex(v.q), fromHex(v.gate), kit.t, { ...ctx, messageId: 'm1' });
    expect(toHex(await unwrapKey(handover, v.handedOver, v.handoverWrap))).toBe(v.messageKey);
    // Version 2 is bound to the address: it opens with it (in any case, trimmed), not under version 1 nor another address.
    expect(v.handoverWrapV2.purpose).toBe(`message-handover-v2:${JSON.stringify([v.trusteeId, v.generation, 'bert@example.com'])}`);
    expect(toHex(await unwrapKey(handover, v.handedOverV2, handoverWrapContextV2(v.account, v.trusteeId, 'msg:m1~1', 1, 'BERT@example.com ')))).toBe(v.messageKey);
    await expect(unwrapKey(handover, v.handedOverV2, v.handoverWrap)).rejects.toThrow(UnwrapError);
    await expect(unwrapKey(handover, v.handedOverV2, handoverWrapContextV2(v.account, v.trusteeId, 'msg:m1~1', 1, 'attacker@evil.example'))).rejects.toThrow(UnwrapError);
  });

  it('a rotation (AK 1 → 2) from the README alone (node:crypto): AK under the password bound to ak~2, each scope key the same bytes under the new AK', () => {
    const v = vectors.rotation;
    const unwrap = (key: string, wrapped: string, ...ad: string[]) => {
      const [, nonce, body] = wrapped.split('.') as [string, string, string];
      const ct = Buffer.from(fromB64url(body)!);
      const d = createDecipheriv('aes-256-gcm', Buffer.from(key, 'hex'), Buffer.from(fromB64url(nonce)!));
      d.setAAD(lp('w1', ...ad));
      d.setAuthTag(ct.subarray(ct.length - 16));
      return Buffer.concat([d.update(ct.subarray(0, ct.length - 16)), d.final()]).toString('hex');
    };
    expect(v.body.fromAkVersion).toBe(1);
    expect(v.body.keyring.ak).toBe(2);
    expect(unwrap(v.unlockKey, v.body.akPassword, v.userId, 'password', 'ak~2')).toBe(v.newAk);
    expect(() => unwrap(v.unlockKey, v.body.akPassword, v.userId, 'password', 'ak~1')).toThrow();
    for (const [kid, raw] of Object.entries(v.keys)) expect(unwrap(v.newAk, (v.body.keyring.keys as Record<string, string>)[kid]!, v.userId, 'scope', kid)).toBe(raw);
    expect(v.newAk).not.toBe(v.oldAk);
  });

  it('kit formats from the README alone (node:crypto): payload layout, fingerprint, access key HKDF, blob wrap', () => {
    const v = vectors.kits;
    // Payload: version 1 ‖ kind 0 (one byte), generation (2 B), index, t, share.
    const payload = Buffer.from(fromB64url(v.fragment)!);
    expect(payload.toString('hex')).toBe(`10${'0001'}${'02'}${v.t}${v.share}`);
    // Fingerprint: first 40 bits of SHA-256(lp("afterword-kit-fp-v1", commitment)), Crockford.
    const h = createHash('sha256').update(lp('afterword-kit-fp-v1', v.commitment)).digest();
    const bits = BigInt(`0x${h.subarray(0, 5).toString('hex')}`);
    const chars = Array.from({ length: 8 }, (_, i) => '0123456789ABCDEFGHJKMNPQRSTVWXYZ'[Number((bits >> BigInt(35 - 5 * i)) & 31n)]).join('');
    expect(`${chars.slice(0, 4)}-${chars.slice(4)}`).toBe(v.fingerprint);
    // Access key: HKDF-SHA256(Q ‖ G ‖ t, salt 32 zero bytes, info lp(…)); the blob's entry is w1 under it.
    const key = Buffer.from(hkdfSync('sha256', Buffer.from(v.q + v.gate + v.t, 'hex'), Buffer.alloc(32), lp('afterword-trustee-access-v1', v.account, v.trusteeId, '1'), 32));
    const [, nonce, body] = (JSON.parse(v.blob).keys['docs~1'] as string).split('.') as [string, string, string];
    const ct = Buffer.from(fromB64url(body)!);
    const d = createDecipheriv('aes-256-gcm', key, Buffer.from(fromB64url(nonce)!));
    d.setAAD(lp('w1', v.account, `trustee-blob:${v.trusteeId}:1`, 'docs~1'));
    d.setAuthTag(ct.subarray(ct.length - 16));
    expect(Buffer.concat([d.update(ct.subarray(0, ct.length - 16)), d.final()]).toString('hex')).toBe(v.levelKey);
  });

  it('Shamir from fixed coefficients (2-of-3, 3-of-5, 1-of-1): the library and combineShares rebuild Q from every k-subset, never from k − 1', async () => {
    for (const v of vectors.shamirFixed) {
      const shares = v.shares.map((hex, i) => ({ index: i + 1, bytes: fromHex(hex) }));
      const ctx = { account: 'u1', generation: 1 };
      const commitments = Object.fromEntries(await Promise.all(shares.map(async (s) => [s.index, await commitShare(ctx, s)] as const)));
      for (let mask = 1; mask < 1 << v.n; mask++) {
        const subset = shares.filter((_, i) => mask & (1 << i));
        if (subset.length >= v.k) expect(toHex(await combineShares(subset, v.k, ctx, commitments))).toBe(v.q);
        if (v.k >= 2 && subset.length >= 2) expect(toHex(await combine(subset.map((s) => s.bytes))) === v.q).toBe(subset.length >= v.k);
      }
    }
  });
});
