/**
 * Test support for the hostile-tenant suite (imported only by *.test.ts): the real app
 * (`createApp` over a temp SQLite file, test-support.ts) behind a real HTTP listener on loopback,
 * accounts signed in over it, and builders of the changes an attacker sends.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { formatHlc, PROTOCOL_VERSION, type SyncResponse } from '../../shared/sync';
import { startChildServer } from './child-server';
import { cookieOf, createTestApp, newUser, type TestApp } from './test-support';

export interface Account {
  id: string;
  cookie: string;
}

/** A client of a server listening at a base URL. */
export interface LiveClient {
  /** The server's address, e.g. `http://127.0.0.1:4312`. */
  base: string;
  /** A request over HTTP; the body is sent as given (a string) or as JSON. */
  call(method: string, path: string, body?: unknown, cookie?: string): Promise<Response>;
  /** A sync push/pull over HTTP; throws unless 200. */
  sync(account: Account, changes: unknown[], cursor?: number): Promise<SyncResponse>;
  register(): Promise<Account>;
  /** A device timestamp at the server's current time (plus `aheadMs`). */
  hlc(counter: number, node?: string, aheadMs?: number): string;
  close(): Promise<void>;
}

/** The in-process server: its TestApp too, whose clock the test moves. */
export interface LiveServer extends LiveClient {
  t: TestApp;
}

function clientOf(base: string, now: () => number, close: () => Promise<void>): LiveClient {
  const call = (method: string, path: string, body?: unknown, cookie?: string) =>
    fetch(`${base}${path}`, {
      method,
      headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...(cookie ? { Cookie: cookie } : {}) },
      body: body === undefined ? undefined : typeof body === 'string' ? body : JSON.stringify(body),
    });
  return {
    base,
    call,
    async sync(account, changes, cursor = 0) {
      const res = await call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor, changes }, account.cookie);
      if (res.status !== 200) throw new Error(`sync answered ${res.status}: ${await res.text()}`);
      return (await res.json()) as SyncResponse;
    },
    async register() {
      const res = await call('POST', '/api/auth/register', newUser());
      if (res.status !== 201) throw new Error(`register answered ${res.status}: ${await res.text()}`);
      return { id: ((await res.json()) as { id: string }).id, cookie: cookieOf(res) };
    },
    hlc: (counter, node = 'dev1', aheadMs = 0) => formatHlc({ ms: now() + aheadMs, counter, node }),
    close,
  };
}

/** `t` (default: a fresh app on a temp SQLite file), in this process, listening on 127.0.0.1 on a free port. */
export async function startLiveServer(t: TestApp = createTestApp()): Promise<LiveServer> {
  const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
    const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
  });
  // The test shares this process with the server and may block it for seconds with work of its
  // own (writing 48 MB straight to the store): the overdue keep-alive timer must not then close a
  // pooled socket in the very turn the client reuses it (ECONNRESET). Idle sockets stay open.
  (server as import('node:http').Server).keepAliveTimeout = 0;
  const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  const close = () =>
    new Promise<void>((resolve) => {
      server.close(() => resolve());
      t.deps.db.close();
    });
  return { t, ...clientOf(base, t.deps.now, close) };
}

/**
 * The real server (`npm start`'s main.ts) in a child process on a temp DATA_DIR (`dataDir`), on
 * the wall clock, with `env` added: what it measures is the server's work, not this process's clients.
 * `entry`: a bundle of main.ts to start instead (child-server.ts startChildServer's `entry`).
 */
export async function startChildLiveServer(env: Record<string, string> = {}, entry?: string): Promise<LiveClient & { dataDir: string }> {
  const child = await startChildServer({ env, entry });
  return { ...clientOf(child.url, Date.now, () => child.stop()), dataDir: child.dataDir };
}

const CREATED = '2026-11-21T12:00:00.000Z';
/** The fields of a whole trustee. */
export const trusteeFields = (name: string, email = `${name.toLowerCase().replace(/[^a-z]/g, '') || 'x'}@example.com`) => ({
  name,
  email,
  accessLevel: 'full',
  createdAt: CREATED,
});
/** A trustee as `POST /api/trustees` takes it (the server sets createdAt). */
export const restTrustee = (name: string, email?: string) => {
  const { createdAt: _set, ...body } = trusteeFields(name, email);
  return body;
};
/** The fields of a whole survivor task with `steps` automation steps of `stepChars` characters. */
export const taskFields = (steps = 0, stepChars = 10, from = 0) => {
  const fields: Record<string, unknown> = {
    title: 'Close the bank account',
    description: 'Call the bank and close the account.',
    category: 'financial',
    timeframe: '1w',
    automationLevel: 'manual-with-guidance',
    priority: 3,
    createdAt: CREATED,
  };
  Object.assign(fields, stepItems(steps, stepChars, from));
  return fields;
};
/** `count` list items of `chars` characters for `automationSteps`, ids from `from`. */
export const stepItems = (count: number, chars: number, from = 0) =>
  Object.fromEntries(
    Array.from({ length: count }, (_, i) => [`automationSteps/s${from + i}`, { text: `${from + i} `.padEnd(chars, 'x'), pos: from + i }]),
  );

/** The 99th percentile of `ms` (nearest rank). */
export function p99(ms: number[]): number {
  const sorted = [...ms].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(sorted.length * 0.99) - 1)] ?? 0;
}
