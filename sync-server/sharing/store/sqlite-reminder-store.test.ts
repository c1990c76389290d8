/** The sharing reminder store on SQLite (reminder-store.contract.ts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/sqlite';
import { reminderStoreContract } from './reminder-store.contract';
import { createSqliteReminderStore } from './reminder-store';

reminderStoreContract('SQLite (temp file)', async () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-reminders-')), 'test.db'));
  for (const id of ['u1', 'u2', 'u3']) db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', '');
  return { store: createSqliteReminderStore(db), deleteUser: async (id) => void db.prepare('DELETE FROM users WHERE id = ?').run(id) };
});
