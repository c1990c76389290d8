/** The emergency store on PostgreSQL (emergency-store.contract.ts). */
import { emergencyStoreContract } from './emergency-store.contract';
import { createPgEmergencyStore } from './pg-emergency-store';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();

emergencyStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async (marksKept) => {
  await db.pool.query('TRUNCATE users CASCADE');
  for (const id of ['u1', 'u2']) await insertPgUser(db.pool, id);
  return { store: createPgEmergencyStore(db.pool, marksKept === undefined ? undefined : { marksKept }), deleteUser: async (id) => void (await db.pool.query('DELETE FROM users WHERE id = $1', [id])) };
});
