/** The share store on PostgreSQL (share-store.contract.ts). */
import { shareStoreContract } from './share-store.contract';
import { createPgShareStore } from './pg-share-store';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();

shareStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  for (const id of ['u1', 'u2']) await insertPgUser(db.pool, id);
  return {
    store: createPgShareStore(db.pool),
    deleteUser: async (id) => void (await db.pool.query('DELETE FROM users WHERE id = $1', [id])),
    insertRaw: async (r) =>
      void (await db.pool.query(
        'INSERT INTO shares (id, user_id, item_kind, item_id, phase, revision, owner_kid, owner_wrap, label, copy, created_at, updated_at, opened_at, stopped_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11, $12, $13, $14)',
        [r.id, r.user_id, r.item_kind, r.item_id, r.phase, r.revision, r.owner_kid, r.owner_wrap, r.label, r.copy, r.created_at, r.updated_at, r.opened_at, r.stopped_at],
      )),
  };
});
