/**
 * Fixed-window rate limiting keyed by any string (IP, username, user id). In memory: limits
 * protect one process; a restart forgets them, which never locks anyone out for good
 * (issue #9 "Brute force"; OWASP ASVS 6.3.1).
 */
import { ApiHttpError } from './errors';

export interface RateLimiter {
  /** Counts `cost` hits (default 1) for `key`; throws a 429 ApiHttpError with Retry-After (s) past the limit. */
  hit(key: string, cost?: number): void;
  /** Throws the same 429 as `hit` when `key` has no hits left in its window, without counting one. */
  check(key: string): void;
  /** Counts `cost` hits for `key` without throwing (work already done; later hits see it). */
  charge(key: string, cost: number): void;
  /** Forgets `key` (e.g. after a successful login). */
  reset(key: string): void;
}

/**
 * A limiter of either kind: this in-memory one, or PostgreSQL's shared AsyncRateLimiter
 * (db/pg/pg-rate-limiter.ts). Callers `await` every call (a 429 is a throw or a rejection).
 */
export type AnyRateLimiter = RateLimiter | { [K in keyof RateLimiter]: (...args: Parameters<RateLimiter[K]>) => Promise<void> };

/**
 * A limiter that can count a hit and check ANOTHER limiter of the same key in one step
 * (PostgreSQL: one statement instead of two round trips; issue 41). Rejects with the first's 429
 * when its limit is passed, else with `other`'s when `other` has no hits left; the hit is counted
 * either way, as `hit` then `other.check` would count it.
 */
export interface JointRateLimiter {
  hitAndCheck(key: string, cost: number, other: AnyRateLimiter): Promise<void>;
}

/** Whether `limiter` can hit and check another in one step (JointRateLimiter). */
export const isJoint = (limiter: AnyRateLimiter): limiter is AnyRateLimiter & JointRateLimiter =>
  typeof (limiter as Partial<JointRateLimiter>).hitAndCheck === 'function';

/**
 * Makes the limiter named `name` (unique per use, e.g. 'writes', 'auth-ip'; PostgreSQL keeps
 * one row per name and key, shared by every instance): `limit` hits per `windowMs`.
 */
export type RateLimiterFactory = (opts: { name: string; limit: number; windowMs: number; message?: string }) => AnyRateLimiter;

/** The factory of in-memory limiters measured with `now()` (ms): one process's windows. */
export const memoryRateLimiters =
  (now: () => number): RateLimiterFactory =>
  (opts) =>
    createRateLimiter({ ...opts, now });

/** The 429 of a limiter whose window ends in `msLeft` ms (Retry-After in whole seconds, at least 1). */
export function tooManyRequests(msLeft: number, message = 'Too many requests. Please wait and try again.'): ApiHttpError {
  return new ApiHttpError(429, message, undefined, { 'Retry-After': String(Math.max(1, Math.ceil(msLeft / 1000))) });
}

/**
 * `limit` hits per `windowMs` per key, measured with `now()` (ms). The 429's message is `message`.
 */
export function createRateLimiter(opts: {
  limit: number;
  windowMs: number;
  now: () => number;
  message?: string;
}): RateLimiter {
  const windows = new Map<string, { start: number; count: number }>();
  const refuse = (w: { start: number }, t: number) => tooManyRequests(w.start + opts.windowMs - t, opts.message);
  const windowOf = (key: string, t: number) => {
    let w = windows.get(key);
    if (!w || t - w.start >= opts.windowMs) {
      w = { start: t, count: 0 };
      windows.set(key, w);
      if (windows.size > 10_000) {
        for (const [k, v] of windows) if (t - v.start >= opts.windowMs) windows.delete(k);
      }
    }
    return w;
  };
  return {
    check(key) {
      const t = opts.now();
      const w = windows.get(key);
      if (w && t - w.start < opts.windowMs && w.count >= opts.limit) throw refuse(w, t);
    },
    hit(key, cost = 1) {
      const t = opts.now();
      const w = windowOf(key, t);
      w.count += cost;
      if (w.count > opts.limit) throw refuse(w, t);
    },
    charge(key, cost) {
      windowOf(key, opts.now()).count += cost;
    },
    reset(key) {
      windows.delete(key);
    },
  };
}
