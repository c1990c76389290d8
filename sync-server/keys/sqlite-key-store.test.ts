import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountStore } from '../accounts/store/sqlite-account-store';
import { openDatabase } from '../db/sqlite';
import { keyStoreContract } from './key-store.contract';
import { createSqliteKeyStore } from './key-store';

keyStoreContract('SQLite (temp file)', async () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-keys-')), 'test.db'));
  const accounts = createAccountStore(db);
  for (const id of ['u1', 'u2']) accounts.createUser({ id, username: id, password_hash: 'old', created_at: '2026-11-26T00:00:00.000Z' });
  return {
    store: createSqliteKeyStore(db),
    passwordHash: async (id) => accounts.findById(id)!.password_hash,
    deleteUser: async (id) => accounts.deleteUser(id),
    kitGeneration: async (userId, generation, ownerCopy, retired) =>
      void db
        .prepare('INSERT INTO kit_generations (user_id, generation, k, n, check_value, owner_copy, created_at, live_at, retired_at, q_wrap) VALUES (?, ?, 1, 1, ?, ?, 1, NULL, ?, NULL)')
        .run(userId, generation, 'check', ownerCopy, retired ? 2 : null),
    ownerCopy: async (userId, generation) => db.prepare<[string, number], { owner_copy: string }>('SELECT owner_copy FROM kit_generations WHERE user_id = ? AND generation = ?').get(userId, generation)?.owner_copy,
  };
});
