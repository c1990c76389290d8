/**
 * Test wiring for PostgreSQL suites (beside the tests): one server per test run
 * (pg-global-setup.ts; test-postgres.ts), one fresh migrated database per suite, closed and dropped after it.
 * Call `usePgDatabase()` at the top of a test file or describe block; read `.pool`/`.url` in tests.
 */
import { randomBytes } from 'node:crypto';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, inject } from 'vitest';
import type pg from 'pg';
import type { AppDeps } from '../app-env';
import type { Mailer } from '../release/mailer';
import { loadConfig, type Config } from '../config';
import { createPgServices } from '../services';
import { TEST_KEYLESS_REGISTRATION_ENV, TEST_PASSWORD_COST_ENV } from './child-server';
import { testAppOver, type TestApp } from './test-support';
import { openDatabase } from '../db/sqlite';
import { migratePg } from '../db/pg/migrate';
import { createPgPool } from '../db/pg/pool';
import { createTestDatabase, startTestPostgres, type TestDatabase, type TestPostgres } from './test-postgres';

export interface PgTestDatabase {
  /** A pool on the fresh database (migrated). */
  readonly pool: pg.Pool;
  /** Its connection string, for more pools (= more server instances). */
  readonly url: string;
}

/**
 * The server of this test file: DATABASE_URL's when set, else the run's shared throwaway server
 * (pg-global-setup.ts, provided as `testPostgresUrl`), else a throwaway one of the file's own (a
 * run without the global setup). Stopping it is a no-op unless the file started it.
 */
export function startFileTestPostgres(): Promise<TestPostgres> {
  const shared = inject('testPostgresUrl');
  return startTestPostgres(shared && !process.env.DATABASE_URL ? { env: { ...process.env, DATABASE_URL: shared } } : {});
}

/** Registers beforeAll/afterAll hooks that give the suite a fresh, migrated database. */
export function usePgDatabase(): PgTestDatabase {
  let server: TestPostgres | undefined;
  let db: TestDatabase | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    server = await startFileTestPostgres();
    db = await createTestDatabase(server);
    pool = createPgPool(db.url);
    await migratePg(pool);
  }, 180_000);
  afterAll(async () => {
    await pool?.end();
    await db?.drop();
    await server?.stop();
  }, 60_000);
  return {
    get pool() {
      if (!pool) throw new Error('usePgDatabase: the database is not ready (beforeAll has not run)');
      return pool;
    },
    get url() {
      if (!db) throw new Error('usePgDatabase: the database is not ready (beforeAll has not run)');
      return db.url;
    },
  };
}

/** Inserts a bare account (what the record store needs); `pool` must be migrated. */
export async function insertPgUser(pool: pg.Pool, id: string): Promise<void> {
  await pool.query('INSERT INTO users (id, username, password_hash, created_at) VALUES ($1, $1, $2, $3)', [id, 'x', '']);
}

/**
 * An app instance (createApp) with every store on PostgreSQL `url`
 * (createPgServices: every store on PostgreSQL), its own temp DATA_DIR
 * and a clock starting at `start` (ms), or `clock` when given (instances sharing one clock); password
 * hashes at the test cost (TEST_PASSWORD_COST_ENV) unless `opts.env` says otherwise. Instances
 * built with the same `sessionSecret` accept each other's cookies, as servers behind one load balancer do.
 */
/**
 * The release key of every PostgreSQL test instance (escrow/release-key.ts): instances sharing a
 * database must share it, as they share SESSION_SECRET. A test value, never a production one.
 */
export const TEST_RELEASE_KEY = Buffer.alloc(32, 7).toString('base64url');

export async function createPgTestApp(
  url: string,
  opts: {
    sessionSecret?: string;
    start?: number;
    env?: Record<string, string>;
    clock?: { now: () => number; advance: (ms: number) => void };
    /** Replaces the mailer of the config (SMTP_URL, else the outbox folder). */
    mailer?: Mailer;
    /** createPgPool's options (connections, connect timeout). */
    pool?: Parameters<typeof createPgPool>[1];
  } = {},
): Promise<TestApp & { pool: pg.Pool }> {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterword-pg-test-'));
  const env = { DATA_DIR: dataDir, DATABASE_URL: url, RELEASE_KEY: TEST_RELEASE_KEY, ...TEST_PASSWORD_COST_ENV, ...TEST_KEYLESS_REGISTRATION_ENV, ...opts.env };
  const config = loadConfig({ ...env, SESSION_SECRET: opts.sessionSecret ?? randomBytes(32).toString('base64url') });
  let now = opts.start ?? Date.UTC(2026, 10, 21, 12);
  const clock = opts.clock ?? { now: () => now, advance: (ms: number) => void (now += ms) };
  const deps: AppDeps<Config> = { config, db: openDatabase(join(dataDir, 'afterword.db')), now: clock.now };
  const pool = createPgPool(url, opts.pool);
  const services = await createPgServices(deps, pool, { mailer: opts.mailer });
  // Ending the instance's pool ends the rest of it too (its poke listener is a connection of its own).
  const endPool = pool.end.bind(pool) as () => Promise<void>;
  Object.assign(pool, { end: async () => (await services.close?.(), endPool()) });
  return Object.assign(testAppOver(deps, services, clock.advance), { pool });
}

/**
 * Test apps on `db` made as a file needs them (createPgTestApp with `opts`), each instance's pool
 * ended once the file's tests are done. Returns the maker; call it at a file's top level.
 */
export function usePgApps(db: PgTestDatabase): (opts?: Parameters<typeof createPgTestApp>[1]) => Promise<TestApp & { pool: pg.Pool }> {
  const pools: pg.Pool[] = [];
  afterAll(async () => {
    for (const p of pools) await p.end();
  });
  return async (opts) => {
    const t = await createPgTestApp(db.url, opts);
    pools.push(t.pool);
    return t;
  };
}
