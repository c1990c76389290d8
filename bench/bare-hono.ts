/**
 * The bare-Hono baseline of bench/load.ts (issue #20): what the framework alone costs on this
 * machine. `tsx bench/bare-hono.ts <bodies.json>` starts a Hono app on @hono/node-server on a
 * free loopback port and prints `{"port":N}`. It answers the bench's routes with the SAME JSON
 * the real server sent during the bench's setup (a user's trustees and messages, an empty pull,
 * an edit push's answer): `GET /api/trustees`, `GET /api/messages`, and `POST /api/sync`, whose
 * body it reads and parses (as any JSON API must) to tell a pull from a push. No auth, no
 * database, no validation: the ratio of the real server to this is the cost of everything else.
 */
import { readFileSync } from 'node:fs';
import { serve } from '@hono/node-server';
import { Hono } from 'hono';

/** The JSON bodies the baseline serves, as the real server sent them. */
export interface BareBodies {
  trustees: string;
  messages: string;
  emptyPull: string;
  push: string;
}

/** The baseline app over `bodies`. */
export function bareApp(bodies: BareBodies): Hono {
  const app = new Hono();
  const json = { 'Content-Type': 'application/json' };
  app.get('/api/trustees', (c) => c.body(bodies.trustees, 200, json));
  app.get('/api/messages', (c) => c.body(bodies.messages, 200, json));
  app.post('/api/sync', async (c) => {
    const body = JSON.parse(await c.req.text()) as { changes: unknown[] };
    return c.body(body.changes.length > 0 ? bodies.push : bodies.emptyPull, 200, json);
  });
  return app;
}

if (process.argv[1]?.endsWith('bare-hono.ts')) {
  const bodies = JSON.parse(readFileSync(process.argv[2]!, 'utf8')) as BareBodies;
  serve({ fetch: bareApp(bodies).fetch, port: 0, hostname: '127.0.0.1' }, (info) => {
    process.stdout.write(`${JSON.stringify({ port: info.port })}\n`);
  });
}
