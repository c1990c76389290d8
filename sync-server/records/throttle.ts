/**
 * Per-account rate limits (shared/limits.ts; issue #15): requests, writes, bytes read and file bytes per
 * minute, each a fixed window per account that expires (http/rate-limit.ts). Built once per
 * RecordService, so it lives as long as the app and is passed explicitly.
 */
import type { Limits } from '../config-limits';
import { createRateLimiter, type RateLimiter } from '../http/rate-limit';

export interface AccountThrottle {
  /** Every request of a signed-in account (`requestsPerMinute`). */
  requests: RateLimiter;
  /** Writing requests: sync pushes with changes, REST writes (`writesPerMinute`). */
  writes: RateLimiter;
  /** Bytes of record data sent by REST lists, charged after each (`readBytesPerMinute`). */
  readBytes: RateLimiter;
  /** Bytes of file chunks uploaded or downloaded by the owner (`fileBytesPerMinute`, issue #17); chunks are not writes. */
  fileBytes: RateLimiter;
}

/** The limiters of `limits` (Config.limits), measuring time with `now()` (ms). */
export function createAccountThrottle(
  now: () => number,
  limits: Pick<Limits, 'requestsPerMinute' | 'writesPerMinute' | 'readBytesPerMinute' | 'fileBytesPerMinute'>,
): AccountThrottle {
  const minute = (limit: number, message: string) => createRateLimiter({ limit, windowMs: 60_000, now, message });
  return {
    requests: minute(limits.requestsPerMinute, 'Too many requests in a short time. Please wait a minute and try again.'),
    writes: minute(limits.writesPerMinute, 'Too many changes in a short time. Please wait a minute and try again.'),
    readBytes: minute(limits.readBytesPerMinute, 'Too much data read in a short time. Please wait a minute and try again.'),
    fileBytes: minute(limits.fileBytesPerMinute, 'Too many file bytes sent in a short time. Please wait a minute and try again.'),
  };
}
