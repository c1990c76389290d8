/**
 * Rate limits shared by every server instance (issue #19 "rate limits are shared"): the fixed
 * windows of http/rate-limit.ts kept in PostgreSQL (`rate_limit_windows`), one row per limiter
 * and key, counted with one atomic upsert, so N instances enforce one limit, not N of them.
 */
import type pg from 'pg';
import { tooManyRequests, type AnyRateLimiter, type JointRateLimiter, type RateLimiter } from '../../http/rate-limit';

/** RateLimiter with every method returning a Promise (a 429 ApiHttpError is a rejection). */
export type AsyncRateLimiter = {
  [K in keyof RateLimiter]: (...args: Parameters<RateLimiter[K]>) => Promise<void>;
} & JointRateLimiter & {
  /** Deletes this limiter's windows that have ended (housekeeping); returns how many. */
  purge(): Promise<number>;
};

type Spec = { pool: pg.Pool; name: string; limit: number; windowMs: number; message?: string };
/** The options each limiter made here was made with, so hitAndCheck can read another's row in its statement. */
const specs = new WeakMap<AnyRateLimiter, Spec>();

/** The upsert that adds $4 to limiter $1's window of key $2 at time $3 (a new window when the last ended $5 ms after it began). */
const UPSERT = `INSERT INTO rate_limit_windows AS w (limiter, key, window_start, count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (limiter, key) DO UPDATE SET
         count = CASE WHEN $3 - w.window_start >= $5 THEN $4 ELSE w.count + $4 END,
         window_start = CASE WHEN $3 - w.window_start >= $5 THEN $3 ELSE w.window_start END
       RETURNING window_start, count`;

/**
 * `limit` hits per `windowMs` per key for the limiter named `name` (unique per use: 'login-ip',
 * 'writes'…), measured with `now()` (ms). The 429's message is `message`.
 */
export function createPgRateLimiter(
  pool: pg.Pool,
  opts: { name: string; limit: number; windowMs: number; now: () => number; message?: string },
): AsyncRateLimiter {
  /** Adds `cost` to the key's window (a new window when the last one ended); returns the window. */
  const count = async (key: string, cost: number) => {
    const t = opts.now();
    const { rows } = await pool.query<{ window_start: string; count: number }>(UPSERT, [opts.name, key, t, cost, opts.windowMs]);
    return { t, start: Number(rows[0]!.window_start), count: rows[0]!.count };
  };
  // Charges (work already done: an answer's bytes) are stored in batches (issue 41): the charges
  // made while none is being stored go out as one statement, each key's costs summed, and every
  // charge's promise resolves once its batch is stored. Nothing waits longer than the statement
  // already running, and an account's next request waits for its charges (http/account-frame.ts).
  type Batch = { sums: Map<string, number>; stored: Promise<void> };
  let batch: Batch | null = null;
  let storing: Promise<unknown> = Promise.resolve();
  const storeBatch = async (sums: Map<string, number>) => {
    await pool.query(
      `INSERT INTO rate_limit_windows AS w (limiter, key, window_start, count)
       SELECT $1, k, $3::bigint, c FROM unnest($2::text[], $4::int[]) AS u(k, c)
       ON CONFLICT (limiter, key) DO UPDATE SET
         count = CASE WHEN $3::bigint - w.window_start >= $5 THEN EXCLUDED.count ELSE w.count + EXCLUDED.count END,
         window_start = CASE WHEN $3::bigint - w.window_start >= $5 THEN $3::bigint ELSE w.window_start END`,
      [opts.name, [...sums.keys()], opts.now(), [...sums.values()], opts.windowMs],
    );
  };
  /** Refuses when the window `w` (of the limiter `s`) read at `t` has no hits left (check's rule). */
  const refuseWhenSpent = (s: Pick<Spec, 'limit' | 'windowMs' | 'message'>, w: { window_start: string; count: number } | undefined | null, t: number) => {
    if (w && w.window_start !== null && t - Number(w.window_start) < s.windowMs && w.count >= s.limit) {
      throw tooManyRequests(Number(w.window_start) + s.windowMs - t, s.message);
    }
  };
  const limiter: AsyncRateLimiter = {
    async hit(key, cost = 1) {
      const w = await count(key, cost);
      if (w.count > opts.limit) throw tooManyRequests(w.start + opts.windowMs - w.t, opts.message);
    },
    async check(key) {
      const t = opts.now();
      const { rows } = await pool.query<{ window_start: string; count: number }>(
        'SELECT window_start, count FROM rate_limit_windows WHERE limiter = $1 AND key = $2',
        [opts.name, key],
      );
      refuseWhenSpent(opts, rows[0], t);
    },
    async hitAndCheck(key, cost, other) {
      const o = specs.get(other);
      if (!o || o.pool !== pool) {
        await Promise.all([limiter.hit(key, cost), other.check(key)]);
        return;
      }
      // One statement: the upsert of `hit`, and the other limiter's row as `check` reads it (a
      // different row, read from the statement's snapshot, so the upsert cannot change it).
      const t = opts.now();
      const { rows } = await pool.query<{ window_start: string; count: number; other_start: string | null; other_count: number | null }>(
        `WITH hit AS (${UPSERT})
         SELECT hit.window_start, hit.count, o.window_start AS other_start, o.count AS other_count
         FROM hit LEFT JOIN rate_limit_windows o ON o.limiter = $6 AND o.key = $2`,
        [opts.name, key, t, cost, opts.windowMs, o.name],
      );
      const r = rows[0]!;
      if (r.count > opts.limit) throw tooManyRequests(Number(r.window_start) + opts.windowMs - t, opts.message);
      refuseWhenSpent(o, r.other_start === null ? null : { window_start: r.other_start, count: r.other_count! }, t);
    },
    charge(key, cost) {
      if (!batch) {
        const b: Batch = { sums: new Map(), stored: Promise.resolve() };
        b.stored = storing.then(() => {
          if (batch === b) batch = null; // charges from now on go in the next batch
          return storeBatch(b.sums);
        });
        storing = b.stored.catch(() => undefined);
        batch = b;
      }
      batch.sums.set(key, (batch.sums.get(key) ?? 0) + cost);
      return batch.stored;
    },
    async reset(key) {
      await pool.query('DELETE FROM rate_limit_windows WHERE limiter = $1 AND key = $2', [opts.name, key]);
    },
    async purge() {
      const res = await pool.query('DELETE FROM rate_limit_windows WHERE limiter = $1 AND window_start <= $2', [opts.name, opts.now() - opts.windowMs]);
      return res.rowCount ?? 0;
    },
  };
  specs.set(limiter, { pool, name: opts.name, limit: opts.limit, windowMs: opts.windowMs, message: opts.message });
  return limiter;
}
