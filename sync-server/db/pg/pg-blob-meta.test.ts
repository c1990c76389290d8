/** Blob metadata on PostgreSQL: the contract suite, a second pool as a second server instance. */
import { afterAll } from 'vitest';
import type pg from 'pg';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { blobMetaContract } from '../../blobs/blob-meta.contract';
import { createPgBlobMeta } from './pg-blob-meta';
import { createPgRecordStore } from './pg-record-store';
import { createPgPool } from './pool';
import { insertPgUser, usePgDatabase } from './pg-test-support';

const db = usePgDatabase();
let instanceB: pg.Pool | undefined;
afterAll(async () => instanceB?.end());

blobMetaContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  instanceB ??= createPgPool(db.url);
  return {
    meta: createPgBlobMeta(db.pool),
    second: createPgBlobMeta(instanceB),
    records: createPgRecordStore(db.pool, ACCOUNT_LIMITS),
    addUser: (id) => insertPgUser(db.pool, id),
  };
});
