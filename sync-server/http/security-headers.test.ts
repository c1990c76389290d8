import { mkdtempSync, mkdirSync, writeFileSync } from 'node:fs';
import type { AddressInfo } from 'node:net';
import { serve } from '@hono/node-server';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp, type TestApp } from '../test/test-support';
import { HSTS } from './security-headers';
import { PAGE_CSP } from '../release/page';
import { mountWebApp } from './web-app';

/** Parses a CSP header into directive → sources. */
function directives(csp: string | null): Record<string, string[]> {
  const out: Record<string, string[]> = {};
  for (const part of (csp ?? '').split(';')) {
    const [name, ...sources] = part.trim().split(/\s+/);
    if (name) out[name] = sources;
  }
  return out;
}

function expectSecurityHeaders(res: Response) {
  const csp = directives(res.headers.get('content-security-policy'));
  expect(csp['default-src']).toEqual(["'self'"]);
  // no 'unsafe-inline', no 'unsafe-eval' (ASVS 3.4.3); only WebAssembly compilation, for the KDF's argon2 (hash-wasm)
  expect(csp['script-src']).toEqual(["'self'", "'wasm-unsafe-eval'"]);
  expect(csp['object-src']).toEqual(["'none'"]);
  expect(csp['base-uri']).toEqual(["'none'"]);
  expect(csp['frame-ancestors']).toEqual(["'none'"]);
  expect(csp['form-action']).toEqual(["'self'"]);
  expect(csp['connect-src']).toEqual(["'self'"]);
  // Issue #17: the vault shows files and recordings from object URLs made on the device.
  expect(csp['img-src']).toEqual(["'self'", 'data:', 'blob:']);
  expect(csp['media-src']).toEqual(["'self'", 'blob:']);
  expect(csp['frame-src']).toEqual(['blob:']);
  expect(csp['manifest-src']).toEqual(["'self'"]);
  expect(csp['worker-src']).toEqual(["'self'"]);
  expect(res.headers.get('x-content-type-options')).toBe('nosniff');
  expect(res.headers.get('referrer-policy')).toBe('no-referrer');
  expect(res.headers.get('x-frame-options')).toBe('DENY');
  // Issue #17: the Message Vault records with the camera and microphone, on our own origin only.
  expect(res.headers.get('permissions-policy')).toMatch(/camera=\(self\)/);
  expect(res.headers.get('permissions-policy')).toMatch(/microphone=\(self\)/);
  expect(res.headers.get('permissions-policy')).toMatch(/geolocation=\(\)/);
}

describe('security headers on every response (issue #9, ASVS 3.4)', () => {
  it('API answers — success, 401, 404, 400, 413 — carry CSP, nosniff, referrer, framing and no-store', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const responses = [
      await t.call('GET', '/api/user/profile', undefined, cookie),
      await t.call('GET', '/api/user/profile'),
      await t.call('GET', '/api/nothing-here'),
      await t.call('POST', '/api/auth/login', '{"broken'),
      await t.call('POST', '/api/auth/login', { username: 'x'.repeat(2 * 1024 * 1024) }),
    ];
    expect(responses.map((r) => r.status)).toEqual([200, 401, 404, 400, 413]);
    for (const res of responses) {
      expectSecurityHeaders(res);
      expect(res.headers.get('cache-control')).toBe('no-store'); // ASVS 14.3.2: personal data never cached
    }
  });

  it('the web app (index.html, static files, SPA fallback) carries the same headers', async () => {
    const dist = mkdtempSync(join(tmpdir(), 'afterword-dist-'));
    mkdirSync(join(dist, 'assets'));
    writeFileSync(join(dist, 'index.html'), '<!doctype html><title>x</title>');
    writeFileSync(join(dist, 'assets', 'app-1234.js'), 'console.log(1)');
    const t = createTestApp();
    mountWebApp(t.app, dist);
    for (const path of ['/', '/assets/app-1234.js', '/dashboard']) {
      const res = await t.app.request(`http://localhost${path}`);
      expect(res.status, path).toBe(200);
      expectSecurityHeaders(res);
    }
  });

  it('HSTS only over HTTPS: never on plain http, and X-Forwarded-Proto counts only with TRUST_PROXY', async () => {
    const plain = createTestApp();
    expect((await plain.call('GET', '/api/user/profile')).headers.get('strict-transport-security')).toBeNull();
    const forged = await plain.call('GET', '/api/user/profile', undefined, undefined, { 'X-Forwarded-Proto': 'https' });
    expect(forged.headers.get('strict-transport-security')).toBeNull();
    const direct = await plain.app.request('https://afterword.example/api/user/profile');
    expect(direct.headers.get('strict-transport-security')).toBe(HSTS);

    const proxied = createTestApp({ TRUST_PROXY: '1' });
    const viaProxy = await proxied.call('GET', '/api/user/profile', undefined, undefined, { 'X-Forwarded-Proto': 'https' });
    expect(viaProxy.headers.get('strict-transport-security')).toBe('max-age=31536000; includeSubDomains');
    const httpViaProxy = await proxied.call('GET', '/api/user/profile', undefined, undefined, { 'X-Forwarded-Proto': 'http' });
    expect(httpViaProxy.headers.get('strict-transport-security')).toBeNull();
  });

  it('over a real socket (@hono/node-server, as npm start) every answer carries the same headers as through app.request()', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const { cookie } = await signUp(t);
    const requests: [string, string, RequestInit][] = [
      ['signed-in read', '/api/trustees', { headers: { cookie } }],
      ['signed-in read over HTTPS (HSTS)', '/api/user/profile', { headers: { cookie, 'X-Forwarded-Proto': 'https' } }],
      ['401', '/api/user/profile', {}],
      ['404', '/api/nothing-here', {}],
      ['400', '/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: '{"broken' }],
      ['413 (made before the route)', '/api/auth/login', { method: 'POST', headers: { 'Content-Type': 'application/json' }, body: JSON.stringify({ username: 'x'.repeat(2 * 1024 * 1024) }) }],
      ["a page with its own, stricter CSP", '/api/check-in/no-such-token', {}],
    ];
    /** The headers that say something about the answer (not the connection's, which differ between the two; of a cookie set, its name: a device cookie is new each time). */
    const headersOf = (res: Response) =>
      Object.fromEntries(
        [...res.headers]
          .filter(([k]) => !['date', 'connection', 'keep-alive', 'content-length', 'transfer-encoding'].includes(k))
          .map(([k, v]) => [k, k === 'set-cookie' ? res.headers.getSetCookie().map((c) => c.split('=')[0]) : v]),
      );
    const server = await new Promise<ReturnType<typeof serve>>((resolve) => {
      const s = serve({ fetch: t.app.fetch, port: 0, hostname: '127.0.0.1' }, () => resolve(s));
    });
    try {
      const base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
      for (const [what, path, init] of requests) {
        const direct = await (t as TestApp).app.request(`http://localhost${path}`, init);
        const real = await fetch(`${base}${path}`, init);
        expect(real.status, what).toBe(direct.status);
        expect(headersOf(real), what).toEqual(headersOf(direct));
        if (path.startsWith('/api/check-in/')) expect(real.headers.get('content-security-policy'), what).toBe(PAGE_CSP);
        else expectSecurityHeaders(real);
        expect(real.headers.get('cache-control'), what).toBe('no-store');
        expect(real.headers.get('strict-transport-security'), what).toBe(what.includes('HSTS') ? HSTS : null);
      }
    } finally {
      server.close();
    }
  });
});
