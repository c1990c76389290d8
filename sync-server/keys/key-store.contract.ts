/**
 * The contract every key store passes, SQLite's (key-store.ts) and PostgreSQL's
 * (db/pg/pg-key-store.ts). `setup` gives an empty store with users `u1` and `u2` (password hash
 * `old`), a reader of a user's password hash, and a way to record a verified owner address
 * (migration 010 owner_email, lower-cased as release/owner-email.ts stores it). `kitGeneration`
 * stores a trustee-kit generation's row with an owner copy (migration 017's columns) and
 * `ownerCopy` reads it back: a rotation re-seals them in its transaction.
 */
import { describe, expect, it } from 'vitest';
import type { StoredKeyring } from '../../shared/crypto/keys';
import type { KeyStore, NewAccountKeys, RotatedAccountKeys } from './key-store';

const kdf = { alg: 'argon2id', v: 1, memoryKiB: 65536, iterations: 3, parallelism: 1, salt: 'AAAAAAAAAAAAAAAAAAAAAA' } as const;
const ring = (kids: string[]): StoredKeyring => ({ v: 1, ak: 1, keys: Object.fromEntries(kids.map((k) => [k, `w1.${'A'.repeat(16)}.${'B'.repeat(64)}`])) });
const keys = (tag: string): NewAccountKeys => ({ kdf, akVersion: 1, akPassword: `w1.pw.${tag}`, akRecovery: `w1.rc.${tag}`, keyring: ring(['plan~1']), proofHash: 'ab'.repeat(32) });

/** A rotation's stored part to AK version `ak` (tag: which device made it). */
const rotated = (ak: number, tag: string, ownerCopies: Record<string, string> = {}): RotatedAccountKeys => ({
  akVersion: ak,
  akPassword: `w1.pw.${tag}`,
  akRecovery: `w1.rc.${tag}`,
  keyring: { ...ring(['plan~1']), ak },
  proofHash: tag.padEnd(64, '0'),
  ownerCopies,
});

interface ContractSetup {
  store: KeyStore;
  passwordHash(id: string): Promise<string>;
  deleteUser(id: string): Promise<void>;
  kitGeneration(userId: string, generation: number, ownerCopy: string, retired: boolean): Promise<void>;
  ownerCopy(userId: string, generation: number): Promise<string | undefined>;
}

