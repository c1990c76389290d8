/**
 * The throwaway PostgreSQL of the tests (test-postgres.ts): a missing server is a failure with
 * a hint, never a skip; a started one is stopped and its folder removed.
 */
import { existsSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import pg from 'pg';
import { createTestDatabase, startTestPostgres } from '../../test/test-postgres';

describe('test PostgreSQL', () => {
  it('without DATABASE_URL and without the binaries, starting fails and says how to get PostgreSQL', async () => {
    await expect(startTestPostgres({ env: {}, bin: '/nonexistent/postgresql/bin' })).rejects.toThrow(/apt-get install -y postgresql.*DATABASE_URL|DATABASE_URL.*apt-get install -y postgresql/s);
  });

  it('DATABASE_URL is used as it is, and stop() leaves that server alone', async () => {
    const server = await startTestPostgres({ env: { DATABASE_URL: 'postgres://someone@db.example:5432/x' } });
    expect(server.url).toBe('postgres://someone@db.example:5432/x');
    await server.stop();
  });

  it('a throwaway server answers, gives fresh databases, and is gone after stop()', async () => {
    const server = await startTestPostgres({ env: {} });
    const url = new URL(server.url);
    expect(existsSync(server.dir!)).toBe(true);
    const db = await createTestDatabase(server);
    const client = new pg.Client({ connectionString: db.url });
    await client.connect();
    expect((await client.query('SELECT count(*)::int AS n FROM pg_tables WHERE schemaname = $1', ['public'])).rows[0].n).toBe(0);
    await client.end();
    await db.drop();
    await server.stop();
    const after = new pg.Client({ host: url.hostname, port: Number(url.port), user: 'postgres', connectionTimeoutMillis: 2000 });
    await expect(after.connect()).rejects.toThrow();
    expect(server.dir && existsSync(server.dir)).toBe(false);
  }, 120_000);
});
