/**
 * Test wiring for PostgreSQL suites (beside the tests): one server per test file
 * (test-postgres.ts), one fresh migrated database per suite, closed and dropped after it.
 * Call `usePgDatabase()` at the top of a test file or describe block; read `.pool`/`.url` in tests.
 */
import { afterAll, beforeAll } from 'vitest';
import type pg from 'pg';
import { migratePg } from './migrate';
import { createPgPool } from './pool';
import { createTestDatabase, startTestPostgres, type TestDatabase, type TestPostgres } from './test-postgres';

export interface PgTestDatabase {
  /** A pool on the fresh database (migrated). */
  readonly pool: pg.Pool;
  /** Its connection string, for more pools (= more server instances). */
  readonly url: string;
}

/** Registers beforeAll/afterAll hooks that give the suite a fresh, migrated database. */
export function usePgDatabase(): PgTestDatabase {
  let server: TestPostgres | undefined;
  let db: TestDatabase | undefined;
  let pool: pg.Pool | undefined;
  beforeAll(async () => {
    server = await startTestPostgres();
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
