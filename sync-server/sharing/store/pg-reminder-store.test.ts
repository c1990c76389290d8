/** The sharing reminder store on PostgreSQL (reminder-store.contract.ts). */
import { reminderStoreContract } from './reminder-store.contract';
import { createPgReminderStore } from './pg-reminder-store';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();

reminderStoreContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await db.pool.query('TRUNCATE users CASCADE');
  for (const id of ['u1', 'u2', 'u3']) await insertPgUser(db.pool, id);
  return { store: createPgReminderStore(db.pool), deleteUser: async (id) => void (await db.pool.query('DELETE FROM users WHERE id = $1', [id])) };
});
