/**
 * Per-account write rate limit for REST routes (shared/limits.ts `writesPerMinute`; issue #15):
 * every writing request of a signed-in account counts, whatever the route, so one account cannot
 * flood the server with writes. Mount after `requireSession`, on ONE pattern per route (Hono's
 * `/x/*` also matches `/x`, so mounting on both would count a request twice).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppEnv } from '../app-env';
import type { RecordService } from '../records';

/** Counts each non-GET request against the session's account; 429 with Retry-After past the limit. */
export function limitWrites(records: RecordService): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    if (c.req.method !== 'GET' && c.req.method !== 'HEAD') records.throttleWrites(c.var.userId);
    await next();
  };
}
