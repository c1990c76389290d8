/** The share store on SQLite (share-store.contract.ts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/sqlite';
import { shareStoreContract } from './share-store.contract';
import { createSqliteShareStore } from './share-store';

shareStoreContract('SQLite (temp file)', async () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-shares-')), 'test.db'));
  for (const id of ['u1', 'u2']) db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', '');
  const store = createSqliteShareStore(db);
  return {
    store,
    deleteUser: async (id) => void db.prepare('DELETE FROM users WHERE id = ?').run(id),
    insertRaw: async (r) => {
      db.prepare('DELETE FROM shares WHERE id = ?').run(r.id);
      db.prepare(
        'INSERT INTO shares (id, user_id, item_kind, item_id, phase, revision, owner_kid, owner_wrap, label, copy, created_at, updated_at, opened_at, stopped_at) VALUES (@id, @user_id, @item_kind, @item_id, @phase, @revision, @owner_kid, @owner_wrap, @label, @copy, @created_at, @updated_at, @opened_at, @stopped_at)',
      ).run(r);
    },
  };
});
