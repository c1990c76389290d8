/**
 * Health endpoints for load balancers and orchestrators (issue #19 "Several instances"):
 * - `GET /healthz` (liveness): the process answers; always 200 `{ ok: true }`.
 * - `GET /readyz` (readiness): 200 `{ ok: true }` when every check passes (the database answers,
 *   the blob storage is reachable), else 503 `{ ok: false, error, failed: [names] }`.
 * Outside `/api`, so without session, CSRF check, body limit or rate limit; they read nothing
 * of any account and say only which dependency failed (the details go to the server log).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import type { Services } from '../services';

/** A named dependency check: resolves when the dependency works, throws or rejects otherwise. */
export type ReadinessChecks = Record<string, () => unknown>;

/** Longest a check may take before it counts as failed (ms): a hung dependency is not a ready one. */
export const READINESS_TIMEOUT_MS = 5_000;

/** The server's checks: `database` (SELECT 1) and `storage` (listing a blob through the blob store, disk or S3). */
export function readinessChecks(deps: AppDeps, services: Services): ReadinessChecks {
  return {
    database: () => deps.db.prepare('SELECT 1').get(),
    storage: () => services.blobs.store.listChunks('readyz', 'probe'),
  };
}

async function passes(name: string, check: () => unknown): Promise<boolean> {
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      Promise.resolve().then(check),
      new Promise((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${READINESS_TIMEOUT_MS} ms`)), READINESS_TIMEOUT_MS);
      }),
    ]);
    return true;
  } catch (err) {
    console.error(`readyz: ${name} failed:`, (err as Error).message);
    return false;
  } finally {
    clearTimeout(timer);
  }
}

/** `/healthz` and `/readyz` over `checks` (run in parallel on every request). */
export function healthRoutes(checks: ReadinessChecks): Hono<AppEnv> {
  const app = new Hono<AppEnv>();
  // Headers set per route: a `use('*')` here would apply to the whole app it is mounted in.
  app.get('/healthz', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((n) => passes(n, checks[n]!)));
    const failed = names.filter((_, i) => !results[i]);
    c.header('Cache-Control', 'no-store');
    if (!failed.length) return c.json({ ok: true });
    return c.json({ ok: false, error: `Not ready: ${failed.join(', ')} unavailable`, failed }, 503);
  });
  return app;
}
