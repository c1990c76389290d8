import { escrowStoreContract } from './escrow-store.contract';
import { createPgAccountStore } from '../../accounts/store/pg-account-store';
import { createPgEscrowStore } from './pg-escrow-store';
import { usePgDatabase } from '../../test/pg-test-support';

const pg = usePgDatabase();

escrowStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await pg.pool.query('TRUNCATE users, release_key_check CASCADE');
  const accounts = createPgAccountStore(pg.pool);
  for (const id of ['u1', 'u2']) await accounts.createUser({ id, username: id, password_hash: 'x', created_at: '2026-11-26T00:00:00.000Z' });
  return { store: createPgEscrowStore(pg.pool), deleteUser: (id) => accounts.deleteUser(id) };
});
