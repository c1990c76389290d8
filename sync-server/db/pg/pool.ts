/**
 * PostgreSQL connections (issue #19): one `pg` Pool per process, opened from `DATABASE_URL`,
 * and the one way to run a transaction on it.
 */
import pg from 'pg';
import { TransactionAbortedError } from '../tx-errors';

/**
 * A Pool for `url` (postgres://user:pass@host:port/db). `max` connections at most (pg's default 10).
 * Idle-connection errors (the server restarted) are logged, not thrown: the next query reconnects.
 */
export function createPgPool(url: string, opts: { max?: number } = {}): pg.Pool {
  const pool = new pg.Pool({ connectionString: url, max: opts.max ?? 10 });
  pool.on('error', (err) => console.error('PostgreSQL idle connection error:', err.message));
  return pool;
}

/**
 * Runs `fn` in one transaction on one connection of `pool`: COMMIT when it resolves, ROLLBACK
 * (and the error rethrown) when it throws. Returns what `fn` returns. Throws
 * TransactionAbortedError when `fn` resolved although a statement in it failed (nothing is kept).
 */
export async function withTransaction<T>(pool: pg.Pool, fn: (client: pg.PoolClient) => Promise<T>): Promise<T> {
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
