/**
 * A slow network in front of a local server, for the browser benchmarks that time what a person on
 * a phone meets (bench/first-sign-in.ts): a TCP proxy on loopback whose server-to-browser bytes
 * share one downlink of `kbps` kilobits a second, and whose every chunk, either way, is delayed by
 * half of `rttMs`. Unlike DevTools' network emulation it slows every request of the origin alike —
 * the page's, its workers' and the service worker's — so their competition for the link shows.
 */
import { connect, createServer, type Socket } from 'node:net';

/** Starts the proxy to 127.0.0.1:`targetPort`; resolves with its port and a `close()`. */
export function slowLink(targetPort: number, kbps: number, rttMs: number): Promise<{ port: number; close: () => void }> {
  const bytesPerMs = (kbps * 1024) / 8 / 1000;
  let downlinkFreeAt = 0; // when the shared downlink has sent everything queued so far (ms)
  const pipe = (from: Socket, to: Socket, downlink: boolean) => {
    from.on('data', (chunk: Buffer) => {
      from.pause();
      const now = Date.now();
      let at = now + rttMs / 2;
      if (downlink) {
        downlinkFreeAt = Math.max(downlinkFreeAt, now) + chunk.length / bytesPerMs;
        at = Math.max(at, downlinkFreeAt + rttMs / 2);
      }
      setTimeout(() => {
        if (!to.destroyed) to.write(chunk);
        from.resume();
      }, at - now);
    });
    from.on('end', () => setTimeout(() => to.end(), rttMs / 2 + 1));
    from.on('error', () => to.destroy());
  };
  const server = createServer((browser) => {
    const upstream = connect(targetPort, '127.0.0.1');
    pipe(browser, upstream, false);
    pipe(upstream, browser, true);
    upstream.on('error', () => browser.destroy());
    browser.on('close', () => upstream.destroy());
  });
  return new Promise((resolve) =>
    server.listen(0, '127.0.0.1', () => resolve({ port: (server.address() as { port: number }).port, close: () => server.close() })),
  );
}
