/**
 * Health endpoints for load balancers and orchestrators (issue #19 "Several instances"):
 * - `GET /healthz` (liveness): the process answers; always 200 `{ ok: true }`.
 * - `GET /readyz` (readiness): 200 `{ ok: true }` when every check passes (the database answers,
 *   the blob storage is reachable), else 503 `{ ok: false, error, failed: [names] }`.
 * Outside `/api`, so without session, CSRF check, body limit or rate limit; they read nothing
 * of any account and say only which dependency failed (the details go to the server log).
 * Anyone may call them, so the checks run at most once per READINESS_CACHE_MS however many
 * probes arrive (a flood of probes must not become a flood of database or paid S3 requests).
 */
import { Hono } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';

/** A named dependency check: resolves when the dependency works, throws or rejects otherwise. */
export type ReadinessChecks = Record<string, () => unknown>;

/** Longest a check may take before it counts as failed (ms): a hung dependency is not a ready one. */
export const READINESS_TIMEOUT_MS = 5_000;

/** How long one readiness answer is reused (ms). */
export const READINESS_CACHE_MS = 1_000;

/**
 * What the readiness checks reach (app.ts passes its Services): PostgreSQL's ping when the server
 * runs on DATABASE_URL, and the blob store (disk or S3). Declared here, so this infrastructure
 * module imports no domain.
 */
export interface HealthSources {
  /** PostgreSQL only: resolves when the database answers. */
  pingDatabase?: () => Promise<unknown>;
  blobs: { store: { listChunks(userId: string, blobId: string): unknown } };
}

/** The server's checks: `database` (SELECT 1 on SQLite, or on PostgreSQL with DATABASE_URL) and `storage` (listing a blob through the blob store, disk or S3). */
export function readinessChecks(deps: AppDeps, services: HealthSources): ReadinessChecks {
  return {
    database: services.pingDatabase ?? (() => deps.db.prepare('SELECT 1').get()),
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

/**
 * The readiness of `checks`: `{ failed }` (names, [] when ready). Concurrent callers share one
 * run, and a result is reused for READINESS_CACHE_MS by `now()` (ms).
 */
export function createReadiness(checks: ReadinessChecks, now: () => number): () => Promise<{ failed: string[] }> {
  let last: { at: number; result: Promise<{ failed: string[] }> } | undefined;
  const runAll = async () => {
    const names = Object.keys(checks);
    const results = await Promise.all(names.map((n) => passes(n, checks[n]!)));
    return { failed: names.filter((_, i) => !results[i]) };
  };
  return () => {
    const t = now();
    if (!last || t - last.at >= READINESS_CACHE_MS || t < last.at) last = { at: t, result: runAll() };
    return last.result;
  };
}

/** `/healthz` and `/readyz` of the server (`deps.now` times the readiness cache). */
export function healthRoutes(deps: AppDeps, services: HealthSources): Hono<AppEnv> {
  const readiness = createReadiness(readinessChecks(deps, services), deps.now);
  const app = new Hono<AppEnv>();
  // Headers set per route: a `use('*')` here would apply to the whole app it is mounted in.
  app.get('/healthz', (c) => c.json({ ok: true }, 200, { 'Cache-Control': 'no-store' }));
  app.get('/readyz', async (c) => {
    const { failed } = await readiness();
    c.header('Cache-Control', 'no-store');
    if (!failed.length) return c.json({ ok: true });
    return c.json({ ok: false, error: `Not ready: ${failed.join(', ')} unavailable`, failed }, 503);
  });
  return app;
}
