import { createPgTestApp, usePgDatabase } from '../test/pg-test-support';
import { tokenBudgetContract } from './token-budget.contract';

const pgDb = usePgDatabase();

tokenBudgetContract('PostgreSQL', async (env) => {
  const t = await createPgTestApp(pgDb.url, { env });
  return {
    ...t,
    close: async () => {
      await t.services.resign?.(); // the scheduler's leader lock holds a connection of the pool
      await t.pool.end();
    },
  };
});
