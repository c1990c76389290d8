/**
 * The canary scan's PostgreSQL run (issue "Sealed from the server", tests: "and a PostgreSQL dump
 * in the PostgreSQL run"): a throwaway PostgreSQL 15 (sync-server/db/pg/test-postgres.ts, or the
 * server of DATABASE_URL) with a fresh database for the suite's server, and the search of what it
 * stored: a `pg_dump` of the database (every live row, decoded) and, for a throwaway server, every
 * file of its cluster (heap and TOAST files after a CHECKPOINT, the WAL, its log), where dead
 * row versions would still be.
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import pg from 'pg';
import { afterAll, beforeAll } from 'vitest';
import { scanBytes, scanDirectory, withoutAllowed, type Hit, type NeedleForm } from '../sync-server/test/canary-scan';
import { createTestDatabase, PG_BIN, startTestPostgres, type TestDatabase, type TestPostgres } from '../sync-server/test/test-postgres';

/**
 * Registers beforeAll/afterAll hooks (call it before the suite's server starts, e.g. before
 * useMailSuite) that start PostgreSQL, make a fresh database and set `env.DATABASE_URL` to it, and
 * `env.SESSION_SECRET` and `env.RELEASE_KEY` (both required with it, config.ts) to random keys (on
 * PostgreSQL the release key is never in the database, escrow/release-key.ts). Returns `hits(needles, allowed)`: the needles found in a pg_dump and in the
 * cluster's files, `allowed` blanked first (sync-server/canary-scan.ts withoutAllowed). Throws (never skips) without PostgreSQL, as test-postgres.ts does.
 */
export function usePostgresFor(env: Record<string, string>): { hits: (needles: readonly NeedleForm[], allowed?: readonly NeedleForm[]) => Promise<Hit[]> } {
  let server: TestPostgres | undefined;
  let db: TestDatabase | undefined;
  beforeAll(async () => {
    server = await startTestPostgres();
    db = await createTestDatabase(server);
    env.DATABASE_URL = db.url;
    env.RELEASE_KEY = randomBytes(32).toString('base64url');
    env.SESSION_SECRET = randomBytes(32).toString('base64url'); // required with DATABASE_URL (config.ts: shared by instances)
  }, 180_000);
  afterAll(async () => {
    await db?.drop();
    await server?.stop();
  }, 60_000);
  return {
    async hits(needles, allowed = []) {
      if (!db || !server) throw new Error('usePostgresFor: PostgreSQL is not ready (beforeAll has not run)');
      // The server wrote here (not to a SQLite file beside it): the run is on PostgreSQL.
      const check = new pg.Client({ connectionString: db.url });
      await check.connect();
      try {
        const { rows } = await check.query<{ n: number }>('SELECT count(*)::int AS n FROM users');
        if (!(rows[0]!.n > 0)) throw new Error('The server wrote no account to PostgreSQL');
      } finally {
        await check.end();
      }
      const dump = spawnSync(join(PG_BIN, 'pg_dump'), ['--no-owner', '--dbname', db.url], { maxBuffer: 1 << 30 });
      if (dump.status !== 0) throw new Error(`pg_dump failed (${dump.status ?? dump.signal}): ${dump.stderr.toString()}`);
      if (!dump.stdout.includes('CREATE TABLE')) throw new Error('pg_dump wrote no schema'); // the dump is real
      const hits = scanBytes(withoutAllowed(dump.stdout, allowed), needles, 'pg_dump');
      if (server.dir) {
        // Write every buffered page to its file: the heap then holds what the buffers held.
        const client = new pg.Client({ connectionString: server.url });
        await client.connect();
        try {
          await client.query('CHECKPOINT');
        } finally {
          await client.end();
        }
        hits.push(...scanDirectory(server.dir, needles, allowed).map((h) => ({ ...h, where: `PostgreSQL cluster/${h.where}` })));
      }
      return hits;
    },
  };
}