export function keyStoreContract(name: string, setup: () => Promise<ContractSetup>): void {
  describe(`KeyStore contract: ${name}`, () => {
    it('creates an account\'s keys once (compare-and-set): the second device gets false and the first one\'s keys stay', async () => {
      const { store, passwordHash } = await setup();
      expect(await store.get('u1')).toBeNull();
      const [a, b] = await Promise.all([store.create('u1', keys('a'), 10, 'hash-a'), store.create('u1', keys('b'), 11, 'hash-b')]);
      expect([a, b].filter(Boolean)).toHaveLength(1);
      const won = a ? 'a' : 'b';
      expect(await store.get('u1')).toMatchObject({ akPassword: `w1.pw.${won}`, akRecovery: `w1.rc.${won}`, recoveryCreatedAt: a ? 10 : 11, recoveryConfirmedAt: null, keyringRev: 1, sealedAt: null, kdf });
      expect(await passwordHash('u1')).toBe(`hash-${won}`); // set with the keys, in one transaction
      expect(await store.get('u2')).toBeNull();
      expect(await passwordHash('u2')).toBe('old');
    });

    it('replaces the keyring only from the revision the writer read', async () => {
      const { store } = await setup();
      await store.create('u1', keys('a'), 10);
      expect(await store.putKeyring('u1', 1, ring(['plan~1', 'msg:m1~1']), 20)).toBe(true);
      expect(await store.putKeyring('u1', 1, ring(['plan~1', 'msg:m2~1']), 21)).toBe(false);
      expect(await store.get('u1')).toMatchObject({ keyringRev: 2, keyring: ring(['plan~1', 'msg:m1~1']), updatedAt: 20 });
    });

    it('a new password re-wraps AK and sets the login hash together; a reset leaves no wrap; a new kit must be confirmed again', async () => {
      const { store, passwordHash } = await setup();
      await store.create('u1', keys('a'), 10);
      const next = { ...kdf, salt: 'BBBBBBBBBBBBBBBBBBBBBB' };
      await store.setPassword('u1', next, 'w1.pw.new', 'hash-new', 30);
      expect(await store.get('u1')).toMatchObject({ kdf: next, akPassword: 'w1.pw.new' });
      expect(await passwordHash('u1')).toBe('hash-new');
      await store.setPassword('u1', kdf, null, 'hash-reset', 31);
      expect((await store.get('u1'))!.akPassword).toBeNull();
      await store.confirmRecovery('u1', 40);
      expect((await store.get('u1'))!.recoveryConfirmedAt).toBe(40);
      await store.setRecovery('u1', 'w1.rc.new', 50);
      expect(await store.get('u1')).toMatchObject({ akRecovery: 'w1.rc.new', recoveryCreatedAt: 50, recoveryConfirmedAt: null });
      expect(await store.confirmRecovery('u1', 51, 'w1.rc.a')).toBe(false); // the code typed back opened the replaced kit: not marked kept
      expect((await store.get('u1'))!.recoveryConfirmedAt).toBeNull();
      expect(await store.confirmRecovery('u1', 52, 'w1.rc.new')).toBe(true);
      expect((await store.get('u1'))!.recoveryConfirmedAt).toBe(52);
      await store.setSealedAt('u1', 60);
      expect((await store.get('u1'))!.sealedAt).toBe(60);
    });

    it('a new password or kit wrapping AK version n is stored only while the account is at n (a rotation committed in between wins; the login hash stays too)', async () => {
      const { store, passwordHash } = await setup();
      await store.create('u1', keys('a'), 10, 'hash-a');
      expect(await store.rotate('u1', { akVersion: 1, keyringRev: 1, kdf }, rotated(2, 'x'), 20)).toBe('ok');
      const next = { ...kdf, salt: 'BBBBBBBBBBBBBBBBBBBBBB' };
      expect(await store.setPassword('u1', next, 'w1.pw.v1', 'hash-v1', 30, 1)).toBe(false);
      expect(await store.setRecovery('u1', 'w1.rc.v1', 30, 1)).toBe(false);
      expect(await store.get('u1')).toMatchObject({ kdf, akPassword: 'w1.pw.x', akRecovery: 'w1.rc.x', updatedAt: 20 });
      expect(await passwordHash('u1')).toBe('hash-a');
      expect(await store.setPassword('u1', next, 'w1.pw.v2', 'hash-v2', 40, 2)).toBe(true);
      expect(await store.setRecovery('u1', 'w1.rc.v2', 40, 2)).toBe(true);
      expect(await store.get('u1')).toMatchObject({ kdf: next, akPassword: 'w1.pw.v2', akRecovery: 'w1.rc.v2' });
      expect(await passwordHash('u1')).toBe('hash-v2');
    });

    it('after a reset, AK\'s password wrap is put back once (compare-and-set on "no wrap"), nothing else changes', async () => {
      const { store, passwordHash } = await setup();
      await store.create('u1', keys('a'), 10);
      expect(await store.restorePasswordWrap('u1', 'w1.pw.too-early', 15)).toBe(false); // a wrap is there: refused
      await store.setPassword('u1', kdf, null, 'hash-reset', 20);
      expect(await store.restorePasswordWrap('u1', 'w1.pw.back', 30)).toBe(true);
      expect(await store.restorePasswordWrap('u1', 'w1.pw.second', 31)).toBe(false);
      expect(await store.get('u1')).toMatchObject({ kdf, akPassword: 'w1.pw.back', updatedAt: 30 });
      expect(await passwordHash('u1')).toBe('hash-reset');
      expect(await store.restorePasswordWrap('nobody', 'w1.pw.x', 32)).toBe(false);
    });

    it('a rotation swaps AK\'s wraps, the keyring, the proof and the kit owner copies in one compare-and-set on the AK version, revision and KDF', async () => {
      const { store, kitGeneration, ownerCopy } = await setup();
      await store.create('u1', keys('a'), 10);
      await store.create('u2', keys('b'), 10);
      await kitGeneration('u1', 1, 'o1.1.retired', true);
      await kitGeneration('u1', 2, 'o1.2.old', false);
      await kitGeneration('u2', 2, 'o1.2.other', false);
      const expectFrom = { akVersion: 1, keyringRev: 1, kdf };
      await store.confirmRecovery('u1', 20);

      expect(await store.rotate('u1', expectFrom, rotated(2, 'x'), 30)).toEqual({ ownerCopies: [2] }); // generation 2's copy missing: refused
      expect(await store.rotate('u1', expectFrom, rotated(2, 'x', { '2': 'o1.2.new', '3': 'o1.3.none' }), 30)).toEqual({ ownerCopies: [2] }); // and one too many
      expect(await store.rotate('u1', { ...expectFrom, kdf: { ...kdf, salt: 'BBBBBBBBBBBBBBBBBBBBBB' } }, rotated(2, 'x', { '2': 'o1.2.new' }), 30)).toBe('stale'); // the password changed meanwhile
      expect(await store.get('u1')).toMatchObject({ akVersion: 1, akPassword: 'w1.pw.a', keyringRev: 1 });

      expect(await store.rotate('u1', expectFrom, rotated(2, 'x', { '2': 'o1.2.new' }), 30)).toBe('ok');
      expect(await store.get('u1')).toMatchObject({
        akVersion: 2,
        akPassword: 'w1.pw.x',
        akRecovery: 'w1.rc.x',
        recoveryCreatedAt: 30,
        recoveryConfirmedAt: null, // the new kit is confirmed again
        keyring: { ...ring(['plan~1']), ak: 2 },
        keyringRev: 2,
        proofHash: 'x'.padEnd(64, '0'),
        updatedAt: 30,
      });
      expect(await ownerCopy('u1', 2)).toBe('o1.2.new');
      expect(await ownerCopy('u1', 1)).toBe('o1.1.retired'); // a retired generation is not live: untouched
      expect(await ownerCopy('u2', 2)).toBe('o1.2.other');
      expect(await store.get('u2')).toMatchObject({ akVersion: 1, akPassword: 'w1.pw.b', keyringRev: 1 });

      // The same rotation again, or one from the old version: stale, nothing changes.
      expect(await store.rotate('u1', expectFrom, rotated(2, 'y', { '2': 'o1.2.y' }), 40)).toBe('stale');
      expect(await store.rotate('u1', { akVersion: 2, keyringRev: 1, kdf }, rotated(3, 'y', { '2': 'o1.2.y' }), 40)).toBe('stale'); // the keyring grew meanwhile
      expect(await store.get('u1')).toMatchObject({ akVersion: 2, akPassword: 'w1.pw.x' });
      expect(await ownerCopy('u1', 2)).toBe('o1.2.new');
      expect(await store.rotate('nobody', expectFrom, rotated(2, 'z'), 40)).toBe('stale');
    });

    it('two devices rotating at once: exactly one wins, and the keys are all the winner\'s', async () => {
      const { store, kitGeneration, ownerCopy } = await setup();
      await store.create('u1', keys('a'), 10);
      await kitGeneration('u1', 1, 'o1.1.old', false);
      const from = { akVersion: 1, keyringRev: 1, kdf };
      const results = await Promise.all(['p', 'q'].map((tag) => store.rotate('u1', from, rotated(2, tag, { '1': `o1.1.${tag}` }), 30)));
      expect([...results].sort()).toEqual(['ok', 'stale']);
      const won = results[0] === 'ok' ? 'p' : 'q';
      expect(await store.get('u1')).toMatchObject({ akVersion: 2, akPassword: `w1.pw.${won}`, akRecovery: `w1.rc.${won}`, proofHash: won.padEnd(64, '0'), keyringRev: 2 });
      expect(await ownerCopy('u1', 1)).toBe(`o1.1.${won}`);
    });

    it('an account\'s keys go with the account', async () => {
      const { store, deleteUser } = await setup();
      await store.create('u1', keys('a'), 10);
      await store.create('u2', keys('b'), 10);
      await deleteUser('u1');
      expect(await store.get('u1')).toBeNull();
      expect(await store.get('u2')).not.toBeNull();
    });
  });
}
