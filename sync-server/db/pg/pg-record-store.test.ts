import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { recordStoreContract } from '../record-store.contract';
import { createPgRecordStore } from './pg-record-store';
import { insertPgUser, usePgDatabase } from './pg-test-support';

const pg = usePgDatabase();

recordStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await pg.pool.query('TRUNCATE users CASCADE');
  return { store: createPgRecordStore(pg.pool, ACCOUNT_LIMITS), addUser: (id) => insertPgUser(pg.pool, id) };
});
