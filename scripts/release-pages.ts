/**
 * Vite plugin: after the app's build, builds the static release pages (web/release/, issue
 * "Sealed from the server", "Release pages and the app's origin") as their own small bundle into
 * <outDir>/r/, under base /r/: no app shell, no React, no local database. They are served by
 * sync-server/http/web-app.ts with their own CSP and are neither precached nor answered by the
 * app's service worker (vite.config.ts).
 *
 * Subresource Integrity: computed here at build (no plugin; `sriAttributes`), sha384 of every
 * script, module preload and stylesheet the built page links, written as `integrity`. Chunks
 * loaded later with import() (the binder's pdf-lib) cannot carry SRI in browsers today; the CSP
 * (`script-src 'self'`) still limits them to our origin.
 */
import { createHash } from 'node:crypto';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { messageCatalogs } from './vite-catalogs';

/** `html` with an integrity="sha384-…" on each <script src> and <link href> whose file is in `files` (URL path → bytes). */
export function sriAttributes(html: string, files: (path: string) => string | Uint8Array | undefined): string {
  return html.replace(/<(script|link)\b([^>]*?)\s(src|href)="([^"]+)"([^>]*)>/g, (tag, name: string, before: string, attr: string, url: string, after: string) => {
    if (/\bintegrity=/.test(tag)) return tag;
    const bytes = files(url);
    if (bytes === undefined) {
      if (name === 'script' || /rel="(stylesheet|modulepreload)"/.test(tag)) throw new Error(`release pages: no built file for ${url}`);
      return tag;
    }
    const digest = createHash('sha384').update(bytes).digest('base64');
    return `<${name}${before} ${attr}="${url}" integrity="sha384-${digest}"${after}>`;
  });
}

/**
 * Plugin of the nested build: adds SRI to the built index.html from the files as WRITTEN (after
 * every transform and minification: hashing in generateBundle saw code that changed afterwards).
 */
function sri(base: string): Plugin {
  return {
    name: 'afterword-release-sri',
    enforce: 'post',
    writeBundle(options) {
      const dir = options.dir!;
      const page = join(dir, 'index.html');
      const fileOf = (url: string) => {
        if (!url.startsWith(base)) return undefined;
        const path = join(dir, url.slice(base.length));
        return existsSync(path) ? readFileSync(path) : undefined;
      };
      writeFileSync(page, sriAttributes(readFileSync(page, 'utf8'), fileOf));
    },
  };
}

/** The plugin for the app's vite.config.ts. */
export function buildReleasePages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'afterword-release-pages',
    apply: 'build',
    configResolved(c) {
      config = c;
    },
    closeBundle: {
      sequential: true,
      async handler() {
        if (config.build.ssr) return;
        const base = '/r/';
        await build({
          configFile: false,
          logLevel: 'warn',
          root: fileURLToPath(new URL('../web/release', import.meta.url)),
          base,
          publicDir: false,
          build: { outDir: join(config.build.outDir, 'r'), emptyOutDir: true, sourcemap: false, manifest: false },
          plugins: [messageCatalogs(), sri(base)], // the pages' words (web/release/words.ts), compiled as the app's
        });
        // The streaming worker (web/release/sw.ts) as one classic script at /r/sw.js: its scope is /r/
        // by where it lives, and a classic worker runs in every browser that has service workers.
        await build({
          configFile: false,
          logLevel: 'warn',
          publicDir: false,
          build: {
            outDir: join(config.build.outDir, 'r'),
            emptyOutDir: false,
            sourcemap: false,
            lib: { entry: fileURLToPath(new URL('../web/release/sw.ts', import.meta.url)), formats: ['iife'], name: 'afterwordReleaseWorker', fileName: () => 'sw.js' },
          },
        });
      },
    },
  };
}
