/**
 * `POST /api/sync` (shared/sync/README.md rules 10–14, 17): merges the pushed changes in one
 * transaction, then returns what changed since the cursor and the server's time.
 * `GET /api/sync/events` (rule 19): a Server-Sent-Events stream that says "changed" whenever the
 * account's records changed; it never carries data.
 */
import { Hono } from 'hono';
import { streamSSE } from 'hono/streaming';
import { COLLECTIONS, type CollectionName } from '../../shared/schema/collections';
import { idSchema } from '../../shared/schema/common';
import { DEFAULT_PULL_LIMIT, isLongText, PROTOCOL_VERSION, syncRequestSchema, type SyncResponse } from '../../shared/sync';
import type { AppDeps, AppEnv } from '../app-env';
import { requireSession, sessionStillLive, isUnproven, refuseUnprovenChange } from '../accounts';
import { oneAtATimePerAccount } from '../http/account-queue';
import { ApiHttpError } from '../http/errors';
import { readJson } from '../http/validate';
import type { PokeHub } from '../live/poke-hub';
import type { RecordRouteDeps } from './route-deps';

/** How the events stream behaves; tests shorten the intervals. */
export interface LiveOptions {
  /** The account's open connections (one hub per app, created in createApp). */
  hub: PokeHub;
  /** A comment line keeps proxies from closing an idle stream (ms; default 25 s). */
  heartbeatMs?: number;
  /** A stream ends after this long, so a revoked session cannot listen for ever (ms; default 15 min). */
  maxLifeMs?: number;
}

/** What the sync routes use (app.ts passes its Services): the record routes' deps and the release scheduler. */
export interface SyncRouteDeps extends RecordRouteDeps {
  /** The release scheduler, poked after a push that merged something. */
  scheduler: { poke(): void };
}

export function syncRoutes(deps: AppDeps, services: SyncRouteDeps, live: LiveOptions): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  const s = services;
  const { hub, heartbeatMs = 25_000, maxLifeMs = 15 * 60_000 } = live;

  /**
   * `GET /api/sync/history/:collection/:id/:field` (rule 21): the server's earlier versions of one
   * long text of the session's account, newest first: `{ versions: [{ text, at }] }`. 400 naming
   * the parameter when it is not a long-text field of a known collection or the id is invalid.
   */
  app.get('/api/sync/history/:collection/:id/:field', requireSession(deps, services), async (c) => {
    const { collection, id, field } = c.req.param();
    if (!(COLLECTIONS as readonly string[]).includes(collection)) {
      throw new ApiHttpError(400, 'Invalid request: collection: unknown collection', [{ path: 'collection', message: 'Unknown collection' }]);
    }
    if (!idSchema.safeParse(id).success) throw new ApiHttpError(400, 'Invalid request: id: Invalid id', [{ path: 'id', message: 'Invalid id' }]);
    if (!isLongText(collection as CollectionName, field)) {
      throw new ApiHttpError(400, 'Invalid request: field: not a long text', [{ path: 'field', message: 'Not a long text' }]);
    }
    return c.json({ versions: await s.store.history(c.var.userId, collection as CollectionName, id, field) });
  });

  app.get('/api/sync/events', requireSession(deps, services), (c) => {
    const userId = c.var.userId;
    c.header('X-Accel-Buffering', 'no'); // proxies must not buffer the stream
    return streamSSE(c, async (stream) => {
      let pending = false;
      let closed = false;
      let wake: (() => void) | null = null;
      const remove = hub.add(userId, {
        poke: () => {
          pending = true;
          wake?.();
        },
        close: () => {
          closed = true;
          wake?.();
        },
      });
      stream.onAbort(() => {
        closed = true;
        wake?.();
      });
      const end = setTimeout(() => {
        closed = true;
        wake?.();
      }, maxLifeMs);
      try {
        await stream.writeSSE({ event: 'ready', data: 'ready' });
        while (!closed && !stream.aborted) {
          if (pending) {
            pending = false;
            await stream.writeSSE({ event: 'changed', data: 'changed' });
            continue;
          }
          let beat: ReturnType<typeof setTimeout> | undefined;
          const timedOut = await new Promise<boolean>((resolve) => {
            wake = () => resolve(false);
            beat = setTimeout(() => resolve(true), heartbeatMs);
          });
          wake = null;
          clearTimeout(beat);
          if (timedOut && !closed) await stream.write(': heartbeat\n\n');
        }
      } finally {
        clearTimeout(end);
        remove();
      }
    });
  });

  // Issue #15: one sync of an account at a time; an account past its write budget is told so
  // before its body is parsed (past its request budget, by the account frame, http/account-frame.ts) (the body is still read: answering early would reset the connection).
  // A sync that waited checks its session again: one signed out meanwhile merges nothing.
  const syncsInTurn = oneAtATimePerAccount({ maxWaiting: 4, afterWaiting: sessionStillLive(deps, services) });
  app.post('/api/sync', requireSession(deps, services), syncsInTurn, async (c) => {
    await c.req.text();
    const userId = c.get('userId'); // once: each `c.var` read copies every variable into a new object
    await s.records.throttle.writes.check(userId); // the request itself was counted by the account frame
    const body = await readJson(c, syncRequestSchema);
    if (body.protocol !== PROTOCOL_VERSION) {
      throw new ApiHttpError(426, 'This version of Afterword is out of date. Reload the app to update it.');
    }
    // A sync is never a check-in (DESIGN.md §8): a device left open syncs for ever. The app says
    // when the person used it (POST /api/release/check-in, release/owner-routes.ts).
    if (body.account !== undefined && body.account !== userId) {
      // Rule 15: this outbox belongs to another account than the session's (e.g. a second tab
      // signed in as someone else). Refuse it whole; the client asks to sign in as its owner.
      throw new ApiHttpError(401, 'This device is syncing another account. Sign in as that account to continue.');
    }
    if (body.changes.length > 0) await s.records.throttle.writes.hit(userId); // shared/limits.ts writesPerMinute
    // On SQLite, pushes of every account arriving in one event-loop turn share one commit
    // (db/group-commit.ts, wired in services.ts); on PostgreSQL each push is its own transaction.
    // After a password reset, until the device proves it holds AK, every change is rejected: the session is read-only (accounts/unproven.ts).
    const refuse = (await isUnproven(c, deps, services)) ? refuseUnprovenChange : undefined;
    const { accepted, rejected } = body.changes.length > 0 ? await s.records.applyClientChanges(userId, body.changes, refuse) : { accepted: [], rejected: [] };
    if (accepted.length > 0) {
      hub.poke(userId); // rule 19: the account's other devices pull now
      s.scheduler.poke(); // the merge may have added or removed trustees or messages (DESIGN.md §8)
    }
    // The page's records go out as the JSON texts the database built (never parsed and written again here).
    const { records, ...page } = await s.store.pullJson(userId, body.cursor, body.limit ?? DEFAULT_PULL_LIMIT);
    // While more pages wait, how many records in all and after this page (issue 41: the device's progress; rule 13).
    const backlog = page.hasMore ? await s.store.backlog?.(userId, page.cursor) : undefined;
    const rest: Omit<SyncResponse, 'records'> = { accepted, rejected, ...page, ...backlog, serverTime: deps.now() }; // rule 17
    return c.body(`${JSON.stringify(rest).slice(0, -1)},"records":[${records.join(',')}]}`, 200, { 'Content-Type': 'application/json' });
  });
  return app;
}
