/**
 * Test support for the client's tests (the tests under web/; imported only by tests, kept beside the
 * server so that nothing in web/ imports the server): the REAL sync server in-process (createApp
 * over a temp SQLite file, test-support.ts) and transports that reach it with a session cookie.
 */
import { copyFileSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { PROTOCOL_VERSION, type ServerRecord, type SyncRequest } from '../../shared/sync/protocol';
import { createApp } from '../app';
import { openDatabase } from '../db/sqlite';
import { createServices } from '../services';
import { createTestApp, signUp, type TestApp } from './test-support';
import { readSyncResponse, type Transport } from '../../web/sync/transport';

export { createTestApp, type TestApp };

/** A transport that POSTs to the in-process app's /api/sync with `cookie`. */
export function appTransport(t: TestApp, cookie: string): Transport {
  return async (request: SyncRequest) => readSyncResponse(await t.call('POST', '/api/sync', request, cookie));
}

/** Registers a fresh account; returns its id and a transport signed in as it. */
export async function signedInTransport(t: TestApp): Promise<{ userId: string; cookie: string; transport: Transport }> {
  const { cookie, user } = await signUp(t);
  return { userId: user.id, cookie, transport: appTransport(t, cookie) };
}

/** Every record the server holds for the transport's user (a full pull from cursor 0). */
export async function serverRecords(transport: Transport): Promise<ServerRecord[]> {
  const out: ServerRecord[] = [];
  let cursor = 0;
  for (;;) {
    const res = await transport({ protocol: PROTOCOL_VERSION, cursor, changes: [] });
    out.push(...res.records);
    cursor = res.cursor;
    if (!res.hasMore) return out;
  }
}

/** One fuzz run's server: `t` for its clock and requests, the honest account's transport, the hostile account's pushes. */
export interface FuzzServer {
  t: TestApp;
  transport: Transport;
  hostile: (body: unknown) => Promise<Response>;
  /** Releases what the run opened. */
  close(): void;
}

/**
 * Several app instances on ONE PostgreSQL as one fuzz server (issue #19): `apps` share a clock
 * and a session secret (test/pg-test-support.ts createPgTestApp); each request goes to the
 * instance `pick()` (0 ≤ pick() < 1) chooses, as a load balancer without stickiness would send it.
 * Registers a fresh honest and a fresh hostile account for the run (the database is shared).
 */
export async function pgFuzzServer(apps: TestApp[], pick: () => number): Promise<{ userId: string; fresh(): FuzzServer }> {
  const any = () => apps[Math.floor(pick() * apps.length)]!;
  const t: TestApp = { ...apps[0]!, call: (...args) => any().call(...args) };
  const { userId, cookie } = await signedInTransport(t);
  const hostile = await signedInTransport(t);
  return {
    userId,
    fresh: () => ({ t, transport: appTransport(t, cookie), hostile: (body) => t.call('POST', '/api/sync', body, hostile.cookie), close: () => {} }),
  };
}

/**
 * A factory of servers that each start with the same freshly registered account: registration
 * (scrypt) runs once, then every `fresh()` is a new app over its own copy of that SQLite file,
 * with its own clock, where the account's session cookie is valid. For fuzzing many seeds fast.
 */
export async function accountTemplate(
  opts: {
    /** Runs on the template before it is copied, e.g. sealing the account (its keys are in the file). */
    prepare?: (t: TestApp, userId: string, transport: Transport) => Promise<void>;
  } = {},
) {
  const template = createTestApp();
  const { userId, cookie } = await signedInTransport(template);
  const hostile = await signedInTransport(template); // a second, hostile account on the same server (issue #15)
  await opts.prepare?.(template, userId, appTransport(template, cookie));
  template.deps.db.pragma('wal_checkpoint(TRUNCATE)');
  const source = join(template.deps.config.dataDir, 'afterword.db');
  const start = template.deps.now();
  return {
    userId,
    hostileUserId: hostile.userId,
    fresh(): FuzzServer {
      const dir = mkdtempSync(join(tmpdir(), 'afterword-fuzz-'));
      const file = join(dir, 'afterword.db');
      copyFileSync(source, file);
      let now = start;
      const deps = { config: template.deps.config, db: openDatabase(file), now: () => now };
      const services = createServices(deps);
      const app = createApp(deps, services);
      const t: TestApp = {
        app,
        deps,
        services,
        advance: (ms) => {
          now += ms;
        },
        call: async (method, path, body, cookieHeader) =>
          app.request(`http://localhost${path}`, {
            method,
            headers: { 'Content-Type': 'application/json', ...(cookieHeader ? { Cookie: cookieHeader } : {}) },
            body: body === undefined ? undefined : JSON.stringify(body),
          }),
      };
      // close() removes the run's copy too: a model or fuzz run is 200 copies, which were left in the temp folder.
      const close = () => {
        deps.db.close();
        rmSync(dir, { recursive: true, force: true });
      };
      return { t, transport: appTransport(t, cookie), hostile: (body) => t.call('POST', '/api/sync', body, hostile.cookie), close };
    },
  };
}
