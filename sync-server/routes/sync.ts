/**
 * `POST /api/sync` (shared/sync/README.md rules 10–14): merges the pushed changes in one
 * transaction, then returns what changed since the cursor.
 */
import { Hono } from 'hono';
import { DEFAULT_PULL_LIMIT, PROTOCOL_VERSION, syncRequestSchema, type SyncResponse } from '../../shared/sync';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession } from '../auth/middleware';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import { releaseOf } from '../release/service';
import { servicesOf } from '../services';

export function syncRoutes(deps: AppDeps): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const s = servicesOf(deps);
  app.post('/api/sync', requireSession(deps), async (c) => {
    const body = await readJson(c, syncRequestSchema);
    if (body.protocol !== PROTOCOL_VERSION) {
      throw new ApiHttpError(426, 'This version of Afterword is out of date. Reload the app to update it.');
    }
    releaseOf(deps).checkIn(c.var.userId, new URL(c.req.url).origin); // a sync is a check-in (DESIGN.md §8)
    if (body.account !== undefined && body.account !== c.var.userId) {
      // Rule 15: this outbox belongs to another account than the session's (e.g. a second tab
      // signed in as someone else). Refuse it whole; the client asks to sign in as its owner.
      throw new ApiHttpError(401, 'This device is syncing another account. Sign in as that account to continue.');
    }
    const { accepted, rejected } = s.records.applyClientChanges(c.var.userId, body.changes);
    const page = s.store.pull(c.var.userId, body.cursor, body.limit ?? DEFAULT_PULL_LIMIT);
    const response: SyncResponse = { accepted, rejected, ...page, serverTime: deps.now() }; // rule 17
    return c.json(response);
  });
  return app;
}
