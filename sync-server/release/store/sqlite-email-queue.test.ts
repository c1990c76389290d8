import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { emailQueueContract } from './email-queue.contract';
import { createReleaseStore } from './sqlite-release';
import { openDatabase } from '../../db/sqlite';

emailQueueContract('SQLite (temp file)', () => {
  const db = openDatabase(join(mkdtempSync(join(tmpdir(), 'afterword-emails-')), 'test.db'));
  return {
    queue: createReleaseStore(db),
    addUser: (id) => db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', ''),
  };
});
