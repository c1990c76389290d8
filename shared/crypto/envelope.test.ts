import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fromB64url, toB64url } from './bytes';
import { checkEnvelope, envelopeLength, maxPlaintextBytes, open, parseEnvelope, plaintextBytes, seal, type Place } from './envelope';
import {
  MalformedError,
  StaleKeyError,
  TamperedError,
  TooLargeError,
  TruncatedError,
  UnknownKeyError,
  UnknownVersionError,
  WrongHlcError,
  WrongPlaceError,
} from './errors';
import { baseField } from './fields';
import { Keyring } from './keys';
import { bucketSize } from './padding';

const place: Place = { userId: 'u1', collection: 'messages', recordId: 'm1', field: 'messageContent' };
const HLC = '000001700000000-0000-abcdef0123456789';
const NEWER = '000001700000001-0000-abcdef0123456789';

async function setup() {
  const ring = await Keyring.create('u1');
  const sk = await ring.rotate('msg:m1');
  const env = await seal(sk, place, HLC, 'Dear Ana, the letter');
  return { ring, sk, env };
}

/** The envelope with its ciphertext bytes changed by `edit`. */
function editCt(env: string, edit: (ct: Uint8Array) => Uint8Array): string {
  const parts = env.split('.');
  parts[3] = toB64url(edit(fromB64url(parts[3]!)!));
  return parts.join('.');
}


/** The name of the error `f` throws, or 'none'. */
const errorOf = (f: () => unknown): string => {
  try {
    f();
    return 'none';
  } catch (err) {
    return (err as Error).constructor.name;
  }
};

describe('envelope v1', () => {
  it('opens what it sealed, at its place and HLC, for every JSON value', async () => {
    const { ring, sk } = await setup();
    for (const value of ['', 'text', null, true, 3, ['a'], { text: 'item', pos: 'a0' }, 'é😀'.repeat(400)]) {
      const env = await seal(sk, place, HLC, value);
      expect(env).toMatch(/^v1\.msg:m1~1\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/);
      expect(await open(ring.lookup, place, HLC, env)).toEqual(value);
    }
  });

  it('never seals the same value to the same envelope (fresh nonce), and hides the length within a bucket', async () => {
    const { sk } = await setup();
    const a = await seal(sk, place, HLC, 'x');
    const b = await seal(sk, place, HLC, 'x');
    const c = await seal(sk, place, HLC, 'x'.repeat(50));
    expect(a).not.toBe(b);
    expect(a.length).toBe(c.length);
  });

  it('a value moved to another field is refused: WrongPlaceError', async () => {
    const { ring, env } = await setup();
    await expect(open(ring.lookup, { ...place, field: 'recipientName' }, HLC, env)).rejects.toThrow(WrongPlaceError);
  });

  it('a value moved to another record, collection or user is refused: WrongPlaceError', async () => {
    const { ring, env } = await setup();
    for (const moved of [{ recordId: 'm2' }, { collection: 'documents' }, { userId: 'u2' }]) {
      await expect(open(ring.lookup, { ...place, ...moved }, HLC, env)).rejects.toThrow(WrongPlaceError);
    }
  });

  it('an older value replayed under a newer HLC is refused: WrongHlcError', async () => {
    const { ring, env } = await setup();
    await expect(open(ring.lookup, place, NEWER, env)).rejects.toThrow(WrongHlcError);
  });

  it('a hostile server that forges the hint for the new place or HLC is still refused: TamperedError', async () => {
    const { ring, sk, env } = await setup();
    // The hint is public and unauthenticated; the additional data is what binds. Copy the hint a
    // real envelope at the target place / HLC carries onto the old ciphertext.
    const forge = async (target: Place, hlc: string) => {
      const hint = fromB64url((await seal(sk, target, hlc, 'x')).split('.')[3]!)!.subarray(0, 8);
      return editCt(env, (ct) => {
        const c = ct.slice();
        c.set(hint, 0);
        return c;
      });
    };
    await expect(open(ring.lookup, place, NEWER, await forge(place, NEWER))).rejects.toThrow(TamperedError);
    const moved = { ...place, recordId: 'm2' };
    await expect(open(ring.lookup, moved, HLC, await forge(moved, HLC))).rejects.toThrow(TamperedError);
  });

  it('a key id the device does not hold is refused: UnknownKeyError (fetch the keyring, retry)', async () => {
    const { env } = await setup();
    const other = await Keyring.create('u1');
    await expect(open(other.lookup, place, HLC, env)).rejects.toThrow(UnknownKeyError);
  });

  it('a truncated ciphertext is refused: TruncatedError', async () => {
    const { ring, env } = await setup();
    for (const cut of [1, 16, 40]) {
      await expect(open(ring.lookup, place, HLC, editCt(env, (ct) => ct.subarray(0, ct.length - cut)))).rejects.toThrow(TruncatedError);
    }
    await expect(open(ring.lookup, place, HLC, env.slice(0, 20))).rejects.toThrow(MalformedError);
  });

  it('one flipped bit anywhere in the ciphertext is refused, never opened', async () => {
    const { ring, env } = await setup();
    const len = fromB64url(env.split('.')[3]!)!.length;
    for (let i = 0; i < len; i++) {
      const flipped = editCt(env, (ct) => {
        const c = ct.slice();
        c[i]! ^= 1 << (i % 8);
        return c;
      });
      const err = await open(ring.lookup, place, HLC, flipped).catch((e: unknown) => e);
      // Bytes 0–7 are the place/HLC hint (checked first); a flip in the ciphertext or tag is TamperedError.
      expect(err).toBeInstanceOf(i < 4 ? WrongPlaceError : i < 8 ? WrongHlcError : TamperedError);
    }
  });

  it('a flipped nonce, a swapped key id or the same kid under another key is refused: TamperedError', async () => {
    const { ring, env } = await setup();
    const parts = env.split('.');
    const nonce = fromB64url(parts[2]!)!;
    nonce[0]! ^= 1;
    await expect(open(ring.lookup, place, HLC, [parts[0], parts[1], toB64url(nonce), parts[3]].join('.'))).rejects.toThrow(TamperedError);
    const other = await Keyring.create('u1');
    await other.rotate('msg:m1');
    await expect(open(other.lookup, place, HLC, env)).rejects.toThrow(TamperedError);
    await ring.rotate('plan');
    await ring.rotate('plan');
    await expect(open(ring.lookup, place, HLC, [parts[0], 'plan~2', parts[2], parts[3]].join('.'))).rejects.toThrow(TamperedError);
  });

  it('an unknown version is refused by name: UnknownVersionError; anything else not an envelope: MalformedError', async () => {
    const { ring, env } = await setup();
    await expect(open(ring.lookup, place, HLC, env.replace(/^v1\./, 'v2.'))).rejects.toThrow(UnknownVersionError);
    for (const bad of ['plain text', 'v1.a.b', 'v1.nokid.AAAAAAAAAAAAAAAA.AAAA', `${env}.x`, env.replace(/\.([^.]+)$/, '.$1=')]) {
      await expect(open(ring.lookup, place, HLC, bad)).rejects.toThrow(MalformedError);
    }
  });

  it('a conflict copy opens with its original field and HLC, not under its stored name', async () => {
    const { ring, env } = await setup();
    // The server keeps `messageContent~conflict/<HLC>` = { text: env, at: HLC } (shared/sync/README.md rule 20).
    const stored = `messageContent~conflict/${HLC}`;
    await expect(open(ring.lookup, { ...place, field: stored }, HLC, env)).rejects.toThrow(WrongPlaceError);
    expect(await open(ring.lookup, { ...place, field: baseField(stored) }, HLC, env)).toBe('Dear Ana, the letter');
  });
});

