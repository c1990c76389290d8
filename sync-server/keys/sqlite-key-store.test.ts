import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountStore } from '../db/accounts';
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
  };
});
