/** The seal routes over the real app on PostgreSQL (seal-routes.contract.ts; pg-seal-store.ts). */
import { afterAll } from 'vitest';
import type pg from 'pg';
import { sealRoutesContract } from '../../keys/seal-routes.contract';
import { createPgTestApp, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const p of pools) await p.end();
});

sealRoutesContract('PostgreSQL', async () => {
  const t = await createPgTestApp(db.url);
  pools.push(t.pool);
  return t;
});
