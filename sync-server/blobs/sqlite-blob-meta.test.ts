/** SQLite's blob metadata through its asynchronous adapter: the contract suite (blob-meta.contract.ts). */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { openDatabase } from '../db/sqlite';
import { createSqliteRecordStore } from '../records/store/sqlite-record-store';
import { blobMetaContract } from './blob-meta.contract';
import { createSqliteAsyncBlobMeta } from './blob-meta-store';

blobMetaContract('SQLite (temp file, asynchronous adapter)', async () => {
  const path = join(mkdtempSync(join(tmpdir(), 'afterword-blobmeta-')), 'test.db');
  const db = openDatabase(path);
  return {
    meta: createSqliteAsyncBlobMeta(db),
    second: createSqliteAsyncBlobMeta(openDatabase(path)), // another connection to the same file
    records: createSqliteRecordStore(db, ACCOUNT_LIMITS),
    addUser: (id) => db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)').run(id, id, 'x', ''),
  };
});
