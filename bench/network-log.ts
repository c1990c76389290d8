/**
 * What a person's browser fetches over the network, seen from the wire (bench/bundle.ts, issue 41
 * "The dashboard loads only what it shows"): an HTTP proxy on loopback in front of the real server
 * that logs every response it carries — the page's, its workers' and the service worker's alike, and
 * nothing the browser served from its own caches — and knows when the network is idle (nothing in
 * flight for a while, as Playwright's 'networkidle': a Server-Sent-Events stream, open for good, counts
 * as done once its headers arrived).
 */
import { request as httpRequest, createServer, type IncomingMessage } from 'node:http';

/** One response the proxy carried: its path, status, type, body bytes as sent (encoded), and when (ms since the log's start). */
export interface Fetched {
  path: string;
  status: number;
  contentType: string;
  encoding: string;
  wireBytes: number;
  startMs: number;
  endMs: number;
}

/** The proxy: its `url`; `fetched` since the last `reset()`; `idle()`; `close()`. */
export interface NetworkLog {
  url: string;
  fetched: Fetched[];
  /** Forgets what was logged and restarts the clock (before a measured load). */
  reset(): void;
  /** Resolves once nothing has been in flight for `quietMs` (rejects after `maxMs`). */
  idle(quietMs?: number, maxMs?: number): Promise<void>;
  close(): Promise<void>;
}

/** Starts a logging proxy to http://127.0.0.1:`targetPort`. Resolves once it listens. */
export function networkLog(targetPort: number): Promise<NetworkLog> {
  let t0 = Date.now();
  let inFlight = 0;
  let lastChange = Date.now();
  const fetched: Fetched[] = [];
  const upstreams = new Set<{ destroy(): void }>();
  const settle = (delta: number) => {
    inFlight += delta;
    lastChange = Date.now();
  };
  const server = createServer((req, res) => {
    const startMs = Date.now() - t0;
    settle(+1);
    let open = true;
    const done = () => {
      if (!open) return;
      open = false;
      settle(-1);
    };
    const upstream = httpRequest({ host: '127.0.0.1', port: targetPort, method: req.method, path: req.url, headers: req.headers }, (up: IncomingMessage) => {
      const contentType = String(up.headers['content-type'] ?? '');
      const entry: Fetched = { path: (req.url ?? '').split('?')[0]!, status: up.statusCode ?? 0, contentType, encoding: String(up.headers['content-encoding'] ?? 'identity'), wireBytes: 0, startMs, endMs: startMs };
      fetched.push(entry);
      res.writeHead(up.statusCode ?? 502, up.headers);
      if (contentType.startsWith('text/event-stream')) done(); // a live channel stays open: not "in flight"
      up.on('data', (chunk: Buffer) => {
        entry.wireBytes += chunk.length;
        entry.endMs = Date.now() - t0;
      });
      up.on('end', done);
      up.on('error', done);
      up.pipe(res);
    });
    upstreams.add(upstream);
    upstream.on('close', () => upstreams.delete(upstream));
    upstream.on('error', () => {
      done();
      res.destroy();
    });
    res.on('close', done);
    req.pipe(upstream);
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => {
      const port = (server.address() as { port: number }).port;
      resolve({
        url: `http://localhost:${port}`,
        fetched,
        reset() {
          fetched.length = 0;
          t0 = Date.now();
        },
        async idle(quietMs = 500, maxMs = 120_000) {
          const end = Date.now() + maxMs;
          while (inFlight > 0 || Date.now() - lastChange < quietMs) {
            if (Date.now() > end) throw new Error(`the network was not idle within ${maxMs} ms (${inFlight} in flight)`);
            await new Promise((r) => setTimeout(r, 50));
          }
        },
        async close() {
          server.close();
          server.closeAllConnections(); // and a live channel's, which never ends by itself,
          for (const u of upstreams) u.destroy(); // nor holds the server's graceful stop
        },
      });
    }),
  );
}
