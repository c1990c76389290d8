import { mkdirSync, mkdtempSync, rmSync, utimesSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliDecompressSync, gunzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import { precompressDir } from '../../scripts/vite-precompress';
import { createTestApp } from '../test/test-support';
import { preferredEncoding } from './accept-encoding';
import { mountWebApp, RELEASE_APP_CSP } from './web-app';

const JS = `export const greeting = ${JSON.stringify('Hello, world. '.repeat(200))};\n`;
const SHELL = `<!doctype html><html><head><title>Afterword</title></head><body><div id="root"></div>${' '.repeat(600)}</body></html>`;
const LOGIN = `<!doctype html><html><head><title>Sign in</title></head><body><div id="root"><h1>Sign in</h1>${'<p>Welcome back.</p>'.repeat(40)}</div></body></html>`;
const SECRET = 'top secret beside dist';

/** A built-looking dist/ in a temp folder (precompressed by the build's own step), and a secret beside it. */
async function fixture(opts: { routes?: string | null } = {}) {
  const root = mkdtempSync(join(tmpdir(), 'afterword-webapp-'));
  const dist = join(root, 'dist');
  mkdirSync(join(dist, 'assets'), { recursive: true });
  mkdirSync(join(dist, 'prerender'));
  mkdirSync(join(dist, '.vite'));
  writeFileSync(join(root, 'secret.txt'), SECRET);
  writeFileSync(join(dist, 'index.html'), SHELL);
  writeFileSync(join(dist, 'sw.js'), `self.addEventListener('fetch', () => {});\n${'// precache\n'.repeat(80)}`);
  writeFileSync(join(dist, 'manifest.webmanifest'), JSON.stringify({ name: 'Afterword', description: 'x'.repeat(400), icons: [] }));
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.js'), JS);
  writeFileSync(join(dist, 'assets', 'app-1a2b3c.css'), `body { color: black; }\n${'.a { margin: 0 }\n'.repeat(60)}`);
  writeFileSync(join(dist, 'pwa-192x192.png'), Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a, ...new Array(200).fill(0)]));
  writeFileSync(join(dist, '.vite', 'manifest.json'), '{"hidden":true}');
  writeFileSync(join(dist, 'prerender', 'login.html'), LOGIN);
  if (opts.routes !== null) writeFileSync(join(dist, 'prerender', 'routes.json'), opts.routes ?? JSON.stringify({ '/login': 'login.html' }));
  await precompressDir(dist);
  const t = createTestApp();
  mountWebApp(t.app, dist);
  const get = (path: string, headers: Record<string, string> = {}, method = 'GET') => t.app.request(`http://localhost${path}`, { method, headers });
  return { root, dist, get, cleanup: () => rmSync(root, { recursive: true, force: true }) };
}

/** The body of `res` decoded per its Content-Encoding, and its byte count as sent. */
async function decoded(res: Response): Promise<{ text: string; bytes: number }> {
  const raw = Buffer.from(await res.arrayBuffer());
  const coding = res.headers.get('content-encoding');
  const plain = coding === 'br' ? brotliDecompressSync(raw) : coding === 'gzip' ? gunzipSync(raw) : raw;
  return { text: plain.toString('utf8'), bytes: raw.length };
}