describe('checkEnvelope (the server, with no key)', () => {
  it('accepts the current kid; an older version is StaleKeyError, a newer or unknown one UnknownKeyError', async () => {
    const { ring, sk, env } = await setup();
    const current = (scope: string) => (ring.version(scope) || undefined);
    expect(checkEnvelope(env, current).kid).toBe('msg:m1~1');
    await ring.rotate('msg:m1');
    expect(() => checkEnvelope(env, current)).toThrow(StaleKeyError);
    expect(() => checkEnvelope(env, () => undefined)).toThrow(UnknownKeyError);
    const next = await seal({ ...sk, kid: 'msg:m1~3' }, place, HLC, 'x');
    expect(() => checkEnvelope(next, current)).toThrow(UnknownKeyError);
  });

  it("refuses a kid of another scope than the field's: WrongPlaceError", async () => {
    const { ring, env } = await setup();
    const current = (scope: string) => ring.version(scope) || undefined;
    expect(checkEnvelope(env, current, Infinity, 'msg:m1').kid).toBe('msg:m1~1');
    expect(() => checkEnvelope(env, current, Infinity, 'index')).toThrow(WrongPlaceError);
  });

  it('refuses, without decoding, exactly what parseEnvelope refuses, with the same error', async () => {
    const { ring, env } = await setup();
    const current = (scope: string) => ring.version(scope) || undefined;
    const [v, kid, nonce, ct] = env.split('.') as [string, string, string, string];
    const broken = [
      `v2.${kid}.${nonce}.${ct}`,
      `x1.${kid}.${nonce}.${ct}`,
      `${v}.${kid}.${nonce}`,
      `${v}.${kid}.${nonce}.${ct}.x`,
      `${v}.msg:m1~0.${nonce}.${ct}`,
      `${v}.${kid}.${nonce.slice(0, -1)}.${ct}`,
      `${v}.${kid}.${nonce.slice(0, -2)}Ab.${ct.slice(0, -1)}`, // ct: a length no encoder makes
      `${v}.${kid}.${nonce}A.${ct}`,
      `${v}.${kid}.${nonce.replace(/^./, '+')}.${ct}`,
      `${v}.${kid}.${nonce}.${ct.slice(0, -4)}`, // short of a bucket
      `${v}.${kid}.${nonce}.${ct.slice(0, 10)}é${ct.slice(11)}`,
      `${v}.${kid}.${nonce}.${ct.slice(0, 10)}=${ct.slice(11)}`,
      `${v}.${kid}.${nonce}.${ct}A`, // a length no encoder makes
      `${v}.${kid}.${nonce}.${toB64url(new Uint8Array(8 + 96 + 16))}`, // 96 is no bucket size
    ];
    for (const text of broken) {
      const expected = errorOf(() => parseEnvelope(text));
      expect(expected, text).not.toBe('none');
      expect(errorOf(() => checkEnvelope(text, current)), text).toBe(expected);
    }
    expect(errorOf(() => checkEnvelope(env, current))).toBe('none');
  });

  it('accepts and refuses exactly what parseEnvelope does, for any edit of an envelope (property)', async () => {
    // checkEnvelope matches a whole valid envelope at once and splits only what it does not
    // match; the edits reach every part: version, kid, nonce, ct, separators, lengths.
    const { ring, env } = await setup();
    const current = (scope: string) => ring.version(scope) || undefined;
    const lengths = await Promise.all([0, 60, 61, 62, 63, 200, 1500].map((n) => seal(ring.current('msg:m1')!, place, HLC, 'x'.repeat(n))));
    const edit = fc.record({
      base: fc.constantFrom(env, ...lengths),
      at: fc.nat(),
      cut: fc.nat({ max: 5 }),
      insert: fc.oneof(fc.constant(''), fc.constantFrom('.', 'A', 'Q', 'g', '-', '_', '=', '+', 'é', '~', '1', '0', 'v2', 'docs~1', '\n'), fc.string({ maxLength: 6 })),
    });
    fc.assert(
      fc.property(edit, ({ base, at, cut, insert }) => {
        const i = at % (base.length + 1);
        const text = base.slice(0, i) + insert + base.slice(i + cut);
        const expected = errorOf(() => parseEnvelope(text));
        const got = errorOf(() => checkEnvelope(text, current));
        // parseEnvelope knows no keys: where it accepts, checkEnvelope may still refuse the kid.
        if (expected === 'none') expect(['none', 'UnknownKeyError', 'StaleKeyError'], text).toContain(got);
        else expect(got, text).toBe(expected);
        if (got === 'none') expect(checkEnvelope(text, current).kid).toBe(parseEnvelope(text).kid);
      }),
      { numRuns: 3000 },
    );
  });

  it('refuses an envelope over the byte cap: TooLargeError', async () => {
    const { ring, env } = await setup();
    expect(() => checkEnvelope(env, (s) => ring.version(s), env.length - 1)).toThrow(TooLargeError);
    expect(() => checkEnvelope(env, (s) => ring.version(s), env.length)).not.toThrow();
  });
});

