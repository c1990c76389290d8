/**
 * Rate limits shared by every server instance (issue #19 "rate limits are shared"): the fixed
 * windows of http/rate-limit.ts kept in PostgreSQL (`rate_limit_windows`), one row per limiter
 * and key, counted with one atomic upsert, so N instances enforce one limit, not N of them.
 */
import type pg from 'pg';
import { tooManyRequests, type RateLimiter } from '../../http/rate-limit';

/** RateLimiter with every method returning a Promise (a 429 ApiHttpError is a rejection). */
export type AsyncRateLimiter = {
  [K in keyof RateLimiter]: (...args: Parameters<RateLimiter[K]>) => Promise<void>;
} & {
  /** Deletes this limiter's windows that have ended (housekeeping); returns how many. */
  purge(): Promise<number>;
};

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
    const { rows } = await pool.query<{ window_start: string; count: number }>(
      `INSERT INTO rate_limit_windows AS w (limiter, key, window_start, count) VALUES ($1, $2, $3, $4)
       ON CONFLICT (limiter, key) DO UPDATE SET
         count = CASE WHEN $3 - w.window_start >= $5 THEN $4 ELSE w.count + $4 END,
         window_start = CASE WHEN $3 - w.window_start >= $5 THEN $3 ELSE w.window_start END
       RETURNING window_start, count`,
      [opts.name, key, t, cost, opts.windowMs],
    );
    return { t, start: Number(rows[0]!.window_start), count: rows[0]!.count };
  };
  return {
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
      const w = rows[0];
      if (w && t - Number(w.window_start) < opts.windowMs && w.count >= opts.limit) {
        throw tooManyRequests(Number(w.window_start) + opts.windowMs - t, opts.message);
      }
    },
    async charge(key, cost) {
      await count(key, cost);
    },
    async reset(key) {
      await pool.query('DELETE FROM rate_limit_windows WHERE limiter = $1 AND key = $2', [opts.name, key]);
    },
    async purge() {
      const res = await pool.query('DELETE FROM rate_limit_windows WHERE limiter = $1 AND window_start <= $2', [opts.name, opts.now() - opts.windowMs]);
      return res.rowCount ?? 0;
    },
  };
}
