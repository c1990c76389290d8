/**
 * Per-account rate limits for REST routes (shared/limits.ts; issue #15): every request of a
 * signed-in account counts against `requestsPerMinute`, every writing one against
 * `writesPerMinute` too, whatever the route, so one account cannot flood the server. Mount after
 * `requireSession`, on ONE pattern per route (Hono's `/x/*` also matches `/x`, so mounting on both
 * would count a request twice).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { RecordService } from '../records';

/** Counts the request against the session's account; 429 with Retry-After past a limit. */
export function limitAccount(records: Pick<RecordService, 'throttle'>): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    const userId = c.get('userId'); // not `c.var`, which copies every variable per read
    await records.throttle.requests.hit(userId);
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') await records.throttle.writes.hit(userId);
    await next();
  };
}
