/**
 * A PostgreSQL for tests (issue #19 "Tests"), beside the tests that use it.
 *
 * `startTestPostgres()` gives one server: `DATABASE_URL` when it is set (the role
 * must be allowed to CREATE DATABASE), otherwise a throwaway server started from Debian's
 * PostgreSQL 15 binaries (`initdb` + `pg_ctl` in a temporary folder, a free loopback port, the
 * unix socket inside that folder) that `stop()` shuts down and deletes. `initdb` refuses to run
 * as root, so as root the binaries run as the `postgres` user (`runuser`) on a folder it owns.
 * `createTestDatabase(server)` gives each suite a fresh, empty database, dropped by `drop()`.
 * The unit project starts one such server per run (pg-global-setup.ts) and hands its URL to the
 * files as if it were DATABASE_URL (pg-test-support.ts `startFileTestPostgres`).
 *
 * A missing PostgreSQL is a failure, never a skip (under `CI=true` and outside it alike): the
 * error says how to get one (`apt-get install -y postgresql`, or set `DATABASE_URL`).
 */
import { spawnSync } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { chownSync, existsSync, mkdtempSync, readdirSync, readFileSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import pg from 'pg';

/**
 * Where Debian's `postgresql` package puts the binaries: `PG_BIN` when set, else the newest
 * `/usr/lib/postgresql/<major>/bin` (15 on Debian 12; `.ci/run` installs the package when absent).
 */
export const PG_BIN = process.env.PG_BIN ?? newestDebianPgBin() ?? '/usr/lib/postgresql/15/bin';

function newestDebianPgBin(): string | null {
  const root = '/usr/lib/postgresql';
  if (!existsSync(root)) return null;
  const majors = readdirSync(root)
    .filter((v) => /^\d+$/.test(v) && existsSync(join(root, v, 'bin', 'initdb')))
    .sort((a, b) => Number(b) - Number(a));
  return majors[0] ? join(root, majors[0], 'bin') : null;
}

export interface TestPostgres {
  /** Connection string of the server's maintenance database (`postgres`). */
  url: string;
  /** The throwaway server's temporary folder (undefined for `DATABASE_URL`). */
  dir?: string;
  /** Stops and deletes a throwaway server; a no-op for `DATABASE_URL`. Idempotent. */
  stop(): Promise<void>;
}

export interface TestDatabase {
  /** Connection string of the fresh database. */
  url: string;
  /** Drops the database (after closing your pools). */
  drop(): Promise<void>;
}

const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const srv = createServer();
    srv.once('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const { port } = srv.address() as { port: number };
      srv.close(() => resolve(port));
    });
  });

/** Runs a PostgreSQL binary, as `postgres` when we are root; throws with its output on failure. */
function run(dir: string, bin: string, args: string[]): void {
  const asRoot = process.getuid?.() === 0;
  const cmd = asRoot ? 'runuser' : join(dir, bin);
  const argv = asRoot ? ['-u', 'postgres', '--', join(dir, bin), ...args] : args;
  const r = spawnSync(cmd, argv, { encoding: 'utf8', timeout: 120_000 });
  if (r.status !== 0) throw new Error(`${bin} failed (${r.status ?? r.signal}): ${r.error?.message ?? ''}\n${r.stdout}\n${r.stderr}`);
}

/**
 * The server for this test file: DATABASE_URL's, or a throwaway one from the binaries in `bin`.
 * Throws (never skips) when neither is possible. `env` and `bin` exist for the helper's own test;
 * `maxConnections` (200) is raised for the server one test run shares (pg-global-setup.ts).
 */
export async function startTestPostgres(opts: { env?: NodeJS.ProcessEnv; bin?: string; maxConnections?: number } = {}): Promise<TestPostgres> {
  const env = opts.env ?? process.env;
  const bin = opts.bin ?? PG_BIN;
  const maxConnections = opts.maxConnections ?? 200;
  if (env.DATABASE_URL) return { url: env.DATABASE_URL, stop: async () => {} };
  if (!existsSync(join(bin, 'initdb'))) {
    throw new Error(
      `PostgreSQL tests need a server: set DATABASE_URL=postgres://… or install PostgreSQL ` +
        `(Debian: apt-get install -y postgresql; looked for ${bin}/initdb). .ci/run installs it.`,
    );
  }
  // As root the server runs as `postgres`, which must be able to reach the folder: /tmp always is
  // (a TMPDIR under /root would not be).
  const dir = mkdtempSync(join(process.getuid?.() === 0 ? '/tmp' : tmpdir(), 'afterword-pg-'));
  if (process.getuid?.() === 0) {
    const uid = Number(spawnSync('id', ['-u', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    const gid = Number(spawnSync('id', ['-g', 'postgres'], { encoding: 'utf8' }).stdout.trim());
    if (!Number.isInteger(uid) || !Number.isInteger(gid)) throw new Error('Running as root, but there is no `postgres` user to run PostgreSQL as');
    chownSync(dir, uid, gid);
  }
  const data = join(dir, 'data');
  run(bin, 'initdb', ['-D', data, '-A', 'trust', '-U', 'postgres', '-E', 'UTF8', '--locale=C', '--no-sync']);
  let stopped = false;
  const stopNow = () => {
    if (stopped) return;
    stopped = true;
    try {
      run(bin, 'pg_ctl', ['-D', data, '-m', 'immediate', '-w', 'stop']);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  };
  // The port is free when chosen; another process could take it before the server binds, so retry.
  for (let attempt = 0; ; attempt++) {
    const port = await freePort();
    const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c synchronous_commit=off -c full_page_writes=off -c max_connections=${maxConnections} -c shared_buffers=32MB`;
    try {
      run(bin, 'pg_ctl', ['-D', data, '-l', join(dir, 'server.log'), '-o', opts, '-w', '-t', '60', 'start']);
    } catch (err) {
      if (attempt < 2) continue;
      const log = existsSync(join(dir, 'server.log')) ? readFileSync(join(dir, 'server.log'), 'utf8') : '';
      rmSync(dir, { recursive: true, force: true });
      throw new Error(`${(err as Error).message}\n${log}`);
    }
    // A worker that dies without calling stop() must not leave a server behind.
    process.once('exit', stopNow);
    return {
      dir,
      url: `postgres://postgres@127.0.0.1:${port}/postgres`,
      stop: async () => {
        process.off('exit', stopNow);
        stopNow();
      },
    };
  }
}

/** A fresh empty database on `server` (one per suite); its name is random. */
export async function createTestDatabase(server: TestPostgres): Promise<TestDatabase> {
  const name = `afterword_test_${randomBytes(6).toString('hex')}`;
  const admin = new pg.Client({ connectionString: server.url });
  await admin.connect();
  try {
    await admin.query(`CREATE DATABASE ${name}`);
  } finally {
    await admin.end();
  }
  const url = new URL(server.url);
  url.pathname = `/${name}`;
  return {
    url: url.toString(),
    async drop() {
      const c = new pg.Client({ connectionString: server.url });
      await c.connect();
      try {
        await c.query(`DROP DATABASE IF EXISTS ${name} WITH (FORCE)`);
      } finally {
        await c.end();
      }
    },
  };
}
