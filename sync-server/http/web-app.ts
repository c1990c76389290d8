/**
 * Serves the built web app from dist/ (issue #20 "Static files"), for GET and HEAD outside /api:
 * 1. a path listed in dist/prerender/routes.json (`{ "/login": "login.html", ... }`, written by
 *    the build's prerender step; absent in older builds) → that prerendered page;
 * 2. a file of dist/ → that file (never a dot-folder such as .vite/, never outside dist/);
 * 3. a missing file under /assets/ → 404 (a hashed asset is never answered with HTML);
 * 4. anything else → the app shell dist/index.html (the SPA fallback);
 * except under /r/, the static release pages (dist/r/, web/release/): their own files, their
 * page dist/r/index.html for `/r/d/<token>` and `/r/t/<token>`, a 404 for anything else (never
 * the app shell), all with their own strict CSP (RELEASE_APP_CSP); the trustee
 * kit page `/kit/<token>` is that same page (web/release/kit/) with that same CSP.
 * Text files are sent as the build's `.br` or `.gz` beside them (scripts/vite-precompress.ts)
 * when the request's Accept-Encoding allows it (brotli preferred; http/accept-encoding.ts) and
 * the variant is not older than the file, with `Content-Encoding`, and `Vary: Accept-Encoding`
 * whatever was chosen. Hashed `/assets/*` are cached for a year (`immutable`); every other file
 * (HTML, the service worker, the manifest, icons) is `no-cache`, i.e. revalidated, with an ETag
 * per variant so an unchanged file costs a 304. Files are read per request: a rebuild in place
 * is served at once (the PWA update test relies on it).
 */
import { existsSync, type Stats } from 'node:fs';
import { readFile, stat } from 'node:fs/promises';
import { join, relative, sep } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { Context, Hono } from 'hono';
import { getMimeType } from 'hono/utils/mime';
import type { AppEnv } from '../app-env';
import { preferredEncoding } from './accept-encoding';

/**
 * The Content-Security-Policy of everything under /r/ (the static release pages, below;
 * issue "Sealed from the server", "Release pages and the app's origin"): scripts and styles only
 * from our origin (and each one also pinned by SRI at build, scripts/release-pages.ts), no inline
 * script, no eval, connections only to us, decrypted files shown only from blob: URLs, no plugins,
 * never framed.
 */
export const RELEASE_APP_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'self'",
  "img-src 'self' blob:",
  "media-src 'self' blob:",
  "frame-src blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'self'",
  "frame-ancestors 'none'",
].join('; ');

export const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

/** The extensions the build precompresses (scripts/vite-precompress.ts COMPRESSIBLE). */
const COMPRESSIBLE = /\.(?:js|mjs|css|html|svg|json|webmanifest|txt|xml)$/;
const IMMUTABLE = 'public, max-age=31536000, immutable';
const REVALIDATE = 'no-cache';
const VARIANTS = [
  ['br', '.br'],
  ['gzip', '.gz'],
] as const;

const fileStats = (path: string): Promise<Stats | null> =>
  stat(path).then(
    (s) => (s.isFile() ? s : null),
    () => null,
  );

/**
 * The file under `root` that URL path `urlPath` names, or null for anything that could leave it
 * or reach a hidden file: undecodable escapes, NUL, backslashes, empty or dot-led segments.
 */
export function fileOfPath(root: string, urlPath: string): string | null {
  let decoded: string;
  try {
    decoded = decodeURIComponent(urlPath);
  } catch {
    return null;
  }
  if (!decoded.startsWith('/') || /[\0\\]/.test(decoded)) return null;
  const segments = decoded.slice(1).split('/');
  if (segments.some((s) => s === '' || s.startsWith('.'))) return null;
  const path = join(root, ...segments);
  const rel = relative(root, path);
  return rel === '' || rel.startsWith('..') || rel.startsWith(sep) ? null : path;
}

/** Reads routes.json when it changed since the last read; {} when absent or malformed. */
function prerenderedRoutes(distDir: string): () => Promise<Map<string, string>> {
  const file = join(distDir, 'prerender', 'routes.json');
  let cached: { mtimeMs: number; routes: Map<string, string> } | null = null;
  return async () => {
    const s = await fileStats(file);
    if (!s) return new Map();
    if (cached?.mtimeMs === s.mtimeMs) return cached.routes;
    const routes = new Map<string, string>();
    try {
      const parsed = JSON.parse(await readFile(file, 'utf8')) as unknown;
      for (const [path, page] of Object.entries(parsed ?? {})) {
        // Only plain HTML file names inside prerender/ (the build writes nothing else).
        if (typeof page === 'string' && /^[\w-]+\.html$/.test(page)) routes.set(path, join(distDir, 'prerender', page));
      }
    } catch {
      /* a half-written or broken routes.json: serve the shell until the build finishes */
    }
    cached = { mtimeMs: s.mtimeMs, routes };
    return routes;
  };
}

