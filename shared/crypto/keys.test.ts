import { describe, expect, it } from 'vitest';
import { open, seal } from './envelope';
import { MalformedError, UnknownKeyError, UnknownVersionError, UnwrapError } from './errors';
import { derivePasswordKeys, newKdfParams } from './kdf';
import { akProofToken, currentVersions, Keyring, newAccountKey, parseStoredKeyring, proofHash, unwrapAccountKey, wrapAccountKey } from './keys';
import { importAesKey, unwrapKey, wrapKey } from './wrap';

const place = { userId: 'u1', collection: 'deathPlan', recordId: 'u1', field: 'obituary' };
const HLC = '000001700000000-0000-abcdef0123456789';

describe('keyring', () => {
  it('round-trips through the server: saved under AK, loaded on another device, opens what the first sealed', async () => {
    const ak = newAccountKey();
    const a = await Keyring.create('u1');
    await a.rotate('msg:m1');
    const env = await seal(a.current('plan')!, place, HLC, 'Bury me under the oak');
    const stored = JSON.parse(JSON.stringify(await a.save(ak, 1)));
    expect(Object.keys(stored.keys).sort()).toEqual(['docs~1', 'index~1', 'msg:m1~1', 'owner~1', 'plan~1']);
    const b = await Keyring.load(stored, ak, 'u1');
    expect(await open(b.lookup, place, HLC, env)).toBe('Bury me under the oak');
  });

  it('rotation makes a new version for new seals and keeps the old one for history', async () => {
    const ring = await Keyring.create('u1');
    const old = await seal(ring.current('plan')!, place, HLC, 'v1');
    await ring.rotate('plan');
    expect(ring.current('plan')!.kid).toBe('plan~2');
    expect(await open(ring.lookup, place, HLC, old)).toBe('v1');
    const stored = await ring.save(newAccountKey(), 1);
    expect(currentVersions(stored)('plan')).toBe(2);
    expect(currentVersions(stored)('docs')).toBe(1);
    expect(currentVersions(stored)('msg:x')).toBeUndefined();
  });

  it('seals with the newest version of each scope after every rotation, on a created keyring and on one loaded from the server', async () => {
    const ak = newAccountKey();
    const a = await Keyring.create('u1');
    for (let m = 0; m < 40; m++) await a.rotate(`msg:m${m}`); // a scope per message: a long keyring
    await a.rotate('msg:m7');
    await a.rotate('msg:m7');
    expect(a.version('msg:m7')).toBe(3);
    expect(a.current('msg:m7')!.kid).toBe('msg:m7~3');
    expect(a.current('msg:m8')!.kid).toBe('msg:m8~1');
    expect(a.current('msg:none')).toBeUndefined();
    expect(a.version('msg:none')).toBe(0);
    const b = await Keyring.load(await a.save(ak, 1), ak, 'u1');
    expect(b.current('msg:m7')!.kid).toBe('msg:m7~3');
    expect(b.kids().sort()).toEqual(a.kids().sort());
    // Rotating the copy moves only the copy; what it seals opens there and not with the other's keys.
    await b.rotate('plan');
    expect(b.current('plan')!.kid).toBe('plan~2');
    expect(a.current('plan')!.kid).toBe('plan~1');
    const env = await seal(b.current('plan')!, place, HLC, 'Under the oak');
    expect(env.split('.')[1]).toBe('plan~2');
    expect(await open(b.lookup, place, HLC, env)).toBe('Under the oak');
    await expect(open(a.lookup, place, HLC, env)).rejects.toThrow(UnknownKeyError);
  });

  it('refuses a keyring under another AK, for another user, or with a wrapped key moved to another kid', async () => {
    const ak = newAccountKey();
    const stored = await (await Keyring.create('u1')).save(ak, 1);
    await expect(Keyring.load(stored, newAccountKey(), 'u1')).rejects.toThrow(UnwrapError);
    await expect(Keyring.load(stored, ak, 'u2')).rejects.toThrow(UnwrapError);
    const swapped = { ...stored, keys: { ...stored.keys, 'plan~1': stored.keys['docs~1']! } };
    await expect(Keyring.load(swapped, ak, 'u1')).rejects.toThrow(UnwrapError);
  });

  it('validates the stored shape and version', () => {
    expect(() => parseStoredKeyring({ v: 2, ak: 1, keys: {} })).toThrow(UnknownVersionError);
    expect(() => parseStoredKeyring({ v: 1, ak: 0, keys: {} })).toThrow(MalformedError);
    expect(() => parseStoredKeyring({ v: 1, ak: 1, keys: { 'bad kid': 'w1.a.b' } })).toThrow(MalformedError);
    expect(() => parseStoredKeyring({ v: 1, ak: 1, keys: { 'plan~1': 'plaintext key' } })).toThrow(MalformedError);
    expect(() => parseStoredKeyring(null)).toThrow(MalformedError);
  });
});

describe('account key', () => {
  it('is wrapped under the password: the right password unwraps it, a wrong one is UnwrapError', async () => {
    const params = newKdfParams('pbkdf2-sha256');
    const ak = newAccountKey();
    const { unlockKey } = await derivePasswordKeys('correct horse', params);
    const wrapped = await wrapAccountKey(unlockKey, ak, 'u1', 1, 'password');
    const again = await derivePasswordKeys('correct horse', params);
    expect(await unwrapAccountKey(again.unlockKey, wrapped, 'u1', 1, 'password')).toEqual(ak);
    const wrong = await derivePasswordKeys('correct horsf', params);
    await expect(unwrapAccountKey(wrong.unlockKey, wrapped, 'u1', 1, 'password')).rejects.toThrow(UnwrapError);
    // A password wrapping offered as the recovery wrapping, or as another AK version, is refused.
    await expect(unwrapAccountKey(again.unlockKey, wrapped, 'u1', 1, 'recovery')).rejects.toThrow(UnwrapError);
    await expect(unwrapAccountKey(again.unlockKey, wrapped, 'u1', 2, 'password')).rejects.toThrow(UnwrapError);
  });

  it('wrapped keys refuse other versions and malformed text by name', async () => {
    const key = await importAesKey(newAccountKey());
    const w = await wrapKey(key, newAccountKey(), { userId: 'u', purpose: 'scope', id: 'plan~1' });
    await expect(unwrapKey(key, w.replace(/^w1/, 'w9'), { userId: 'u', purpose: 'scope', id: 'plan~1' })).rejects.toThrow(UnknownVersionError);
    await expect(unwrapKey(key, w.slice(0, -4), { userId: 'u', purpose: 'scope', id: 'plan~1' })).rejects.toThrow(MalformedError);
  });
});

describe('the AK proof token', () => {
  it('is HKDF-SHA256(AK, "afterword-ak-proof-v1", lengthPrefixed(["ak-proof", userId])), checked with node:crypto; other accounts and keys give others', async () => {
    const { hkdfSync } = await import('node:crypto');
    const ak = new Uint8Array(32).map((_, i) => i * 7 + 1);
    const info = Buffer.concat(['ak-proof', 'u1'].map((p) => Buffer.concat([Buffer.from([0, 0, 0, Buffer.byteLength(p)]), Buffer.from(p)])));
    const expected = new Uint8Array(hkdfSync('sha256', ak, 'afterword-ak-proof-v1', info, 32));
    const token = await akProofToken(ak, 'u1');
    expect(token).toEqual(expected);
    expect(await akProofToken(ak, 'u2')).not.toEqual(token);
    expect(await akProofToken(newAccountKey(), 'u1')).not.toEqual(token);
    expect(await proofHash(token)).toMatch(/^[0-9a-f]{64}$/);
  });
});
