import { describe, expect, it } from 'vitest';
import { rateLimiterContract } from '../../http/rate-limit.contract';
import { createPgRateLimiter } from './pg-rate-limiter';
import { createPgPool } from './pool';
import { usePgDatabase } from '../../test/pg-test-support';
import { recordPoolQueries } from '../../test/statement-count';

const pg = usePgDatabase();
let limiters = 0;

rateLimiterContract('PostgreSQL (shared by instances)', (opts) => createPgRateLimiter(pg.pool, { name: `contract-${++limiters}`, ...opts }));

describe('rate limits on PostgreSQL are shared by every instance (issue #19)', () => {
  it('two instances hitting one key at once allow exactly `limit` hits in all', async () => {
    const instanceB = createPgPool(pg.url);
    try {
      const now = () => 1_000_000;
      const a = createPgRateLimiter(pg.pool, { name: 'shared', limit: 25, windowMs: 60_000, now });
      const b = createPgRateLimiter(instanceB, { name: 'shared', limit: 25, windowMs: 60_000, now });
      const results = await Promise.allSettled(Array.from({ length: 60 }, (_, i) => (i % 2 ? a : b).hit('203.0.113.9')));
      expect(results.filter((r) => r.status === 'fulfilled')).toHaveLength(25);
      expect(results.filter((r) => r.status === 'rejected').map((r) => (r as PromiseRejectedResult).reason.status)).toEqual(Array(35).fill(429));
    } finally {
      await instanceB.end();
    }
  });

  it('purge() deletes ended windows of its own limiter only', async () => {
    let t = 2_000_000;
    const mine = createPgRateLimiter(pg.pool, { name: 'purge-mine', limit: 5, windowMs: 1000, now: () => t });
    const other = createPgRateLimiter(pg.pool, { name: 'purge-other', limit: 5, windowMs: 1000, now: () => t });
    await mine.hit('old');
    await other.hit('old');
    t += 1000;
    await mine.hit('new');
    expect(await mine.purge()).toBe(1);
    expect((await pg.pool.query("SELECT limiter, key FROM rate_limit_windows WHERE limiter LIKE 'purge-%' ORDER BY limiter, key")).rows).toEqual([
      { limiter: 'purge-mine', key: 'new' },
      { limiter: 'purge-other', key: 'old' },
    ]);
  });
});

describe('charges on PostgreSQL are stored in batches (issue 41: one statement, not one an answer)', () => {
  it('charges made while none is being stored go out as one statement, each key counted in full', async () => {
    const ran: string[] = [];
    const pool = createPgPool(pg.url);
    try {
      recordPoolQueries(pool, ran);
      const now = () => 3_000_000;
      const bytes = createPgRateLimiter(pool, { name: 'batched', limit: 100, windowMs: 60_000, now });
      await Promise.all([bytes.charge('a', 40), bytes.charge('b', 99), bytes.charge('a', 60)]);
      expect(ran).toHaveLength(1); // was 3
      await expect(bytes.check('a')).rejects.toMatchObject({ status: 429 }); // 100 of 100
      await expect(bytes.check('b')).resolves.toBeUndefined(); // 99 of 100
      await bytes.charge('b', 1);
      await expect(bytes.check('b')).rejects.toMatchObject({ status: 429 });
    } finally {
      await pool.end();
    }
  });
});
