/**
 * The contract every account store passes,  SQLite's (sqlite-account-store.ts) and PostgreSQL's
 * (pg-account-store.ts); every call is awaited so one suite serves both. `setup` runs before
 * each test and must give an empty store.
 */
import { describe, expect, it } from 'vitest';
import { isUsernameTaken, type AsyncAccountStore } from './account-store';
import type { AccountStore, UserRow } from './sqlite-account-store';

const user = (id: string, username: string): UserRow => ({ id, username, password_hash: `hash-${id}`, created_at: '2026-11-23T00:00:00.000Z' });
const session = (id: string, userId: string, lastSeen: number, expires: number) => ({ id, user_id: userId, created_at: 1, last_seen_at: lastSeen, expires_at: expires, authenticated_at: 1, unproven: 0 });

export function accountStoreContract(name: string, setup: () => AccountStore | AsyncAccountStore | Promise<AccountStore | AsyncAccountStore>): void {
  describe(`AccountStore contract: ${name}`, () => {
    it('finds a user by id and by username in any case; unknown ones are null', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'Ada_Lovelace'));
      expect(await store.findById('u1')).toEqual(user('u1', 'Ada_Lovelace'));
      expect(await store.findByUsername('ada_lovelace')).toEqual(user('u1', 'Ada_Lovelace'));
      expect(await store.findByUsername('ADA_LOVELACE')).toEqual(user('u1', 'Ada_Lovelace'));
      expect(await store.findByUsername('ada')).toBeNull();
      expect(await store.findById('nobody')).toBeNull();
    });

    it('a username taken in another case is refused (isUsernameTaken) and the first account is kept', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'Ada'));
      let refused: unknown;
      await (async () => store.createUser(user('u2', 'aDA')))().catch((err: unknown) => (refused = err));
      expect(isUsernameTaken(refused)).toBe(true);
      expect(await store.findById('u2')).toBeNull();
      expect((await store.findByUsername('ada'))!.id).toBe('u1');
    });

    it('keeps an account\'s language: English until one is chosen, then the chosen one; none for no account (issue 44)', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'ada'));
      await store.createUser(user('u2', 'bea'));
      expect(await store.language('u1')).toBe('en');
      await store.setLanguage('u1', 'ar');
      expect([await store.language('u1'), await store.language('u2'), await store.language('nobody')]).toEqual(['ar', 'en', null]);
      expect(await store.findById('u1')).toEqual(user('u1', 'ada'));
    });

    it('changes a password hash', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'ada'));
      await store.setPasswordHash('u1', 'new-hash');
      expect((await store.findById('u1'))!.password_hash).toBe('new-hash');
    });

    it('keeps, touches (sliding its expiry), re-authenticates and deletes sessions; "sign out elsewhere" keeps only the named one', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'ada'));
      await store.createUser(user('u2', 'bob'));
      await store.createSession(session('s1', 'u1', 10, 2_000_000_000_000));
      await store.createSession(session('s2', 'u1', 10, 2_000_000_000_000));
      await store.createSession(session('s3', 'u2', 10, 2_000_000_000_000));
      expect(await store.findSession('s1')).toEqual(session('s1', 'u1', 10, 2_000_000_000_000));
      await store.touchSession('s1', 1_800_000_000_000, 1_900_000_000_000);
      expect(await store.findSession('s1')).toMatchObject({ last_seen_at: 1_800_000_000_000, expires_at: 1_900_000_000_000, authenticated_at: 1 });
      await store.reauthenticateSession('s1', 1_800_000_000_500);
      expect(await store.findSession('s1')).toMatchObject({ last_seen_at: 1_800_000_000_000, authenticated_at: 1_800_000_000_500 });
      expect((await store.findSession('s2'))!.authenticated_at).toBe(1);
      await store.deleteOtherSessions('u1', 's1');
      expect(await store.findSession('s2')).toBeNull();
      expect(await store.findSession('s1')).not.toBeNull();
      expect(await store.findSession('s3')).not.toBeNull();
      await store.deleteSession('s1');
      expect(await store.findSession('s1')).toBeNull();
    });

    it('a session made by a password reset stays unproven until proveSession, and only that one changes', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'ada'));
      await store.createSession({ ...session('reset', 'u1', 10, 2_000_000_000_000), unproven: 1 });
      await store.createSession(session('plain', 'u1', 10, 2_000_000_000_000));
      expect((await store.findSession('reset'))!.unproven).toBe(1);
      expect((await store.findSession('plain'))!.unproven).toBe(0);
      await store.proveSession('reset');
      expect((await store.findSession('reset'))!.unproven).toBe(0);
      expect(await store.findByVerifiedEmail('nobody@example.com')).toEqual([]);
    });

    it('an account\'s unproven reset is kept until cleared, beside (not in) its user row', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'ada'));
      await store.createUser(user('u2', 'bea'));
      expect(await store.unprovenSince('u1')).toBeNull();
      await store.setUnprovenSince('u1', 1_700_000_000_123);
      expect(await store.unprovenSince('u1')).toBe(1_700_000_000_123);
      expect(await store.unprovenSince('u2')).toBeNull();
      expect(await store.findById('u1')).toEqual(user('u1', 'ada'));
      expect(await store.unprovenTag('u1')).toBeNull();
      await store.setUnprovenSince('u2', 1_700_000_000_456, 'tag-of-u2');
      expect(await store.unprovenTag('u2')).toBe('tag-of-u2');
      expect(await store.unprovenTag('u1')).toBeNull();
      await store.setUnprovenSince('u1', null);
      expect(await store.unprovenSince('u1')).toBeNull();
      await store.setUnprovenSince('u2', null, 'ignored');
      expect(await store.unprovenTag('u2')).toBeNull(); // cleared with the reset
    });

    it('purges sessions past expiry or idle too long, and counts them', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'ada'));
      await store.createSession(session('expired', 'u1', 900, 1000));
      await store.createSession(session('idle', 'u1', 100, 5000));
      await store.createSession(session('fresh', 'u1', 900, 5000));
      expect(await store.purgeSessions(1000, 500)).toBe(2);
      expect(await store.findSession('fresh')).not.toBeNull();
      expect(await store.findSession('expired')).toBeNull();
    });

    it('deleting a user deletes its sessions, and only its own', async () => {
      const store = await setup();
      await store.createUser(user('u1', 'ada'));
      await store.createUser(user('u2', 'bob'));
      await store.createSession(session('s1', 'u1', 10, 2_000_000_000_000));
      await store.createSession(session('s2', 'u2', 10, 2_000_000_000_000));
      await store.deleteUser('u1');
      expect(await store.findById('u1')).toBeNull();
      expect(await store.findSession('s1')).toBeNull();
      expect(await store.findSession('s2')).not.toBeNull();
    });
  });
}