describe('maxPlaintextBytes', () => {
  it('is the largest plaintext whose envelope fits the cap (property)', () => {
    fc.assert(
      fc.property(fc.integer({ min: 0, max: 300_000 }), fc.constantFrom('plan~1', 'msg:0123456789abcdef0123456789abcdef~12'), (cap, kid) => {
        const max = maxPlaintextBytes(cap, kid);
        if (max === -1) return envelopeLength(0, kid) > cap;
        return envelopeLength(max, kid) <= cap && envelopeLength(max + 1, kid) > cap;
      }),
    );
  });

  it('matches a real envelope: a value of exactly the maximum fits, one byte more does not', async () => {
    const { sk } = await setup();
    const cap = 5_000;
    const max = maxPlaintextBytes(cap, sk.kid);
    const fits = 'a'.repeat(max - 2); // JSON adds two quotes
    expect(plaintextBytes(fits)).toBe(max);
    const env = await seal(sk, place, HLC, fits);
    expect(env.length).toBe(envelopeLength(max, sk.kid));
    expect(env.length).toBeLessThanOrEqual(cap);
    expect((await seal(sk, place, HLC, `${fits}a`)).length).toBeGreaterThan(cap);
    expect(parseEnvelope(env).ct.length).toBe(8 + bucketSize(max) + 16);
  });
});
