/**
 * Entry point: reads config, opens SQLite in DATA_DIR (migrations applied), serves the API and
 * the built web app on PORT, and runs the release scheduler (DESIGN.md §8) every
 * RELEASE_TICK_MS (60 s by default). AFTERWORD_TEST_CLOCK=1 enables the test-only clock of
 * release/test-clock.ts (browser tests only). WEB_DIST_DIR serves another web build than dist/. Expired session rows are purged hourly.
 */
import { serve } from '@hono/node-server';
import { join } from 'node:path';
import { createApp } from './app';
import { purgeExpiredSessions } from './auth/session';
import type { AppDeps } from './app-env';
import { linkBase, loadConfig } from './config';
import { openDatabase } from './db/sqlite';
import { testClockFromEnv } from './release/test-clock';
import { createPgPool } from './db/pg/pool';
import { createPgServices, createServices, type Services } from './services';

let config: ReturnType<typeof loadConfig>;
try {
  config = loadConfig();
} catch (err) {
  // A bad SESSION_SECRET or AFTERWORD_LIMITS: say which and stop, without a stack trace.
  console.error(`Afterword cannot start: ${(err as Error).message}`);
  process.exit(1);
}
const db = openDatabase(join(config.dataDir, 'afterword.db'));
const testClock = testClockFromEnv();
if (testClock) console.warn('AFTERWORD_TEST_CLOCK=1: the test-only clock is enabled. Never use this in production.');
const deps: AppDeps = { config, db, now: testClock?.now ?? Date.now };
// DATABASE_URL: accounts, sessions and records on PostgreSQL (issue #19; db/pg/README.md). Without
// AFTERWORD_PG_WITHOUT_RELEASE=1 this refuses to start, naming what is not on PostgreSQL yet.
const pool = config.databaseUrl ? createPgPool(config.databaseUrl) : null;
let services: Services;
try {
  services = pool ? await createPgServices(deps, pool) : createServices(deps);
} catch (err) {
  console.error(`Afterword cannot start: ${(err as Error).message}`);
  process.exit(1);
}
if (pool) console.warn('AFTERWORD_PG_WITHOUT_RELEASE=1: accounts, sessions and records are on PostgreSQL; release, its scheduler and files are NOT (tests of the request path only).');
const app = createApp(deps, services, { serveWeb: true, webDir: process.env.WEB_DIST_DIR || undefined });
const { scheduler } = services;
if (!pool) scheduler.start(Number(process.env.RELEASE_TICK_MS ?? 60_000)); // on PostgreSQL: not yet (issue #19 step 2)
const purge = setInterval(() => {
  void purgeExpiredSessions(deps, services.accounts).catch((err) => console.error('Purging expired sessions failed:', err));
  void services.purgeRateLimits?.().catch((err) => console.error('Purging rate-limit windows failed:', err)); // PostgreSQL's shared windows
}, 60 * 60_000);
purge.unref();

const fetch = testClock ? testClock.wrap(app.fetch, scheduler) : app.fetch;
if (!config.publicUrl) {
  console.warn(
    `PUBLIC_URL is not set: links in e-mails use ${linkBase(config)} and work only on this machine. Set PUBLIC_URL to the address people reach this server at.`,
  );
}
const server = serve({ fetch, port: config.port, hostname: config.host }, (info) => {
  console.log(`Afterword listening on http://localhost:${info.port} (data in ${config.dataDir})`);
});

function shutdown() {
  clearInterval(purge);
  void scheduler.stop().finally(() =>
    server.close(() => {
      db.close();
      void (pool?.end() ?? Promise.resolve()).finally(() => process.exit(0));
    }),
  );
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
