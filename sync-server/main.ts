/**
 * Entry point: reads config, opens SQLite in DATA_DIR (migrations applied), serves the API and
 * the built web app on PORT, and runs the release scheduler (DESIGN.md §8) every
 * RELEASE_TICK_MS (60 s by default). AFTERWORD_TEST_CLOCK=1 enables the test-only clock of
 * release/test-clock.ts (browser tests only); AFTERWORD_TEST_TRAFFIC_LOG=<file> records every request
 * and response body into <file> (http/test-traffic-log.ts; the canary scan only). WEB_DIST_DIR serves another web build than dist/. Expired session rows are purged hourly.
 */
import { serve } from '@hono/node-server';
import { join } from 'node:path';
import { createApp } from './app';
import { purgeExpiredSessions } from './accounts/session';
import { linkBase, type AppDeps } from './app-env';
import { PASSWORD_COST } from './accounts/password';
import { KEYLESS_REGISTRATION_ENV, loadConfig, TEST_SCRYPT_N_ENV, type Config } from './config';
import { openDatabase } from './db/sqlite';
import { testClockFromEnv } from './release/test-clock';
import { TEST_TRAFFIC_LOG_ENV, trafficLogFromEnv } from './http/test-traffic-log';
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
if (config.passwordCost.N !== PASSWORD_COST.N) {
  console.warn(`${TEST_SCRYPT_N_ENV}=${config.passwordCost.N}: new password hashes are weaker than production's (tests only). Never use this in production.`);
}
if (config.allowKeylessRegistration) console.warn(`${KEYLESS_REGISTRATION_ENV}=1: accounts may be registered without keys, unsealed (tests only). Never use this in production.`);
const deps: AppDeps<Config> = { config, db, now: testClock?.now ?? Date.now };
// DATABASE_URL: every store on PostgreSQL, shared by any number of instances (issue #19; db/pg/README.md).
const pool = config.databaseUrl ? createPgPool(config.databaseUrl, { max: config.databasePoolSize }) : null;
let services: Services;
try {
  services = pool ? await createPgServices(deps, pool) : createServices(deps);
  await services.escrow.ready; // the release key must be the one this database's escrows were sealed with
} catch (err) {
  console.error(`Afterword cannot start: ${(err as Error).message}`);
  process.exit(1);
}
const app = createApp(deps, services, { serveWeb: true, webDir: process.env.WEB_DIST_DIR || undefined });
const { scheduler } = services;
scheduler.start(Number(process.env.RELEASE_TICK_MS ?? 60_000)); // on PostgreSQL its passes run on the leading instance only
const purge = setInterval(() => {
  void purgeExpiredSessions(deps, services.accounts).catch((err) => console.error('Purging expired sessions failed:', err));
  void services.purgeRateLimits?.().catch((err) => console.error('Purging rate-limit windows failed:', err)); // PostgreSQL's shared windows
}, 60 * 60_000);
purge.unref();

const clocked = testClock ? testClock.wrap(app.fetch, scheduler) : app.fetch;
// AFTERWORD_TEST_TRAFFIC_LOG (tests only): every body exchanged, for the canary scan (http/test-traffic-log.ts).
const traffic = (() => {
  try {
    return trafficLogFromEnv();
  } catch (err) {
    console.error(`Afterword cannot start: ${(err as Error).message}`);
    process.exit(1);
  }
})();
if (traffic) console.warn(`${TEST_TRAFFIC_LOG_ENV} is set: every request and response body is written to ${traffic.file} (tests only). Never use this in production.`);
const fetch = traffic ? traffic.wrap(clocked) : clocked;
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
  void scheduler
    .stop()
    .then(() => services.resetMail.settled()) // a "forgot password" answered just now still queues its e-mail
    .then(() => services.resign?.()) // another instance leads at its next tick, not when our connection times out
    .then(() => services.close?.())
    .finally(() =>
    server.close(() => {
      db.close();
      void (pool?.end() ?? Promise.resolve()).finally(() => process.exit(0));
    }),
  );
}
process.on('SIGINT', shutdown);
process.on('SIGTERM', shutdown);
