/**
 * countSentBytes (http/response-bytes.ts): the bytes counted are the bytes of the body a client
 * receives, for a JSON answer, raw bytes, a stream counted as it streams, and nothing for an empty
 * answer — under @hono/node-server over a real socket (as `npm start`) and through `app.request()`.
 */
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';
import { describe, expect, it } from 'vitest';
import { countSentBytes } from './response-bytes';

/** An app whose answers are counted into `counted` (bytes per request path). */
function countingApp(counted: Map<string, number>) {
  const app = new Hono();
  app.use('*', async (c, next) => {
    await next();
    const path = c.req.path;
    counted.set(path, 0);
    countSentBytes(c, (n) => counted.set(path, counted.get(path)! + n));
  });
  app.get('/json', (c) => c.json({ text: 'héllo €'.repeat(1000) }));
  app.get('/bytes', (c) => c.body(new Uint8Array(12_345)));
  app.get('/empty', (c) => c.body(null, 204));
  app.get('/stream', (c) => {
    let sent = 0;
    return c.body(
      new ReadableStream<Uint8Array>({
        pull(controller) {
          if (sent++ < 5) controller.enqueue(new TextEncoder().encode('data: changed €\n\n'));
          else controller.close();
        },
      }),
    );
  });
  return app;
}

const PATHS = ['/json', '/bytes', '/empty', '/stream'];

describe('countSentBytes counts the body a client receives', () => {
  it('over a real socket (@hono/node-server, as npm start)', async () => {
    const counted = new Map<string, number>();
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: countingApp(counted).fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const path of PATHS) {
        const received = (await (await fetch(`${base}${path}`)).arrayBuffer()).byteLength;
        expect(counted.get(path), path).toBe(received);
      }
      expect(counted.get('/json')).toBeGreaterThan(10_000);
      expect(counted.get('/empty')).toBe(0);
    } finally {
      server.close();
    }
  });

  it('through app.request() (tests, other runtimes): as the reader takes it', async () => {
    const counted = new Map<string, number>();
    const app = countingApp(counted);
    for (const path of PATHS) {
      const received = (await (await app.request(path)).arrayBuffer()).byteLength;
      expect(counted.get(path), path).toBe(received);
    }
    expect(counted.get('/stream')).toBe(5 * new TextEncoder().encode('data: changed €\n\n').byteLength);
  });
});
