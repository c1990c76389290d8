/**
 * Test support (imported only by *.test.ts and bench/): the REAL app behind a real HTTP listener
 * on a free loopback port, and a transport and live connection that reach it with a cookie, the
 * way a browser does (fetch; the SSE stream read with readEventStream).
 */
import { serve, type ServerType } from '@hono/node-server';
import type { AddressInfo } from 'node:net';
import type { createApp } from '../../sync-server/app';
import type { LiveConnect } from './live';
import { readEventStream } from './live';
import { readSyncResponse, type Transport } from './transport';

/** Serves `app` on 127.0.0.1 at a free port; resolves with its base URL and a close function. */
export async function listen(app: ReturnType<typeof createApp>): Promise<{ base: string; close: () => Promise<void> }> {
  let server: ServerType | null = null;
  const port = await new Promise<number>((resolve) => {
    server = serve({ fetch: app.fetch, port: 0, hostname: '127.0.0.1' }, (info: AddressInfo) => resolve(info.port));
  });
  return {
    base: `http://127.0.0.1:${port}`,
    close: () =>
      new Promise<void>((resolve) => {
        const s = server as unknown as { close(cb: () => void): void; closeAllConnections?: () => void };
        s.closeAllConnections?.();
        s.close(() => resolve());
      }),
  };
}

/** A transport that POSTs to `${base}/api/sync` over HTTP with `cookie`. */
export function httpTransport(base: string, cookie: string): Transport {
  return async (request, signal) =>
    readSyncResponse(
      await fetch(`${base}/api/sync`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify(request), signal }),
    );
}

/** A live connection over fetch to `${base}/api/sync/events` with `cookie`; counts the pokes it saw. */
export function httpLive(base: string, cookie: string, seen: { pokes: number } = { pokes: 0 }): LiveConnect {
  return (h) => {
    const abort = new AbortController();
    let done = false;
    const fail = () => {
      if (done) return;
      done = true;
      abort.abort();
      h.onError();
    };
    void fetch(`${base}/api/sync/events`, { headers: { Cookie: cookie, Accept: 'text/event-stream' }, signal: abort.signal })
      .then(async (res) => {
        if (!res.ok || !res.body) return fail();
        await readEventStream(res.body, (name) => {
          if (name === 'ready') h.onOpen();
          if (name === 'changed') {
            seen.pokes++;
            h.onPoke();
          }
        });
        fail();
      })
      .catch(fail);
    return () => {
      done = true;
      abort.abort();
    };
  };
}
