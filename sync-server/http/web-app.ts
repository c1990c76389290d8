/**
 * Serves the built web app from dist/: hashed assets cached for a year, everything else
 * revalidated (so a new service worker and index.html are seen at once), and the SPA fallback
 * to index.html for any other GET that is not under /api (an unknown /api path is a JSON 404).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { fileURLToPath } from 'node:url';
import { serveStatic } from '@hono/node-server/serve-static';
import type { Hono } from 'hono';
import type { AppEnv } from '../app-env';

export const DIST_DIR = fileURLToPath(new URL('../../dist/', import.meta.url));

/** Mounts static files and the SPA fallback on `app`. Does nothing when dist/ has not been built. */
export function mountWebApp(app: Hono<AppEnv>, distDir: string = DIST_DIR): void {
  const indexFile = join(distDir, 'index.html');
  if (!existsSync(indexFile)) return;
  const root = relative(process.cwd(), distDir) || '.';
  app.use('*', async (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    await next();
    if (c.res.status < 400) {
      c.header(
        'Cache-Control',
        c.req.path.startsWith('/assets/') ? 'public, max-age=31536000, immutable' : 'no-cache',
      );
    }
  });
  // Prerendered public pages (issue #20; dist/prerender/routes.json, written by scripts/prerender.ts).
  const routesFile = join(distDir, 'prerender', 'routes.json');
  const prerendered: Record<string, string> = existsSync(routesFile) ? JSON.parse(readFileSync(routesFile, 'utf8')) : {};
  app.get('*', (c, next) => {
    const file = Object.hasOwn(prerendered, c.req.path) ? prerendered[c.req.path] : undefined;
    return file ? c.html(readFileSync(join(distDir, 'prerender', file), 'utf8')) : next();
  });
  app.get('*', serveStatic({ root }));
  app.get('*', (c, next) => {
    if (c.req.path.startsWith('/api/')) return next();
    return c.html(readFileSync(indexFile, 'utf8'));
  });
}
