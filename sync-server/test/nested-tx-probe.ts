/**
 * Test probe (pg-nested-production.test.ts): under the NODE_ENV of its process, opens a store
 * transaction on PostgreSQL (argv[2], a connection string) and, inside its body, a second one on
 * the same store. Prints the name of the error the inner one threw, or 'none'.
 */
import { createPgPool } from '../db/pg/pool';
import { pgTransactional } from '../db/pg/pg-tx';

const pool = createPgPool(process.argv[2]!, { max: 2 });
const store = pgTransactional(pool, (q) => ({ now: async () => (await q.query('SELECT 1 AS one')).rows[0] as unknown }), {
  accountOf: {},
  lockAccount: async () => undefined,
});
let outcome = 'none';
try {
  await store.transaction(async () => {
    await store.transaction(async (inner) => inner.now());
  });
} catch (err) {
  outcome = err instanceof Error ? err.name : String(err);
}
console.log(outcome);
await pool.end();
