import { keyStoreContract } from '../../keys/key-store.contract';
import { createPgAccountStore } from './pg-account-store';
import { createPgKeyStore } from './pg-key-store';
import { usePgDatabase } from './pg-test-support';

const pg = usePgDatabase();

keyStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await pg.pool.query('TRUNCATE users CASCADE');
  const accounts = createPgAccountStore(pg.pool);
  for (const id of ['u1', 'u2']) await accounts.createUser({ id, username: id, password_hash: 'old', created_at: '2026-11-26T00:00:00.000Z' });
  return {
    store: createPgKeyStore(pg.pool),
    passwordHash: async (id) => (await accounts.findById(id))!.password_hash,
    deleteUser: (id) => accounts.deleteUser(id),
  };
});
