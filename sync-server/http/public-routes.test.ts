import { describe, expect, it } from 'vitest';
import { isChunkUpload } from '../blobs/routes';
import { createTestApp, type TestApp } from '../test/test-support';
import { PUBLIC_ROUTES, concretePath, endpointsOf as endpointsOfApp, isPublicRoute, isTokenRoute, routeKey } from './public-routes';

const endpointsOf = (t: TestApp) => endpointsOfApp(t.app);
const concrete = concretePath;
/** Chunk uploads take raw bytes (shared/files/README.md): say so, so the session check is what answers. */
const rawHeaders = (method: string, path: string) =>
  isChunkUpload(method, concrete(path)) ? { 'Content-Type': 'application/octet-stream' } : undefined;

describe('every API route is authenticated or explicitly public (issue #9, ASVS 8.1.1)', () => {
  it('each non-public route answers 401 { error } without a cookie, whatever the body', async () => {
    const t = createTestApp();
    const endpoints = endpointsOf(t);
    expect(endpoints.length).toBeGreaterThan(20);
    const leaks: string[] = [];
    for (const { method, path } of endpoints) {
      if (isPublicRoute(method, path)) continue;
      const withBody = method === 'GET' || method === 'DELETE' ? undefined : { anything: 1 };
      const res = await t.call(method, concrete(path), withBody, undefined, rawHeaders(method, path));
      if (res.status !== 401) leaks.push(`${method} ${path} → ${res.status}`);
      else expect(await res.json()).toEqual({ error: 'Not signed in' });
    }
    expect(leaks).toEqual([]);
  });

  it('also with a cookie that is not a valid session', async () => {
    const t = createTestApp();
    for (const { method, path } of endpointsOf(t)) {
      if (isPublicRoute(method, path)) continue;
      const res = await t.call(method, concrete(path), undefined, 'afterword_session=eyJhbGciOiJub25lIn0.e30.', rawHeaders(method, path));
      expect(res.status, `${method} ${path}`).toBe(401);
    }
  });

  it('token-link routes answer 404 to an unknown token — never 2xx, never 5xx', async () => {
    const t = createTestApp();
    const tokenRoutes = endpointsOf(t).filter((e) => isPublicRoute(e.method, e.path) && isTokenRoute(e.path));
    for (const { method, path } of tokenRoutes) {
      const res = await t.call(method, concrete(path, 'A'.repeat(43)));
      expect(res.status, `${method} ${path}`).toBe(404);
    }
  });

  it('the public list names only routes that exist (no stale exemptions)', () => {
    const t = createTestApp();
    const keys = new Set(endpointsOf(t).map((e) => routeKey(e.method, e.path)));
    for (const key of PUBLIC_ROUTES) expect(keys, key).toContain(key);
  });
});
