/**
 * One scheduler leader among instances (issue #19): exactly one of several instances leads, and
 * when the leader is killed (its connection ends) another takes over.
 */
import { describe, expect, it } from 'vitest';
import { createPgLeadership } from './pg-leader';
import { createPgPool } from './pool';
import { usePgDatabase } from '../../test/pg-test-support';

const pg = usePgDatabase();
const SCHEDULER = 0x5343484544n;

describe('leader election on PostgreSQL (issue #19)', () => {
  it('of three instances trying at once exactly one leads; resigning hands the lead on', async () => {
    const pools = [createPgPool(pg.url), createPgPool(pg.url), createPgPool(pg.url)];
    const instances = pools.map((p) => createPgLeadership(p, SCHEDULER));
    try {
      const won = await Promise.all(instances.map((i) => i.tryLead()));
      expect(won.filter(Boolean)).toHaveLength(1);
      const leader = instances[won.indexOf(true)]!;
      expect(await leader.tryLead()).toBe(true); // asking again keeps it
      const others = instances.filter((i) => i !== leader);
      expect(await Promise.all(others.map((i) => i.tryLead()))).toEqual([false, false]);
      await leader.resign();
      expect(leader.leading).toBe(false);
      expect((await Promise.all(others.map((i) => i.tryLead()))).filter(Boolean)).toHaveLength(1);
    } finally {
      await Promise.all(instances.map((i) => i.resign()));
      await Promise.all(pools.map((p) => p.end()));
    }
  });

  it('a killed leader (its connection terminated) is replaced by the next instance that tries', async () => {
    const a = createPgPool(pg.url);
    const b = createPgPool(pg.url);
    const leaderA = createPgLeadership(a, SCHEDULER + 1n);
    const leaderB = createPgLeadership(b, SCHEDULER + 1n);
    try {
      expect(await leaderA.tryLead()).toBe(true);
      expect(await leaderB.tryLead()).toBe(false);
      // The instance dies: the server ends its sessions (as when the process is killed).
      const { rows } = await pg.pool.query(
        // pg_locks lists the whole cluster (shared by the run's files, pg-global-setup.ts): this database's only.
        `SELECT pg_terminate_backend(pid) FROM pg_locks WHERE locktype = 'advisory' AND objid = $1 AND granted AND database = (SELECT oid FROM pg_database WHERE datname = current_database())`,
        [Number((SCHEDULER + 1n) & 0xffffffffn)],
      );
      expect(rows).toHaveLength(1);
      // pg_terminate_backend only signals: the lock goes when that backend has exited, a moment later
      // (a CI run once tried 50 times within 28 ms, all before it had).
      let took = false;
      for (let i = 0; i < 250 && !took; i++) if (!(took = await leaderB.tryLead())) await new Promise((r) => setTimeout(r, 20));
      expect(took).toBe(true);
      // A learns it no longer leads once its dead connection reports (it cannot lead again while B does).
      for (let i = 0; i < 50 && leaderA.leading; i++) await new Promise((r) => setTimeout(r, 20));
      expect(leaderA.leading).toBe(false);
      expect(await leaderA.tryLead()).toBe(false);
    } finally {
      await Promise.all([leaderA.resign(), leaderB.resign()]);
      await Promise.all([a.end(), b.end()]);
    }
  });
});
