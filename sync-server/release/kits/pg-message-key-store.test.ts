/** The message-key store on PostgreSQL (kits/message-key-store.contract.ts). */
import { messageKeyStoreContract } from './message-key-store.contract';
import { createPgMessageKeyStore } from './pg-message-key-store';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();

messageKeyStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  for (const id of ['u1', 'u2']) await insertPgUser(db.pool, id);
  return {
    store: createPgMessageKeyStore(db.pool),
    deleteUser: async (id) => void (await db.pool.query('DELETE FROM users WHERE id = $1', [id])),
    insertRaw: async (r) =>
      void (await db.pool.query('INSERT INTO message_keys (user_id, message_id, generation, mode, kid, gate_wrap, wrap, handovers, link_wrap, updated_at) VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)', [
        r.user_id,
        r.message_id,
        r.generation,
        r.mode,
        r.kid,
        r.gate_wrap,
        r.wrap,
        r.handovers,
        r.link_wrap,
        r.updated_at,
      ])),
  };
});
