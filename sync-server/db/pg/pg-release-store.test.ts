/**
 * The release store on PostgreSQL: the contract suite, with a second pool on the same database
 * as a second server instance (issue #19 "Several instances").
 */
import { afterAll } from 'vitest';
import type pg from 'pg';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { releaseStoreContract } from '../release-store.contract';
import { createPgRecordStore } from './pg-record-store';
import { createPgReleaseStore } from './pg-release-store';
import { createPgPool } from './pool';
import { insertPgUser, usePgDatabase } from './pg-test-support';

const db = usePgDatabase();
let instanceB: pg.Pool | undefined;
afterAll(async () => instanceB?.end());

releaseStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  instanceB ??= createPgPool(db.url);
  return {
    store: createPgReleaseStore(db.pool),
    second: createPgReleaseStore(instanceB),
    records: createPgRecordStore(db.pool, ACCOUNT_LIMITS),
    addUser: (id) => insertPgUser(db.pool, id),
  };
});
