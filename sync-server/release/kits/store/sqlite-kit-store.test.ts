/** The trustee kit store on SQLite, through the release store's asynchronous adapter (kit-store.contract.ts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { kitStoreContract } from './kit-store.contract';
import { createReleaseStore } from '../../store/sqlite-release';
import { createSqliteAsyncReleaseStore } from '../../store/release-store';
import { openDatabase } from '../../../db/sqlite';

kitStoreContract('SQLite (temp file, asynchronous adapter)', async () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-kits-')), 'test.db'));
  for (const id of ['u1', 'u2']) db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', '');
  return {
    store: createSqliteAsyncReleaseStore(db, createReleaseStore(db)),
    putEscrow: async (id) => void db.prepare('INSERT OR REPLACE INTO release_escrow (user_id, keys, key_count, updated_at) VALUES (?, ?, 0, 1)').run(id, '{"v":1,"keys":{}}'),
    hasEscrow: async (id) => !!db.prepare('SELECT 1 FROM release_escrow WHERE user_id = ?').get(id),
    deleteUser: async (id) => void db.prepare('DELETE FROM users WHERE id = ?').run(id),
  };
});
