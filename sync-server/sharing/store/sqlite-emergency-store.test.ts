/** The emergency store on SQLite (emergency-store.contract.ts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { openDatabase } from '../../db/sqlite';
import { emergencyStoreContract } from './emergency-store.contract';
import { createSqliteEmergencyStore } from './emergency-store';

emergencyStoreContract('SQLite (temp file)', async (marksKept) => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-emergency-')), 'test.db'));
  for (const id of ['u1', 'u2']) db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', '');
  return { store: createSqliteEmergencyStore(db, marksKept === undefined ? undefined : { marksKept }), deleteUser: async (id) => void db.prepare('DELETE FROM users WHERE id = ?').run(id) };
});
