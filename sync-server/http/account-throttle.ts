/**
 * Per-account rate limits (shared/limits.ts; issue #15): requests, writes, bytes read and file bytes per
 * minute, each a fixed window per account that expires (rate-limit.ts). Built once per
 * RecordService (records/service.ts), so it lives as long as the app and is passed explicitly; the account
 * frame (account-frame.ts) and the token routes (token-budgets.ts) charge it.
 */
import type { Limits } from '../config-limits';
import { isJoint, memoryRateLimiters, type AnyRateLimiter, type RateLimiterFactory } from './rate-limit';

export interface AccountThrottle {
  /** Every request of a signed-in account (`requestsPerMinute`), counted by the account frame (http/account-frame.ts). */
  requests: AnyRateLimiter;
  /** Writing requests: every write by the account frame, sync pushes with changes by the sync route (`writesPerMinute`). */
  writes: AnyRateLimiter;
  /** Bytes of every response body sent, charged as sent by the account frame (`readBytesPerMinute`); not file bytes. */
  readBytes: AnyRateLimiter;
  /** Bytes of file chunks uploaded or downloaded by the owner (`fileBytesPerMinute`, issue #17); chunks are not writes. */
  fileBytes: AnyRateLimiter;
  /**
   * Counts `cost` requests for `userId` and, when `checkReadBytes`, checks the read budget: a 429
   * (throw or rejection) past either. On PostgreSQL one statement (issue 41: a round trip fewer on
   * every signed-in request); in memory at once, returning nothing.
   */
  admit(userId: string, cost: number, checkReadBytes: boolean): Promise<void> | void;
}

/**
 * The limiters of `limits` (Config.limits), measuring time with `now()` (ms), in memory unless
 * `make` (PostgreSQL's shared ones, services.ts) is given. Every call is awaited.
 */
export function createAccountThrottle(
  now: () => number,
  limits: Pick<Limits, 'requestsPerMinute' | 'writesPerMinute' | 'readBytesPerMinute' | 'fileBytesPerMinute'>,
  make: RateLimiterFactory = memoryRateLimiters(now),
): AccountThrottle {
  const minute = (name: string, limit: number, message: string) => make({ name, limit, windowMs: 60_000, message });
  const requests = minute('requests', limits.requestsPerMinute, 'Too many requests in a short time. Please wait a minute and try again.');
  const readBytes = minute('read-bytes', limits.readBytesPerMinute, 'Too much data read in a short time. Please wait a minute and try again.');
  return {
    requests,
    writes: minute('writes', limits.writesPerMinute, 'Too many changes in a short time. Please wait a minute and try again.'),
    readBytes,
    fileBytes: minute('file-bytes', limits.fileBytesPerMinute, 'Too many file bytes sent in a short time. Please wait a minute and try again.'),
    admit(userId, cost, checkReadBytes) {
      if (checkReadBytes && isJoint(requests)) return requests.hitAndCheck(userId, cost, readBytes);
      const hit = requests.hit(userId, cost);
      const check = checkReadBytes ? readBytes.check(userId) : undefined;
      return hit instanceof Promise || check instanceof Promise ? Promise.all([hit, check]).then(() => undefined) : undefined;
    },
  };
}
