/**
 * Test support: a real app over a real temp SQLite file, and helpers to sign up and call it.
 * Used by server tests and by the client sync tests (which drive the real server in-process).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { createApp } from '../app';
import { TEST_KEYLESS_REGISTRATION_ENV, TEST_PASSWORD_COST_ENV } from './child-server';
import type { AppDeps } from '../app-env';
import { loadConfig, type Config } from '../config';
import { openDatabase, type Db } from '../db/sqlite';
import type { Mailer } from '../release/mailer';
import type { RecordStore } from '../records/store/record-store';
import { createServices, type Services } from '../services';

export interface TestApp {
  app: ReturnType<typeof createApp>;
  deps: AppDeps<Config>;
  /** The services the app was built with (one instance per test app). */
  services: Services;
  /** Advances the injected clock by `ms`. */
  advance(ms: number): void;
  /** A JSON request with an optional cookie; returns the Response. */
  call(method: string, path: string, body?: unknown, cookie?: string, headers?: Record<string, string>): Promise<Response>;
}

/** The synchronous SQLite record store of a test app (createServices), for tests that read it directly; throws on another engine. */
export function sqliteStoreOf(t: Pick<TestApp, 'services'>): RecordStore {
  if (t.services.engine !== 'sqlite') throw new Error('sqliteStoreOf: this test app is not on SQLite');
  return t.services.store as RecordStore;
}

/**
 * A fresh app on a temp DATA_DIR, with a controllable clock starting at `start` (ms); `opts.mailer`
 * replaces the configured mailer; `opts.wrapDb` stands in front of the real database (e.g. to record
 * its statements, statement-count.ts). Password hashes are made at the test cost (TEST_PASSWORD_COST_ENV)
 * unless `env` says otherwise (`{ AFTERWORD_TEST_SCRYPT_N: '' }` for production's); registration
 * without keys is allowed (TEST_KEYLESS_REGISTRATION_ENV: signUp makes accounts as made before keys).
 */
export function createTestApp(
  env: Record<string, string> = {},
  start = Date.UTC(2026, 10, 21, 12),
  opts: { mailer?: Mailer; wrapDb?: (db: Db) => Db } = {},
): TestApp {
  const dataDir = mkdtempSync(join(tmpdir(), 'afterword-test-'));
  const config = loadConfig({ DATA_DIR: dataDir, RELEASE_KEY_FILE: join(dataDir, 'release-key'), ...TEST_PASSWORD_COST_ENV, ...TEST_KEYLESS_REGISTRATION_ENV, ...env });
  let now = start;
  const db = openDatabase(join(dataDir, 'afterword.db'));
  const deps: AppDeps<Config> = { config, db: opts.wrapDb?.(db) ?? db, now: () => now };
  return testAppOver(deps, createServices(deps, opts), (ms) => {
    now += ms;
  });
}

/** The TestApp of `createApp(deps, services)`; `advance` moves the clock `deps.now` reads. */
export function testAppOver(deps: AppDeps<Config>, services: Services, advance: (ms: number) => void): TestApp {
  const app = createApp(deps, services);
  return {
    app,
    deps,
    services,
    advance,
    call: async (method, path, body, cookie, headers = {}) =>
      app.request(`http://localhost${path}`, {
        method,
        headers: {
          ...(body === undefined ? {} : { 'Content-Type': 'application/json' }),
          ...(cookie ? { Cookie: cookie } : {}),
          ...headers,
        },
        body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
      }),
  };
}

let counter = 0;
/** A valid registration body with a unique username. */
export function newUser(overrides: Record<string, string> = {}) {
  counter += 1;
  return {
    firstName: 'Ada',
    lastName: 'Lovelace',
    email: `ada${counter}@example.com`,
    username: `ada_${counter}_${Math.random().toString(36).slice(2, 8)}`,
    password: 'correct horse battery',
    ...overrides,
  };
}

/** The `name=value` part of a Set-Cookie header, for sending back. */
export function cookieOf(res: Response): string {
  const set = res.headers.get('set-cookie') ?? '';
  return set.split(';')[0]!;
}

/** Registers a new user; returns its cookie and user object. Throws if registration fails. */
export async function signUp(t: TestApp, overrides: Record<string, string> = {}) {
  const body = newUser(overrides);
  const res = await t.call('POST', '/api/auth/register', body);
  if (res.status !== 201) throw new Error(`register failed: ${res.status} ${await res.text()}`);
  const user = (await res.json()) as { id: string; username: string; firstName: string };
  return { cookie: cookieOf(res), user, body };
}
