/**
 * Vite plugin: after the client build, prerenders the public pages to HTML (issue #20 "First
 * paint without JavaScript"). It builds web/prerender-entry.tsx for Node (an SSR build into a
 * temporary folder), renders each page of web/prerender-pages.ts into the built app shell
 * (dist/index.html, whose <div id="root"> stays empty: it is the SPA and service-worker
 * fallback), adds <link rel="modulepreload"> for the page's own chunks (scripts at low priority), and writes
 * dist/prerender/<file> plus dist/prerender/routes.json ({ "/": "landing.html", ... }).
 * Throws (failing the build) when a page cannot be rendered or the shell has no root element.
 */
import { existsSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { join, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import react from '@vitejs/plugin-react';
import { build, type Plugin, type ResolvedConfig } from 'vite';
import { messageCatalogs } from './vite-catalogs';
import type { PrerenderPage } from '../web/prerender-pages';

const ROOT_ELEMENT = '<div id="root"></div>';
const PWA_REGISTER = 'virtual:pwa-register/react';

interface ManifestChunk {
  file: string;
  imports?: string[];
}

/** The JS files `key` loads (itself and its static imports), as /assets/... URLs. */
function chunkFiles(manifest: Record<string, ManifestChunk>, key: string, seen = new Set<string>()): Set<string> {
  if (seen.has(key) || !manifest[key]) return seen;
  seen.add(key);
  for (const dep of manifest[key].imports ?? []) chunkFiles(manifest, dep, seen);
  return seen;
}

/**
 * `shell` with `markup` inside the root element and preloads of the page's chunks not yet in the
 * shell. Its scripts get fetchpriority="low": the page is readable without them, so the document
 * and the stylesheet go first (Lighthouse's simulated first paint then waits for neither script).
 */
export function pageHtml(shell: string, markup: string, preloads: readonly string[]): string {
  if (!shell.includes(ROOT_ELEMENT)) throw new Error(`The app shell has no ${ROOT_ELEMENT}`);
  const links = preloads.filter((href) => !shell.includes(`"${href}"`)).map((href) => `<link rel="modulepreload" crossorigin href="${href}">`);
  return shell
    .replace('</head>', `${links.join('\n')}</head>`)
    .replace(/<(script type="module"|link rel="modulepreload")/g, '<$1 fetchpriority="low"')
    .replace(ROOT_ELEMENT, `<div id="root">${markup}</div>`);
}

/** The plugin; add it to vite.config.ts. Does nothing in dev or in its own SSR build. */
export function prerenderPublicPages(): Plugin {
  let config: ResolvedConfig;
  return {
    name: 'afterword-prerender',
    apply: 'build',
    configResolved(resolved) {
      config = resolved;
    },
    // Sequential: the files exist before the post-order steps (scripts/vite-precompress.ts) run.
    closeBundle: { sequential: true, handler: renderAll },
  };

  /** Builds the renderer, renders every page into the shell, writes them and routes.json. */
  async function renderAll() {
    if (config.build.ssr) return;
    const outDir = resolve(config.root, config.build.outDir);
    if (!existsSync(join(outDir, 'index.html'))) return; // the build failed before writing the shell, and says why itself
    // Inside the repository, so the SSR bundle's bare imports (react, react-router-dom) resolve to node_modules.
    const tmp = resolve(config.root, '..', '.prerender', String(process.pid));
    try {
      await build({
        configFile: false,
        root: config.root,
        logLevel: 'warn',
        plugins: [
          messageCatalogs(), // the pages' words, compiled as the app's are (issue 44)
          react(),
          {
            // The service-worker hook has no meaning at build time: UpdatePrompt renders nothing.
            name: 'afterword-prerender-pwa-stub',
            resolveId: (id) => (id === PWA_REGISTER ? `\0${PWA_REGISTER}` : undefined),
            load: (id) =>
              id === `\0${PWA_REGISTER}`
                ? 'export const useRegisterSW = () => ({ needRefresh: [false, () => {}], offlineReady: [false, () => {}], updateServiceWorker: async () => {} });'
                : undefined,
          },
        ],
        build: { ssr: 'prerender-entry.tsx', outDir: tmp, emptyOutDir: true, minify: false, copyPublicDir: false },
      });
      const entry = (await import(pathToFileURL(join(tmp, 'prerender-entry.js')).href)) as {
        PRERENDER_PAGES: readonly PrerenderPage[];
        renderPage: (path: string) => Promise<string>;
      };
      const shell = readFileSync(join(outDir, 'index.html'), 'utf8');
      const manifest = JSON.parse(readFileSync(join(outDir, '.vite', 'manifest.json'), 'utf8')) as Record<string, ManifestChunk>;
      mkdirSync(join(outDir, 'prerender'), { recursive: true });
      const routes: Record<string, string> = {};
      for (const page of entry.PRERENDER_PAGES) {
        const markup = await entry.renderPage(page.path);
        const preloads = [...chunkFiles(manifest, page.module)].map((k) => `/${manifest[k]!.file}`);
        writeFileSync(join(outDir, 'prerender', page.file), pageHtml(shell, markup, preloads));
        routes[page.path] = page.file;
      }
      writeFileSync(join(outDir, 'prerender', 'routes.json'), `${JSON.stringify(routes, null, 2)}\n`);
    } finally {
      rmSync(tmp, { recursive: true, force: true });
    }
  }
}
