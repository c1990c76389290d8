import { keyStoreContract } from './key-store.contract';
import { createPgAccountStore } from '../accounts/store/pg-account-store';
import { createPgKeyStore } from './pg-key-store';
import { usePgDatabase } from '../test/pg-test-support';

const pg = usePgDatabase();

keyStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await pg.pool.query('TRUNCATE users CASCADE');
  const accounts = createPgAccountStore(pg.pool);
  for (const id of ['u1', 'u2']) await accounts.createUser({ id, username: id, password_hash: 'old', created_at: '2026-11-26T00:00:00.000Z' });
  return {
    store: createPgKeyStore(pg.pool),
    passwordHash: async (id) => (await accounts.findById(id))!.password_hash,
    deleteUser: (id) => accounts.deleteUser(id),
    kitGeneration: async (userId, generation, ownerCopy, retired) =>
      void (await pg.pool.query(
        'INSERT INTO kit_generations (user_id, generation, k, n, check_value, owner_copy, created_at, live_at, retired_at, q_wrap) VALUES ($1, $2, 1, 1, $3, $4, 1, NULL, $5, NULL)',
        [userId, generation, 'check', ownerCopy, retired ? 2 : null],
      )),
    ownerCopy: async (userId, generation) => (await pg.pool.query<{ owner_copy: string }>('SELECT owner_copy FROM kit_generations WHERE user_id = $1 AND generation = $2', [userId, generation])).rows[0]?.owner_copy,
  };
});
