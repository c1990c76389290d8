/**
 * PostgreSQL connections (issue #19): one `pg` Pool per process, opened from `DATABASE_URL`,
 * and the one way to run a transaction on it.
 */
import pg from 'pg';
import { outsideTransaction, TransactionAbortedError } from '../tx-errors';

/** How long a caller waits for a free connection before failing (ms): a full pool is an error, never a hang. */
export const CONNECT_TIMEOUT_MS = 15_000;
/** How long a single statement waits for a row lock before failing (ms): below CONNECT_TIMEOUT_MS, so statements waiting on a transaction's locks never fill their set for longer. */
export const STATEMENT_LOCK_TIMEOUT_MS = 5_000;

/**
 * A Pool for `url` (postgres://user:pass@host:port/db): two sets of connections behind one object.
 * `pool.connect()` (transactions, withTransaction; dedicated connections such as the scheduler
 * leader's and the poke listener's) takes from up to `max` connections (pg's default 10);
 * `pool.query()` (one autocommit statement) runs on up to `max` connections of its own.
 *
 * The split is what keeps an instance alive: a transaction body may read through `pool.query`
 * (the release service reads the owner's records while it holds its account's transaction), and
 * a statement never waits for anything once it has its connection (plain reads take no row locks;
 * statements outside transactions hold their connection only while they run; a single statement
 * that writes may wait for a row lock, at most STATEMENT_LOCK_TIMEOUT_MS). So a transaction
 * waiting for a statement connection waits for work that always finishes; on one set, `max`
 * transactions each waiting for one more connection would wait for each other forever.
 * Opening a transaction inside a transaction body is refused (withTransaction), for the same reason.
 * Waiting for a connection longer than CONNECT_TIMEOUT_MS (or `connectTimeoutMs`) throws
 * (tx-errors.ts isDatabaseBusy). Idle-connection errors (the server restarted) are logged, not
 * thrown: the next query reconnects. `end()` ends both sets.
 */
export function createPgPool(url: string, opts: { max?: number; connectTimeoutMs?: number; lockTimeoutMs?: number } = {}): pg.Pool {
  const base = { connectionString: url, connectionTimeoutMillis: opts.connectTimeoutMs ?? CONNECT_TIMEOUT_MS, keepAlive: true };
  const pool = new pg.Pool({ ...base, max: opts.max ?? 10 });
  const lockTimeout = opts.lockTimeoutMs ?? STATEMENT_LOCK_TIMEOUT_MS;
  const statements = new pg.Pool({ ...base, max: opts.max ?? 10, options: `-c lock_timeout=${lockTimeout}` });
  for (const p of [pool, statements]) p.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
  const endTransactions = pool.end.bind(pool) as () => Promise<void>;
  Object.assign(pool, {
    query: statements.query.bind(statements),
    end: async () => void (await Promise.all([endTransactions(), statements.end()])),
  });
  return pool;
}

/**
 * Runs `fn` in one transaction on one connection of `pool`: COMMIT when it resolves, ROLLBACK
 * (and the error rethrown) when it throws. Returns what `fn` returns. Throws
 * TransactionAbortedError when `fn` resolved although a statement in it failed (nothing is kept),
 * EffectInTransactionError when called from a transaction body (see createPgPool).
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
  outsideTransaction('opening another transaction (it would wait for a second connection while holding one)');
  const client = await pool.connect();
  let broken: Error | undefined;
  try {
    await client.query('BEGIN');
    const out = await fn(client);
    // PostgreSQL answers COMMIT of a transaction in which a statement failed (and `fn` caught the
    // error) with a silent ROLLBACK: that is a failure of the transaction, never a success.
    const commit = await client.query('COMMIT');
    if (commit.command === 'ROLLBACK') throw new TransactionAbortedError();
    return out;
  } catch (err) {
    // A connection that cannot even roll back is discarded, not returned to the pool.
    await client.query('ROLLBACK').catch((e: Error) => (broken = e));
    throw err;
  } finally {
    client.release(broken);
  }
}
