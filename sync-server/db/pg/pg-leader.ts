/**
 * One leader among server instances (issue #19: "the release scheduler is processed exactly once
 * across instances … an advisory lock for the scheduler leader"). The leader holds a session
 * advisory lock on one connection it keeps; PostgreSQL releases it when that connection ends,
 * so when the leading instance is killed another one's next `tryLead()` takes over.
 */
import type pg from 'pg';

export interface Leadership {
  /** True when this instance leads (now or already); false when another one does. Never throws on contention. */
  tryLead(): Promise<boolean>;
  /** Whether this instance believes it leads (its lock connection is alive). */
  readonly leading: boolean;
  /** Gives up the lead (and its connection). */
  resign(): Promise<void>;
}

/** How long the leader's check of its lock connection may take (ms) before the lead is given up. */
const LOCK_CHECK_TIMEOUT_MS = 5_000;

/** Leadership of the role `key` (a constant per role, e.g. the scheduler's) among instances on `pool`'s database. */
export function createPgLeadership(pool: pg.Pool, key: bigint): Leadership {
  let client: pg.PoolClient | null = null;
  const drop = (err?: Error) => {
    const c = client;
    client = null;
    c?.release(err ?? true); // never back to the pool: its session held the lock
  };
  return {
    get leading() {
      return client !== null;
    },
    async tryLead() {
      if (client) {
        // A connection can die without a word (a dropped network path, a server failover): the
        // lock is then gone, and another instance may lead. Ask it once per pass; on failure, lose
        // the lead and try for it afresh.
        const c = client;
        let timer: ReturnType<typeof setTimeout> | undefined;
        const silent = new Promise<never>((_, reject) => {
          timer = setTimeout(() => reject(new Error('the lock connection did not answer in time')), LOCK_CHECK_TIMEOUT_MS);
        });
        try {
          await Promise.race([c.query('SELECT 1'), silent]);
          return true;
        } catch (err) {
          if (client === c) drop(err as Error);
        } finally {
          clearTimeout(timer);
        }
      }
      const c = await pool.connect();
      try {
        const { rows } = await c.query<{ ok: boolean }>('SELECT pg_try_advisory_lock($1) AS ok', [key.toString()]);
        if (!rows[0]!.ok) {
          c.release();
          return false;
        }
      } catch (err) {
        c.release(err as Error);
        throw err;
      }
      client = c;
      c.on('error', (err) => drop(err)); // the connection died: so did the lock
      return true;
    },
    async resign() {
      if (!client) return;
      await client.query('SELECT pg_advisory_unlock($1)', [key.toString()]).catch(() => {});
      drop();
    },
  };
}
