import { createDecipheriv } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { fromB64url, fromHex, toHex } from './bytes';
import { open } from './envelope';
import { unwrapAccountKey } from './keys';
import { parseRecoveryCode, recoveryKey } from './recovery';
import { makeVectors } from './test-vectors';
import vectors from './vectors.json';
import { importAesKey } from './wrap';

/** Length-prefixed parts, written out here again from README.md (not bytes.ts), to check the format independently. */
const lp = (...parts: string[]) => Buffer.concat(parts.flatMap((p) => [Buffer.from([0, 0, 0, Buffer.byteLength(p)]), Buffer.from(p)]));

describe('committed test vectors (vectors.json)', () => {
  it('this code computes exactly the committed envelopes, wrapped keys, KDF outputs and recovery code', async () => {
    const { shamir: _random, ...fixed } = vectors;
    expect(JSON.parse(JSON.stringify(await makeVectors()))).toEqual(fixed);
  });

  it('envelopes open with their key at their place and HLC', async () => {
    for (const v of vectors.envelope) {
      const key = await importAesKey(fromHex(v.key));
      expect(await open((kid) => (kid === v.kid ? key : undefined), v.place, v.hlc, v.envelope)).toEqual(v.value);
    }
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
});
