/**
 * Per-account login throttling with device cookies (issue #15; OWASP "Slow Down Online Guessing
 * Attacks with Device Cookies"; ASVS 6.3.1). Each sign-in attempt is counted in one bucket:
 * - with a valid device cookie issued to this very account (accounts/device-cookie.ts): that
 *   device's own bucket. It is never blocked by the untrusted bucket, so a stranger's guesses
 *   never keep the owner's own devices out; a device cookie that keeps failing fills its own
 *   bucket and is locked out itself (it may have been stolen).
 * - otherwise (no cookie, a tampered or expired one, one of another account, an unknown
 *   username): the username's shared untrusted bucket.
 * Each bucket allows LOGIN_ATTEMPTS attempts per LOGIN_WINDOW_MS, then answers 429 with
 * Retry-After before any password is checked; a correct password empties the bucket it was
 * counted in. Windows expire, so nobody is locked out for good. The per-IP limit is separate
 * (accounts/auth-routes.ts) and applies to every attempt.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';
import { memoryRateLimiters, type RateLimiterFactory } from '../http/rate-limit';
import { readDeviceCookie, trustsDevice } from './device-cookie';

/** Attempts allowed per bucket (untrusted username, or one device) per window. */
export const LOGIN_ATTEMPTS = 10;
/** The window of LOGIN_ATTEMPTS (ms): 15 minutes. */
export const LOGIN_WINDOW_MS = 15 * 60_000;

export interface LoginThrottle {
  /**
   * Counts one attempt at `username`, whose account is `account` (undefined when no such
   * account), in the device's bucket (a device cookie of that account under its current
   * password) or the username's untrusted bucket. Returns the bucket's
   * key for `succeeded`. Throws a 429 ApiHttpError (Retry-After in s) when that bucket is full.
   */
  attempt(c: Context, username: string, account: { id: string; password_hash: string } | undefined): Promise<string>;
  /** The password was correct: empties `bucket`. */
  succeeded(bucket: string): Promise<void>;
}

/**
 * A throttle measured with `deps.now`; `message` is the 429's error text. In memory, per process,
 * unless `make` gives shared limiters (PostgreSQL, services.ts).
 */
export function createLoginThrottle(deps: AppDeps, message: string, make: RateLimiterFactory = memoryRateLimiters(deps.now)): LoginThrottle {
  const limiter = make({ name: 'login', limit: LOGIN_ATTEMPTS, windowMs: LOGIN_WINDOW_MS, message });
  return {
    async attempt(c, username, account) {
      // Verified whether or not the username exists, so the work done does not tell (ASVS 6.3.8).
      const device = readDeviceCookie(c, deps);
      const bucket = device && trustsDevice(device, account) ? `login-device:${device.nonce}` : `login:${username.toLowerCase()}`;
      await limiter.hit(bucket);
      return bucket;
    },
    async succeeded(bucket) {
      await limiter.reset(bucket);
    },
  };
}