/** Answers with `path` (whose stats are `s`), negotiating its precompressed variants. */
async function sendFile(c: Context, path: string, s: Stats, cacheControl: string): Promise<Response> {
  let served = path;
  let size = s.size;
  let mtimeMs = s.mtimeMs;
  const headers: Record<string, string> = {
    'Content-Type': getMimeType(path) ?? 'application/octet-stream',
    'Cache-Control': cacheControl,
  };
  if (COMPRESSIBLE.test(path)) {
    headers.Vary = 'Accept-Encoding';
    const available: { coding: string; file: string; s: Stats }[] = [];
    for (const [coding, ext] of VARIANTS) {
      const v = await fileStats(path + ext);
      if (v && v.mtimeMs >= s.mtimeMs) available.push({ coding, file: path + ext, s: v }); // an older variant is stale
    }
    const coding = preferredEncoding(c.req.header('accept-encoding'), available.map((a) => a.coding));
    const chosen = available.find((a) => a.coding === coding);
    if (chosen) {
      headers['Content-Encoding'] = chosen.coding;
      served = chosen.file;
      size = chosen.s.size;
      mtimeMs = chosen.s.mtimeMs;
    }
  }
  headers.ETag = `"${Math.floor(mtimeMs).toString(36)}-${size.toString(36)}${headers['Content-Encoding'] ? `-${headers['Content-Encoding']}` : ''}"`;
  const inm = c.req.header('if-none-match');
  if (inm && inm.split(',').some((tag) => tag.trim().replace(/^W\//, '') === headers.ETag)) {
    delete headers['Content-Type'];
    return c.body(null, 304, headers);
  }
  headers['Content-Length'] = String(size);
  if (c.req.method === 'HEAD') return c.body(null, 200, headers);
  return c.body(new Uint8Array(await readFile(served)), 200, headers);
}

/** A page or file of the static release pages (dist/r/), with their CSP; see the module's comment. */
async function releasePage(c: Context, distDir: string, urlPath: string): Promise<Response> {
  c.header('Content-Security-Policy', RELEASE_APP_CSP);
  const root = join(distDir, 'r');
  const page = /^\/r\/[dt]\/[A-Za-z0-9_-]{1,100}$/.test(urlPath) || /^\/kit\/[A-Za-z0-9_-]{1,100}$/.test(urlPath);
  const file = page ? join(root, 'index.html') : urlPath.startsWith('/kit') ? null : fileOfPath(root, urlPath.slice(2));
  const s = file ? await fileStats(file) : null;
  if (!file || !s) return c.text('Not found', 404, { 'Cache-Control': REVALIDATE });
  return sendFile(c, file, s, urlPath.startsWith('/r/assets/') ? IMMUTABLE : REVALIDATE);
}

/** Mounts the web app of `distDir` on `app` (after the API). Does nothing when it has not been built. */
export function mountWebApp(app: Hono<AppEnv>, distDir: string = DIST_DIR): void {
  const shell = join(distDir, 'index.html');
  if (!existsSync(shell)) return;
  const routes = prerenderedRoutes(distDir);
  app.get('*', async (c, next) => {
    const urlPath = c.req.path;
    if (urlPath.startsWith('/api/')) return next();
    if (urlPath === '/r' || urlPath.startsWith('/r/') || urlPath === '/kit' || urlPath.startsWith('/kit/')) return releasePage(c, distDir, urlPath);
    const page = (await routes()).get(urlPath);
    const pageStats = page ? await fileStats(page) : null;
    if (page && pageStats) return sendFile(c, page, pageStats, REVALIDATE);
    const file = fileOfPath(distDir, urlPath);
    const fileStat = file ? await fileStats(file) : null;
    if (file && fileStat) return sendFile(c, file, fileStat, urlPath.startsWith('/assets/') ? IMMUTABLE : REVALIDATE);
    if (urlPath.startsWith('/assets/')) return c.text('Not found', 404, { 'Cache-Control': REVALIDATE });
    const shellStat = await fileStats(shell);
    return shellStat ? sendFile(c, shell, shellStat, REVALIDATE) : next();
  });
}
