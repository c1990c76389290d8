/**
 * PostgreSQL migrations (issue #19): versioned, each in a transaction, and safe when several
 * instances start at once (advisory lock).
 */
import { mkdtempSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { migratePg } from './migrate';
import { createPgPool } from './pool';
import { startFileTestPostgres } from '../../test/pg-test-support';
import { createTestDatabase, type TestPostgres } from '../../test/test-postgres';

let server: TestPostgres;
beforeAll(async () => {
  server = await startFileTestPostgres();
}, 180_000);
afterAll(async () => {
  await server?.stop();
});

/** Runs `fn` with pools on a fresh database, then closes them and drops it. */
async function withFreshDatabase(pools: number, fn: (pools: ReturnType<typeof createPgPool>[]) => Promise<void>) {
  const db = await createTestDatabase(server);
  const open = Array.from({ length: pools }, () => createPgPool(db.url, { max: 2 }));
  try {
    await fn(open);
  } finally {
    await Promise.all(open.map((p) => p.end()));
    await db.drop();
  }
}

const FILES = readdirSync(fileURLToPath(new URL('./migrations/', import.meta.url))).filter((f) => f.endsWith('.sql')).sort();

describe('PostgreSQL migrations', () => {
  it('three instances starting at once apply each migration exactly once; a restart applies nothing', async () => {
    await withFreshDatabase(3, async (pools) => {
      const runs = await Promise.all(pools.map((p) => migratePg(p)));
      expect(runs.flat().sort()).toEqual(FILES);
      expect(runs.filter((r) => r.length > 0)).toHaveLength(1);
      const recorded = await pools[0]!.query<{ name: string }>('SELECT name FROM schema_migrations ORDER BY name');
      expect(recorded.rows.map((r) => r.name)).toEqual(FILES);
      expect(await migratePg(pools[1]!)).toEqual([]);
      const tables = await pools[0]!.query<{ table_name: string }>(
        "SELECT table_name FROM information_schema.tables WHERE table_schema = 'public' ORDER BY table_name",
      );
      expect(tables.rows.map((r) => r.table_name)).toEqual(
        expect.arrayContaining(['users', 'sessions', 'records', 'text_history', 'release_state', 'release_emails', 'rate_limit_windows', 'blobs']),
      );
    });
  });

  it('a failing migration is rolled back whole and named; the ones before it stay applied', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'afterword-pg-migrations-'));
    writeFileSync(join(dir, '001-good.sql'), 'CREATE TABLE good (id INT);');
    writeFileSync(join(dir, '002-bad.sql'), 'CREATE TABLE half (id INT); SELECT no_such_function();');
    try {
      await withFreshDatabase(1, async ([pool]) => {
        await expect(migratePg(pool!, dir)).rejects.toThrow(/002-bad\.sql/);
        const names = (await pool!.query<{ name: string }>('SELECT name FROM schema_migrations')).rows.map((r) => r.name);
        expect(names).toEqual(['001-good.sql']);
        expect((await pool!.query("SELECT to_regclass('half') AS t")).rows[0].t).toBeNull();
        expect((await pool!.query("SELECT to_regclass('good') AS t")).rows[0].t).toBe('good');
      });
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
