/**
 * The canary scan's traffic record (test-traffic-log.ts): off without its variable; with it, what a
 * Hono app received and sent (request line with query, headers, body; response head; a compressed
 * body decoded; a stream cut short as far as it went), while the app answers as it would without it.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';
import { Hono } from 'hono';
import { afterEach, describe, expect, it } from 'vitest';
import { readTrafficLog, TEST_TRAFFIC_LOG_ENV, trafficLogFromEnv } from './test-traffic-log';

let dir = '';
afterEach(() => rmSync(dir, { recursive: true, force: true }));

function app() {
  const a = new Hono();
  a.post('/api/echo', async (c) => c.json({ got: await c.req.json() }));
  a.get('/api/zipped', () => new Response(gzipSync('zipped-body-kea'), { headers: { 'content-encoding': 'gzip', 'content-disposition': 'attachment; filename="name-ruru.pdf"' } }));
  a.delete('/api/nothing', (c) => c.body(null, 204));
  a.get('/api/stream', () => {
    let n = 0;
    return new Response(new ReadableStream({ pull: (ctl) => ctl.enqueue(new TextEncoder().encode(`chunk-${++n};`)) }));
  });
  return a;
}

describe('the test traffic log', () => {
  it('is off unless AFTERWORD_TEST_TRAFFIC_LOG names a file', () => {
    expect(trafficLogFromEnv({})).toBeNull();
    expect(trafficLogFromEnv({ [TEST_TRAFFIC_LOG_ENV]: '' })).toBeNull();
    // A production server refuses it: it would write every key and word to disk.
    expect(() => trafficLogFromEnv({ [TEST_TRAFFIC_LOG_ENV]: join(tmpdir(), 'never.jsonl'), NODE_ENV: 'production' })).toThrow(/tests only/);
  });

  it('records each request (line, headers, body) and response (head, decoded body), and the app answers unchanged', async () => {
    dir = mkdtempSync(join(tmpdir(), 'afterword-traffic-'));
    const file = join(dir, 'traffic.jsonl');
    const fetch = trafficLogFromEnv({ [TEST_TRAFFIC_LOG_ENV]: file })!.wrap(app().fetch);

    const echo = await fetch(new Request('http://x/api/echo?q=query-tui', { method: 'POST', body: JSON.stringify({ word: 'body-kiwi' }), headers: { 'content-type': 'application/json', 'x-note': 'header-weka' } }));
    expect(await echo.json()).toEqual({ got: { word: 'body-kiwi' } });
    const zipped = await fetch(new Request('http://x/api/zipped'));
    expect(Buffer.from(await zipped.arrayBuffer())).toEqual(gzipSync('zipped-body-kea'));
    expect((await fetch(new Request('http://x/api/nothing', { method: 'DELETE' }))).status).toBe(204);
    const stream = (await fetch(new Request('http://x/api/stream'))).body!.getReader();
    await stream.read();
    await stream.read();
    await stream.cancel(); // the client goes away: what was sent is recorded

    const log = readTrafficLog(file);
    const text = (where: string) => log.filter((e) => e.where === where).map((e) => e.bytes.toString('utf8')).join('');
    expect(text('request POST /api/echo')).toMatch(/^POST http:\/\/x\/api\/echo\?q=query-tui\r\n/);
    expect(text('request POST /api/echo')).toContain('x-note: header-weka');
    expect(text('request POST /api/echo')).toContain('{"word":"body-kiwi"}');
    expect(text('response POST /api/echo')).toBe('{"got":{"word":"body-kiwi"}}');
    expect(text('response-head GET /api/zipped')).toContain('name-ruru.pdf');
    expect(text('response GET /api/zipped')).toBe('zipped-body-kea');
    expect(text('response-head DELETE /api/nothing')).toMatch(/^204 /);
    expect(text('response DELETE /api/nothing')).toBe('');
    expect(text('response GET /api/stream')).toMatch(/^chunk-1;chunk-2;/);
    expect(log.find((e) => e.where === 'request POST /api/echo')).toMatchObject({ method: 'POST', path: '/api/echo', dir: 'request' });
  });
});
