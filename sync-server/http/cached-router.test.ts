/**
 * cachedRouter (cached-router.ts): the kept answers are exactly the inner router's, per method and
 * full path (a path's own parameters, never another's), and a route added later is matched.
 */
import { Hono } from 'hono';
import { TrieRouter } from 'hono/router/trie-router';
import { describe, expect, it } from 'vitest';
import { cachedRouter } from './cached-router';

describe('the app router with its matches kept', () => {
  it("answers as Hono's own router: each path its own parameters, each method its own handlers, twice in a row", async () => {
    const app = new Hono({ router: cachedRouter() });
    app.use('/api/*', async (c, next) => {
      c.header('X-Seen', 'yes');
      await next();
    });
    app.get('/api/items/:id', (c) => c.json({ get: c.req.param('id') }));
    app.patch('/api/items/:id', (c) => c.json({ patch: c.req.param('id') }));
    app.get('/api/items', (c) => c.json({ list: true }));
    const call = async (method: string, path: string) => {
      const res = await app.request(path, { method });
      return [res.status, res.headers.get('x-seen'), res.status === 200 ? await res.json() : null];
    };
    for (let round = 0; round < 2; round++) {
      expect(await call('GET', '/api/items/a')).toEqual([200, 'yes', { get: 'a' }]);
      expect(await call('GET', '/api/items/b')).toEqual([200, 'yes', { get: 'b' }]);
      expect(await call('PATCH', '/api/items/a')).toEqual([200, 'yes', { patch: 'a' }]);
      expect(await call('GET', '/api/items')).toEqual([200, 'yes', { list: true }]);
      expect(await call('DELETE', '/api/items/a')).toEqual([404, 'yes', null]);
      expect(await call('GET', `/api/items/${'x'.repeat(300)}`)).toEqual([200, 'yes', { get: 'x'.repeat(300) }]);
    }
  });

  it('a route added after a match is matched (what was kept is forgotten)', () => {
    const router = cachedRouter(new TrieRouter<string>());
    router.add('GET', '/api/*', 'middleware');
    expect(router.match('GET', '/api/new')[0].map(([h]) => h)).toEqual(['middleware']);
    router.add('GET', '/api/new', 'route');
    expect(router.match('GET', '/api/new')[0].map(([h]) => h)).toEqual(['middleware', 'route']);
  });
});
