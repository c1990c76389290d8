import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createAccountStore } from '../accounts/store/sqlite-account-store';
import { pushStoreContract } from './push-store.contract';
import { createSqlitePushStore } from './push-store';
import { openDatabase } from '../db/sqlite';

pushStoreContract('SQLite (temp file)', async () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-push-')), 'test.db'));
  const accounts = createAccountStore(db);
  for (const id of ['u1', 'u2']) accounts.createUser({ id, username: id, password_hash: 'x', created_at: '2026-11-26T00:00:00.000Z' });
  return { store: createSqlitePushStore(db), deleteUser: async (id) => accounts.deleteUser(id) };
});
