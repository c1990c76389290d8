/**
 * The poke bus between instances on PostgreSQL (pg-poke-bus.ts): pokes reach the other instance,
 * and a burst of them costs a few statements, not one per write (issue #19, attacker review: a
 * busy account's every write was its own `pg_notify` on the shared pool).
 */
import { describe, expect, it, vi } from 'vitest';
import { createPgPokeBus } from './pg-poke-bus';
import { createPgPool } from './pool';
import { usePgDatabase } from '../../test/pg-test-support';

const pgdb = usePgDatabase();

describe('the poke bus on PostgreSQL', () => {
  it('a burst of pokes is coalesced per topic: each topic reaches the other instance, in a few statements', async () => {
    const poolA = createPgPool(pgdb.url);
    const a = createPgPokeBus(poolA, pgdb.url);
    const b = createPgPokeBus(pgdb.pool, pgdb.url);
    const heard: string[] = [];
    b.subscribe((topic) => heard.push(topic));
    const statements = vi.spyOn(poolA, 'query');
    try {
      // Both listeners are up once a poke goes through.
      await vi.waitFor(() => {
        a.publish('hello');
        expect(heard).toContain('hello');
      }, { timeout: 10_000, interval: 200 });
      statements.mockClear();
      heard.length = 0;
      for (let i = 0; i < 1000; i++) {
        a.publish('user:u1');
        a.publish('release');
      }
      const burst = () => heard.filter((t) => t !== 'hello'); // late echoes of the warm-up aside
      await vi.waitFor(() => expect(new Set(burst())).toEqual(new Set(['user:u1', 'release'])), { timeout: 5_000, interval: 50 });
      await new Promise((resolve) => setTimeout(resolve, 200));
      expect(statements.mock.calls.length).toBeLessThanOrEqual(2);
      expect(burst().length).toBeLessThanOrEqual(4);
    } finally {
      await a.close();
      await b.close();
      await poolA.end();
    }
  });
});
