/**
 * Test support (imported only by *.test.ts): the REAL sync server in-process (createApp over a
 * temp SQLite file, sync-server/test-support.ts) and transports that reach it with a session cookie.
 */
import { PROTOCOL_VERSION, type ServerRecord, type SyncRequest } from '../../shared/sync/protocol';
import { createTestApp, signUp, type TestApp } from '../../sync-server/test-support';
import { readSyncResponse, type Transport } from './transport';

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
