/**
 * The contract of a fixed-window rate limiter, in memory (rate-limit.ts) or shared in
 * PostgreSQL (db/pg/pg-rate-limiter.ts); every call is awaited so one suite serves both.
 * `make(limit, windowMs, now)` returns a fresh limiter with no hits.
 */
import { describe, expect, it } from 'vitest';
import type { AsyncRateLimiter } from '../db/pg/pg-rate-limiter';
import type { RateLimiter } from './rate-limit';

type Make = (opts: { limit: number; windowMs: number; now: () => number; message?: string }) => RateLimiter | AsyncRateLimiter | Promise<RateLimiter | AsyncRateLimiter>;

/** The status and Retry-After of what `fn` throws, or null when it does not. */
async function refusal(fn: () => unknown): Promise<{ status: number; retryAfter?: string; message: string } | null> {
  try {
    await fn();
    return null;
  } catch (err) {
    const e = err as { status: number; headers?: Record<string, string>; message: string };
    return { status: e.status, retryAfter: e.headers?.['Retry-After'], message: e.message };
  }
}

export function rateLimiterContract(name: string, make: Make): void {
  describe(`RateLimiter contract: ${name}`, () => {
    it('allows `limit` hits per window, then 429 with Retry-After until the window ends; keys are separate', async () => {
      let now = 1_000_000;
      const limiter = await make({ limit: 3, windowMs: 60_000, now: () => now, message: 'Slow down' });
      for (let i = 0; i < 3; i++) expect(await refusal(() => limiter.hit('ip-1'))).toBeNull();
      now += 20_000;
      expect(await refusal(() => limiter.hit('ip-1'))).toEqual({ status: 429, retryAfter: '40', message: 'Slow down' });
      expect(await refusal(() => limiter.hit('ip-2'))).toBeNull();
      now += 40_000; // the window of ip-1 ends
      expect(await refusal(() => limiter.hit('ip-1'))).toBeNull();
    });

    it('check() refuses without counting; charge() counts without refusing; cost counts several hits', async () => {
      const now = 5_000_000;
      const limiter = await make({ limit: 4, windowMs: 10_000, now: () => now });
      await limiter.charge('k', 3);
      expect(await refusal(() => limiter.check('k'))).toBeNull();
      expect(await refusal(() => limiter.check('k'))).toBeNull();
      expect(await refusal(() => limiter.hit('k'))).toBeNull();
      expect((await refusal(() => limiter.check('k')))?.status).toBe(429);
      await limiter.charge('k', 10); // work already done: counted, never refused
      expect((await refusal(() => limiter.hit('other', 5)))?.status).toBe(429);
    });

    it('reset() forgets a key', async () => {
      const now = 9_000_000;
      const limiter = await make({ limit: 1, windowMs: 60_000, now: () => now });
      await limiter.hit('user');
      expect((await refusal(() => limiter.hit('user')))?.status).toBe(429);
      await limiter.reset('user');
      expect(await refusal(() => limiter.hit('user'))).toBeNull();
    });
  });
}
