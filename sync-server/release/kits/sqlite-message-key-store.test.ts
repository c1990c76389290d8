/** The message-key store on SQLite (message-key-store.contract.ts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/sqlite';
import { messageKeyStoreContract } from './message-key-store.contract';
import { createSqliteMessageKeyStore } from './message-key-store';

messageKeyStoreContract('SQLite (temp file)', async () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-message-keys-')), 'test.db'));
  for (const id of ['u1', 'u2']) db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', '');
  return {
    store: createSqliteMessageKeyStore(db),
    deleteUser: async (id) => void db.prepare('DELETE FROM users WHERE id = ?').run(id),
    insertRaw: async (r) =>
      void db
        .prepare('INSERT INTO message_keys (user_id, message_id, generation, mode, kid, gate_wrap, wrap, handovers, link_wrap, updated_at) VALUES (?, ?, ?, ?, ?, ?, ?, ?, ?, ?)')
        .run(r.user_id, r.message_id, r.generation, r.mode, r.kid, r.gate_wrap, r.wrap, r.handovers, r.link_wrap, r.updated_at),
  };
});
