/** DELETE /api/release/escrow over the real app on PostgreSQL (release/escrow/escrow-routes.contract.ts; pg-escrow-store.ts). */
import { afterAll } from 'vitest';
import type pg from 'pg';
import { escrowRoutesContract } from './escrow-routes.contract';
import { createPgTestApp, usePgDatabase } from '../../test/pg-test-support';

const db = usePgDatabase();
const pools: pg.Pool[] = [];
afterAll(async () => {
  for (const p of pools) await p.end();
});

escrowRoutesContract('PostgreSQL', async () => {
  const t = await createPgTestApp(db.url);
  pools.push(t.pool);
  return t;
});
