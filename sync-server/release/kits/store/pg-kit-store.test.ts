/** The trustee kit store on PostgreSQL, as part of the release store (kit-store.contract.ts). */
import { kitStoreContract } from './kit-store.contract';
import { createPgReleaseStore } from '../../store/pg-release-store';
import { insertPgUser, usePgDatabase } from '../../../test/pg-test-support';

const db = usePgDatabase();

kitStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  for (const id of ['u1', 'u2']) await insertPgUser(db.pool, id);
  return {
    store: createPgReleaseStore(db.pool),
    putEscrow: async (id) =>
      void (await db.pool.query(
        `INSERT INTO release_escrow (user_id, keys, key_count, updated_at) VALUES ($1, '{"v":1,"keys":{}}', 0, 1) ON CONFLICT (user_id) DO NOTHING`,
        [id],
      )),
    hasEscrow: async (id) => ((await db.pool.query('SELECT 1 FROM release_escrow WHERE user_id = $1', [id])).rowCount ?? 0) > 0,
    deleteUser: async (id) => void (await db.pool.query('DELETE FROM users WHERE id = $1', [id])),
  };
});
