import { accountStoreContract } from './account-store.contract';
import { createPgAccountStore } from './pg-account-store';
import { usePgDatabase } from '../../test/pg-test-support';

const pg = usePgDatabase();

accountStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await pg.pool.query('TRUNCATE users CASCADE');
  return createPgAccountStore(pg.pool);
});
