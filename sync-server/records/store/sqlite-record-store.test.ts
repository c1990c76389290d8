import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { recordStoreContract } from './record-store.contract';
import { openDatabase } from '../../db/sqlite';
import { createSqliteRecordStore } from './sqlite-record-store';

recordStoreContract('SQLite (temp file)', () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-store-')), 'test.db'));
  return {
    store: createSqliteRecordStore(db, ACCOUNT_LIMITS),
    addUser: (id) =>
      db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', ''),
  };
});
