import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { accountStoreContract } from './account-store.contract';
import { createAccountStore } from './sqlite-account-store';
import { openDatabase } from '../../db/sqlite';

accountStoreContract('SQLite (temp file)', () => createAccountStore(openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-accounts-')), 'test.db'))));

describe('a session\'s last use (issue 41)', () => {
  it('is stored, and every other write still waits for the disk (synchronous stays FULL)', () => {
    const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-accounts-')), 'test.db'));
    const store = createAccountStore(db);
    const FULL = 2;
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    store.createUser({ id: 'u1', username: 'u1', password_hash: 'h', created_at: '2026-11-29' });
    store.createSession({ id: 's1', user_id: 'u1', created_at: 1, last_seen_at: 1, expires_at: 10, authenticated_at: 1, unproven: 0 });
    store.touchSession('s1', 5, 20);
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
    expect(db.prepare('SELECT last_seen_at, expires_at FROM sessions WHERE id = ?').get('s1')).toEqual({ last_seen_at: 5, expires_at: 20 });
    // Inside a transaction a touch is that transaction's: rolled back with it.
    const touchThenFail = db.transaction(() => {
      store.touchSession('s1', 7, 30);
      throw new Error('undo');
    });
    expect(() => touchThenFail()).toThrow('undo');
    expect(db.prepare('SELECT last_seen_at FROM sessions WHERE id = ?').get('s1')).toEqual({ last_seen_at: 5 });
    expect(db.pragma('synchronous', { simple: true })).toBe(FULL);
  });
});
