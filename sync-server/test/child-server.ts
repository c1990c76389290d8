/**
 * The real server as a child process (`node --import tsx sync-server/main.ts`) on a free
 * loopback port with its own DATA_DIR — for tests and benchmarks that need a separate
 * process: crash tests (SIGKILL, restart on the same DATA_DIR) and load tests (issue #9).
 * Readiness is by default `GET /api/user/profile` answering (401), so no web build is needed;
 * the browser-test harness (e2e/harness.ts) asks for `GET /` instead.
 */
import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const REPO_ROOT = fileURLToPath(new URL('../..', import.meta.url));

/**
 * The environment that gives a test server cheaper password hashes (config.ts
 * AFTERWORD_TEST_SCRYPT_N): still a real scrypt, at N=2^10 (1 MiB) instead of production's 2^17
 * (128 MiB, about 0.4 s of a core per sign-up or sign-in). Tests pass it explicitly (createTestApp
 * and the browser harness by default); the tests of hashing itself run at production cost.
 */
export const TEST_PASSWORD_COST_ENV: Readonly<Record<string, string>> = { AFTERWORD_TEST_SCRYPT_N: '1024' };

/**
 * The environment that lets a test server register accounts with a plain password and no keys
 * (config.ts AFTERWORD_TEST_KEYLESS_REGISTRATION): accounts as they were made before keys, which
 * many tests make (signUp) to test their sign-in, their migration or something else entirely. On
 * by default in every test server (createTestApp, createPgTestApp, startChildServer); a test of the
 * refusal passes `{ AFTERWORD_TEST_KEYLESS_REGISTRATION: '' }`.
 */
export const TEST_KEYLESS_REGISTRATION_ENV: Readonly<Record<string, string>> = { AFTERWORD_TEST_KEYLESS_REGISTRATION: '1' };

export interface ChildServer {
  url: string;
  dataDir: string;
  child: ChildProcess;
  /** Everything the server wrote to stdout and stderr so far (its log; the canary scan reads it). */
  output(): string;
  /** SIGTERM and wait for exit. */
  stop(): Promise<void>;
  /** SIGKILL (a crash) and wait for exit. */
  kill(): Promise<void>;
}

/** A free TCP port on 127.0.0.1. */
export function freePort(): Promise<number> {
  return new Promise((resolve, reject) => {
    const srv = createServer();
    srv.on('error', reject);
    srv.listen(0, '127.0.0.1', () => {
      const addr = srv.address();
      srv.close(() => (typeof addr === 'object' && addr ? resolve(addr.port) : reject(new Error('no port'))));
    });
  });
}

const exited = (child: ChildProcess) =>
  child.exitCode !== null || child.signalCode !== null ? Promise.resolve() : new Promise<void>((r) => child.once('exit', () => r()));

/**
 * Starts the server with `env` added to the environment (less the test run's DATABASE_URL and
 * S3_BUCKET), on `dataDir` (a new temp dir if omitted). Resolves when it answers; throws with its output if it exits or is not up in `timeoutMs`.
 */
export async function startChildServer(
  opts: {
    dataDir?: string;
    env?: Record<string, string>;
    /** Extra node flags before the script, e.g. `--cpu-prof` (bench/load.ts). */
    nodeArgs?: string[];
    /** A bundle of main.ts (sync-server/test/server-bundle.ts) to run with plain node; default main.ts through tsx. */
    entry?: string;
    timeoutMs?: number;
    /** True once the server at `url` is ready; default: `/api/user/profile` answers 401. */
    ready?: (url: string) => Promise<boolean>;
    /** Added to the error when the server is not ready in time. */
    notReadyHint?: string;
  } = {},
): Promise<ChildServer> {
  const ready = opts.ready ?? (async (url: string) => (await fetch(`${url}/api/user/profile`)).status === 401);
  const port = await freePort();
  const dataDir = opts.dataDir ?? mkdtempSync(join(tmpdir(), 'afterword-child-'));
  // DATABASE_URL and S3_BUCKET of the test run are for the PostgreSQL and S3 suites: a child uses them only when `env` says so.
  const { DATABASE_URL: _db, S3_BUCKET: _bucket, ...inherited } = process.env;
  const script = opts.entry ? [opts.entry] : ['--import', 'tsx', 'sync-server/main.ts'];
  const child = spawn(process.execPath, [...(opts.nodeArgs ?? []), ...script], {
    cwd: REPO_ROOT,
    env: { ...inherited, ...TEST_KEYLESS_REGISTRATION_ENV, PORT: String(port), HOST: '127.0.0.1', DATA_DIR: dataDir, ...opts.env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stdout?.on('data', (d) => (output += d));
  child.stderr?.on('data', (d) => (output += d));
  const url = `http://127.0.0.1:${port}`;
  const deadline = Date.now() + (opts.timeoutMs ?? 30_000);
  for (;;) {
    if (child.exitCode !== null) throw new Error(`Server exited with ${child.exitCode}:\n${output}`);
    try {
      if (await ready(url)) break;
    } catch {
      /* not listening yet */
    }
    if (Date.now() > deadline) {
      child.kill('SIGKILL');
      throw new Error(`Server did not start in time${opts.notReadyHint ? ` ${opts.notReadyHint}` : ''}:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    dataDir,
    child,
    output: () => output,
    stop: async () => {
      child.kill('SIGTERM');
      await exited(child);
    },
    kill: async () => {
      child.kill('SIGKILL');
      await exited(child);
    },
  };
}
