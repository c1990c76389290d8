import { accountFrameContract } from '../../http/account-frame.contract';
import { createPgTestApp, usePgDatabase } from '../../test/pg-test-support';

// The budgets' windows are PostgreSQL rows here, shared by every instance (pg-rate-limiter.ts).
const pgdb = usePgDatabase();
accountFrameContract('PostgreSQL', async (env) => {
  const t = await createPgTestApp(pgdb.url, { env });
  return { ...t, close: () => t.pool.end() };
});