describe('static files: precompressed variants by Accept-Encoding (issue #20)', () => {
  it.each([
    ['gzip, deflate, br, zstd', 'br'],
    ['gzip', 'gzip'],
    ['br;q=0, gzip', 'gzip'],
    ['gzip;q=1, br;q=0.5', 'gzip'],
    ['*', 'br'],
    ['x-gzip', 'gzip'],
    ['identity', null],
    ['br;q=0, gzip;q=0', null],
    [undefined, null],
  ])('Accept-Encoding %s → %s, same content, Vary and the sent byte count', async (accept, coding) => {
    const f = await fixture();
    const res = await f.get('/assets/app-1a2b3c.js', accept === undefined ? {} : { 'Accept-Encoding': accept });
    expect(res.status).toBe(200);
    expect(res.headers.get('content-encoding')).toBe(coding);
    expect(res.headers.get('vary')).toBe('Accept-Encoding');
    expect(res.headers.get('content-type')).toBe('text/javascript; charset=utf-8');
    const body = await decoded(res);
    expect(body.text).toBe(JS);
    expect(res.headers.get('content-length')).toBe(String(body.bytes));
    if (coding) expect(body.bytes).toBeLessThan(Buffer.byteLength(JS));
    f.cleanup();
  });

  it('a variant older than its file (the file rewritten after compression) is never sent', async () => {
    const f = await fixture();
    const rewritten = SHELL.replace('Afterword', 'Rewritten');
    writeFileSync(join(f.dist, 'index.html'), rewritten);
    const at = (offsetMs: number) => new Date(Date.now() + offsetMs);
    utimesSync(join(f.dist, 'index.html'), at(0), at(0));
    utimesSync(join(f.dist, 'index.html.br'), at(-60_000), at(-60_000));
    utimesSync(join(f.dist, 'index.html.gz'), at(60_000), at(60_000));
    expect((await f.get('/index.html', { 'Accept-Encoding': 'br, gzip' })).headers.get('content-encoding')).toBe('gzip');
    utimesSync(join(f.dist, 'index.html.gz'), at(-60_000), at(-60_000));
    const res = await f.get('/dashboard', { 'Accept-Encoding': 'br, gzip' });
    expect(res.headers.get('content-encoding')).toBeNull();
    expect((await decoded(res)).text).toBe(rewritten);
    f.cleanup();
  });

  it('ETag per variant: an unchanged file revalidates with 304 and no body; HEAD sends headers only', async () => {
    const f = await fixture();
    const br = await f.get('/sw.js', { 'Accept-Encoding': 'br' });
    const plain = await f.get('/sw.js');
    const tag = br.headers.get('etag')!;
    expect(tag).toMatch(/^".+"$/);
    expect(plain.headers.get('etag')).not.toBe(tag);
    const again = await f.get('/sw.js', { 'Accept-Encoding': 'br', 'If-None-Match': tag });
    expect(again.status).toBe(304);
    expect(again.headers.get('cache-control')).toBe('no-cache');
    expect((await again.arrayBuffer()).byteLength).toBe(0);
    const head = await f.get('/assets/app-1a2b3c.js', { 'Accept-Encoding': 'br' }, 'HEAD');
    expect(head.status).toBe(200);
    const js = await f.get('/assets/app-1a2b3c.js', { 'Accept-Encoding': 'br' });
    expect(head.headers.get('content-length')).toBe(String((await js.arrayBuffer()).byteLength));
    expect((await head.arrayBuffer()).byteLength).toBe(0);
    f.cleanup();
  });
});

describe('static files: caching and types per kind (issue #20)', () => {
  it('hashed /assets/* are immutable for a year; HTML, the service worker, the manifest and icons are no-cache', async () => {
    const f = await fixture();
    const expectations: [string, string, string, boolean][] = [
      ['/assets/app-1a2b3c.js', 'public, max-age=31536000, immutable', 'text/javascript; charset=utf-8', true],
      ['/assets/app-1a2b3c.css', 'public, max-age=31536000, immutable', 'text/css; charset=utf-8', true],
      ['/index.html', 'no-cache', 'text/html; charset=utf-8', true],
      ['/', 'no-cache', 'text/html; charset=utf-8', true],
      ['/sw.js', 'no-cache', 'text/javascript; charset=utf-8', true],
      ['/manifest.webmanifest', 'no-cache', 'application/manifest+json', true],
      ['/login', 'no-cache', 'text/html; charset=utf-8', true],
      ['/pwa-192x192.png', 'no-cache', 'image/png', false],
    ];
    for (const [path, cache, type, text] of expectations) {
      const res = await f.get(path, { 'Accept-Encoding': 'br, gzip' });
      expect(res.status, path).toBe(200);
      expect(res.headers.get('cache-control'), path).toBe(cache);
      expect(res.headers.get('content-type'), path).toBe(type);
      expect(res.headers.get('content-encoding'), path).toBe(text ? 'br' : null);
      expect(res.headers.get('vary'), path).toBe(text ? 'Accept-Encoding' : null);
      expect(res.headers.get('x-content-type-options'), path).toBe('nosniff'); // security headers still apply
    }
    f.cleanup();
  });
});

describe('static files: prerendered pages, the shell, and what is never served (issue #20)', () => {
  it('a path of routes.json gets its prerendered page; other routes the shell; /api stays JSON', async () => {
    const f = await fixture();
    expect((await decoded(await f.get('/login', { 'Accept-Encoding': 'gzip' }))).text).toBe(LOGIN);
    for (const path of ['/', '/dashboard', '/message-vault/123', '/login/']) {
      const res = await f.get(path, { 'Accept-Encoding': 'br' });
      expect(res.status, path).toBe(200);
      expect((await decoded(res)).text, path).toBe(SHELL);
    }
    const api = await f.get('/api/no-such-thing');
    expect(api.status).toBe(404);
    expect(await api.json()).toEqual({ error: 'Not found' });
    const missing = await f.get('/assets/app-gone.js');
    expect(missing.status).toBe(404); // never HTML for a script
    f.cleanup();
  });

  it('without routes.json (an older build) or with a broken one, every page route gets the shell', async () => {
    for (const routes of [null, '{"/login": "login.ht', JSON.stringify({ '/login': '../../secret.txt', '/x': 'sub/login.html' })]) {
      const f = await fixture({ routes });
      for (const path of ['/login', '/x']) expect((await decoded(await f.get(path))).text, `${routes} ${path}`).toBe(SHELL);
      f.cleanup();
    }
  });

  it('no path leaves dist/ or reaches a dot-folder', async () => {
    const f = await fixture();
    const attempts = [
      '/../secret.txt',
      '/%2e%2e/secret.txt',
      '/%2E%2E%2Fsecret.txt',
      '/assets/..%2f..%2fsecret.txt',
      '/..%5csecret.txt',
      '/%2e%2e%5csecret.txt',
      '//secret.txt',
      '/.vite/manifest.json',
      '/%2evite/manifest.json',
      '/index.html%00.png',
      '/%ff',
    ];
    for (const path of attempts) {
      const res = await f.get(path);
      const text = (await decoded(res)).text;
      expect(text, path).not.toContain(SECRET);
      expect(text, path).not.toContain('hidden');
    }
    f.cleanup();
  });
});

