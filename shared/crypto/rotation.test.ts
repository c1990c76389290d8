import { describe, expect, it } from 'vitest';
import { toB64url } from './bytes';
import { open, seal } from './envelope';
import { MalformedError, UnwrapError } from './errors';
import { derivePasswordKeys, newKdfParams } from './kdf';
import { akProofToken, Keyring, newAccountKey, unwrapAccountKey } from './keys';
import { parseRecoveryCode, recoveryKey } from './recovery';
import { rotateAccountKey } from './rotation';
import { makeGeneration, openOwnerCopy, sealOwnerCopy } from './trustee-kit';

const place = { userId: 'u1', collection: 'deathPlan', recordId: 'u1', field: 'obituary' };
const HLC = '000001700000000-0000-abcdef0123456789';
const kdf = { ...newKdfParams('pbkdf2-sha256'), iterations: 600_000 };

/** An account at AK version 1 with a letter's key, a sealed value and a generation's owner copy under AK. */
async function account() {
  const oldAk = newAccountKey();
  const ring = await Keyring.create('u1');
  await ring.rotate('msg:m1');
  await ring.rotate('plan'); // plan~1 and plan~2: history and current
  const history = await seal(ring.current('plan')!, place, HLC, 'Bury me under the oak');
  const made = await makeGeneration({ account: 'u1', generation: 3, k: 1, trustees: [{ trusteeId: 'tA', level: 'full' }], levelKeys: () => new Map([['owner~1', ring.raw('owner~1')!]]) });
  const ownerCopies = { '3': await sealOwnerCopy(oldAk, 'u1', made) };
  const stored = await ring.save(oldAk, 1);
  const { unlockKey } = await derivePasswordKeys('correct horse battery', kdf);
  return { oldAk, stored, history, made, ownerCopies, unlockKey };
}

describe('rotating the account key (rotation.ts)', () => {
  it('re-wraps every keyring entry under a new random AK of the next version; history opens, the old AK opens nothing new', async () => {
    const a = await account();
    const keyring = await Keyring.load(a.stored, a.oldAk, 'u1');
    const r = await rotateAccountKey({ userId: 'u1', keyring, oldAk: a.oldAk, fromAkVersion: 1, unlockKey: a.unlockKey, ownerCopies: a.ownerCopies });

    expect(r.akVersion).toBe(2);
    expect(r.ak).not.toEqual(a.oldAk);
    expect(r.body.fromAkVersion).toBe(1);
    expect(r.body.keyring.ak).toBe(2);
    expect(Object.keys(r.body.keyring.keys).sort()).toEqual(Object.keys(a.stored.keys).sort());
    for (const kid of Object.keys(a.stored.keys)) expect(r.body.keyring.keys[kid]).not.toBe(a.stored.keys[kid]);

    // The new AK opens every key, the same bytes (re-wrapped, not replaced), and history opens.
    const reopened = await Keyring.load(r.body.keyring, r.ak, 'u1');
    for (const kid of keyring.kids()) expect(reopened.raw(kid)).toEqual(keyring.raw(kid));
    expect(await open(reopened.lookup, place, HLC, a.history)).toBe('Bury me under the oak');

    // The old AK opens nothing that was made: no keyring entry, no AK wrap, no owner copy.
    await expect(Keyring.load(r.body.keyring, a.oldAk, 'u1')).rejects.toThrow(UnwrapError);
    await expect(openOwnerCopy(a.oldAk, 'u1', r.body.ownerCopies['3']!)).rejects.toThrow(UnwrapError);

    // AK under the password (id ak~2) and under the new recovery code; the proof token is the new AK's.
    expect(await unwrapAccountKey(a.unlockKey, r.body.akPassword, 'u1', 2, 'password')).toEqual(r.ak);
    await expect(unwrapAccountKey(a.unlockKey, r.body.akPassword, 'u1', 1, 'password')).rejects.toThrow(UnwrapError);
    const secret = await parseRecoveryCode(r.code);
    expect(await unwrapAccountKey(await recoveryKey(secret, 'u1'), r.body.akRecovery, 'u1', 2, 'recovery')).toEqual(r.ak);
    expect(r.body.proof).toBe(toB64url(await akProofToken(r.ak, 'u1')));
    expect(r.body.proof).not.toBe(toB64url(await akProofToken(a.oldAk, 'u1')));

    // The owner copy is the same generation, sealed again under the new AK.
    const copy = await openOwnerCopy(r.ak, 'u1', r.body.ownerCopies['3']!);
    expect(copy.q).toEqual(a.made.q);
    expect(copy.kits.map((k) => k.blob)).toEqual(a.made.kits.map((k) => k.blob));
  });

  it('refuses, writing nothing, when an owner copy does not open with the AK held (never re-seals what it cannot read)', async () => {
    const a = await account();
    const keyring = await Keyring.load(a.stored, a.oldAk, 'u1');
    const foreign = { '3': await sealOwnerCopy(newAccountKey(), 'u1', a.made) };
    await expect(rotateAccountKey({ userId: 'u1', keyring, oldAk: a.oldAk, fromAkVersion: 1, unlockKey: a.unlockKey, ownerCopies: foreign })).rejects.toThrow(UnwrapError);
    await expect(rotateAccountKey({ userId: 'u1', keyring, oldAk: a.oldAk, fromAkVersion: 1, unlockKey: a.unlockKey, ownerCopies: { '4': a.ownerCopies['3']! } })).rejects.toThrow(MalformedError);
  });
});
