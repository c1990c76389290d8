import { describe, expect, it } from 'vitest';
import { chargesStored } from '../../http/account-frame';
import { createPgTestApp, usePgDatabase } from '../../test/pg-test-support';
import { recordPoolQueries } from '../../test/statement-count';
import { signUp } from '../../test/test-support';

// Issue 41: what a signed-in list read costs on PostgreSQL, counted in statements (each a round
// trip) rather than timed. The budgets stay exactly as strict (pg-account-frame.test.ts).
describe('a signed-in read on PostgreSQL, counted in statements', () => {
  const pgdb = usePgDatabase();

  it('charges the request budget and checks the read budget in ONE statement before answering', async () => {
    const t = await createPgTestApp(pgdb.url);
    try {
      const { cookie, user } = await signUp(t);
      expect((await t.call('GET', '/api/trustees', undefined, cookie)).status).toBe(200);
      await chargesStored(t.services.records.throttle, user.id);
      const ran: string[] = [];
      recordPoolQueries(t.pool, ran);
      const res = await t.call('GET', '/api/trustees', undefined, cookie);
      expect(res.status).toBe(200);
      const beforeAnswer = ran.filter((sql) => /rate_limit_windows/.test(sql));
      expect(beforeAnswer).toHaveLength(1); // was 2: the request-limit upsert and the read-limit SELECT
    } finally {
      await t.pool.end();
    }
  });
});