describe('preferredEncoding (RFC 9110 §12.5.3)', () => {
  it('takes the highest q the server has, the server’s order on ties; malformed q counts as 0', () => {
    expect(preferredEncoding('gzip;q=0.8, br;q=0.9', ['br', 'gzip'])).toBe('br');
    expect(preferredEncoding('GZIP, BR', ['br', 'gzip'])).toBe('br');
    expect(preferredEncoding('br;q=abc, gzip;q=0.1', ['br', 'gzip'])).toBe('gzip');
    expect(preferredEncoding('*;q=0.5, br;q=0', ['br', 'gzip'])).toBe('gzip');
    expect(preferredEncoding('br', ['gzip'])).toBeNull();
    expect(preferredEncoding('', ['br'])).toBeNull();
  });
});

describe('the static release pages under /r/ (issue "Sealed from the server", "Release pages and the app\'s origin")', () => {
  it('a page path gets dist/r/index.html with the release CSP; its assets are served; anything else under /r/ is 404, never the app shell', async () => {
    const f = await fixture();
    const PAGE = '<!doctype html><html><head><title>Afterword</title></head><body><main id="main"></main></body></html>';
    mkdirSync(join(f.dist, 'r', 'assets'), { recursive: true });
    writeFileSync(join(f.dist, 'r', 'index.html'), PAGE);
    writeFileSync(join(f.dist, 'r', 'assets', 'index-abc.js'), JS);
    writeFileSync(join(f.dist, 'r', 'sw.js'), 'self.addEventListener("fetch", () => {});');
    for (const path of ['/r/d/uoNsFWtf6bBVImTS4UHNTUi9fgdrG4Bns28e0pFEogg', '/r/t/abc_DEF-123']) {
      const res = await f.get(path);
      expect(res.status, path).toBe(200);
      expect(await res.text()).toBe(PAGE);
      expect(res.headers.get('content-security-policy')).toBe(RELEASE_APP_CSP);
    }
    const asset = await f.get('/r/assets/index-abc.js');
    expect(asset.headers.get('cache-control')).toBe('public, max-age=31536000, immutable');
    expect(asset.headers.get('content-security-policy')).toBe(RELEASE_APP_CSP);
    expect((await f.get('/r/sw.js')).status).toBe(200);
    for (const path of ['/r/', '/r/x/abc', '/r/d/', '/r/d/a/b', '/r/assets/missing.js', '/r/.vite/manifest.json', '/r']) {
      const res = await f.get(path);
      expect(res.status, path).toBe(404);
      expect(await res.text(), path).not.toContain('<div id="root">');
    }
    expect(RELEASE_APP_CSP).toMatch(/script-src 'self'; /);
    expect(RELEASE_APP_CSP).not.toContain('unsafe');
    f.cleanup();
  });

  it('the trustee kit page /kit/<token> is that same page with the same CSP; anything else under /kit is 404, never the app shell', async () => {
    const f = await fixture();
    const PAGE = '<!doctype html><html><head><title>Afterword</title></head><body><main id="main"></main></body></html>';
    mkdirSync(join(f.dist, 'r'), { recursive: true });
    writeFileSync(join(f.dist, 'r', 'index.html'), PAGE);
    const res = await f.get('/kit/Ab3_x-Yz0123456789abcd');
    expect(res.status).toBe(200);
    expect(await res.text()).toBe(PAGE);
    expect(res.headers.get('content-security-policy')).toBe(RELEASE_APP_CSP);
    for (const path of ['/kit', '/kit/', '/kit/a/b', '/kit/index.html/x', '/kit/abc%20def', '/kit/.hidden']) {
      const r = await f.get(path);
      expect(r.status, path).toBe(404);
      expect(await r.text(), path).not.toContain('<div id="root">');
      expect(r.headers.get('content-security-policy'), path).toBe(RELEASE_APP_CSP);
    }
    f.cleanup();
  });
});
