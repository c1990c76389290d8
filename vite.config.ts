/**
 * Build of the web app (web/ → dist/). The PWA plugin (DESIGN.md §5) writes the web manifest,
 * generates every icon from public/favicon.svg (pwa-assets.config.ts), and builds a service
 * worker that precaches the app shell and falls back to it for navigations, never for /api.
 * registerType 'prompt': a new version waits until the person presses Reload (web/pwa/).
 * In dev, /api is proxied to the sync-server. After the build, the public pages are prerendered to
 * dist/prerender/ (scripts/prerender.ts, issue #20); the service worker does not precache them.
 *
 * Env: VITE_BUILD_ID names the build ('dev' when unset), written into index.html as <html
 * data-build> (buildIdInHtml below); AFTERWORD_OUT_DIR builds elsewhere than dist/.
 */
import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, type Plugin } from 'vite';
import { VitePWA } from 'vite-plugin-pwa';
import { binderAssetsList } from './scripts/binder-assets';
import { prerenderPublicPages } from './scripts/prerender';
import { precompress } from './scripts/vite-precompress';
import { createSignedInChunk } from './scripts/signed-in-chunk';
import { refuseChunkCycles } from './scripts/chunk-cycles';
import { messageCatalogs } from './scripts/vite-catalogs';
import { buildReleasePages } from './scripts/release-pages';
import { classicScripts } from './scripts/classic-scripts';
import { BINDER_ASSET_PATTERN, BINDER_CACHE_MAX_ENTRIES, BINDER_CACHE_NAME } from './web/features/export/binder-cache';

const here = (p: string) => fileURLToPath(new URL(p, import.meta.url));

/**
 * Names the build in its app shell: `<html data-build="…">` from VITE_BUILD_ID ('dev' when unset).
 * In the HTML, not the JS, so a version differs from another by its index.html, which is precached:
 * the e2e update test (e2e/next-build.ts) makes its "new version" from a copy of dist/ that way.
 */
function buildIdInHtml(id = process.env.VITE_BUILD_ID ?? 'dev'): Plugin {
  const attr = id.replace(/[^\w.-]/g, '');
  return { name: 'afterword-build-id', transformIndexHtml: (html) => html.replace(/<html\b/, `<html data-build="${attr}"`) };
}

/**
 * React Router's production build (its dist/production) in place of the development one its package
 * exports to every bundler: the same code but for ENABLE_DEV_WARNINGS = false, so the built app
 * leaves its development warnings out (0.6 KB of JS gzip on every signed-in start, issue 41); the
 * dev server keeps the warnings. Both entries, so the app and react-router-dom share one copy.
 */
function reactRouterProduction(): Plugin {
  const dist = here('./node_modules/react-router/dist/production');
  return {
    name: 'afterword-react-router-production',
    apply: 'build',
    config: () => ({
      resolve: {
        alias: [
          { find: /^react-router$/, replacement: `${dist}/index.mjs` },
          { find: /^react-router\/dom$/, replacement: `${dist}/dom-export.mjs` },
        ],
      },
    }),
  };
}

/** The tests' pseudo-locale chunk (web/i18n/pseudo.ts), left out of the precache. */
const PSEUDO_CHUNK = /\/pseudo-[\w-]+\.js$/;

const signedIn = createSignedInChunk(); // the signed-in start's chunk: its plugin and its group share one set of modules

export default defineConfig({
  root: here('./web'),
  publicDir: here('./public'),
  // manifest: dist/.vite/manifest.json, read by bench/bundle.ts to size what each route loads.
  build: {
    outDir: process.env.AFTERWORD_OUT_DIR ?? here('./dist'),
    emptyOutDir: true,
    sourcemap: false,
    manifest: true,
    // What the entry imports statically is one chunk (issue #20). Left to itself, rolldown split it
    // into ten (react, jsx-runtime, cn, labels…: 0.4–3 KB each, being shared with lazy routes), all
    // fetched before the first screen: ten requests where one does, which cost the landing page
    // ~200 ms of simulated Largest Contentful Paint, and 2–4 KB of JS gzip on every route.
    rolldownOptions: {
      // And what a signed-in start runs is one chunk too, but for the large libraries (scripts/signed-in-chunk.ts, issue 41).
      output: {
        codeSplitting: {
          groups: [{ name: 'app', tags: ['$initial'] }, signedIn.group, signedIn.keysGroup, signedIn.sharedGroup],
        },
      },
      // A feature's index.ts (what it offers other features, issue 42) is re-exports only, with no
      // side effects of its own: said here, so importing one name from it loads that name's module,
      // not every module it re-exports (the store, the forms' words…), as importing the file did.
      treeshake: { moduleSideEffects: [{ test: /\/web\/features\/[^/]+\/index\.ts$/, sideEffects: false }] },
    },
  },
  resolve: {
    // Dexie's modern ES build (dist/modern, ES2018+: the evergreen browsers the app supports) in
    // place of its ES5 UMD file, which `import 'dexie'` reaches through import-wrapper.mjs: 1.8 KB
    // of JS gzip less on every signed-in start (issue 41). One file for every importer (the app,
    // dexie-react-hooks), so still one Dexie instance. Unit tests (vitest.config.ts) keep the package's own entry.
    alias: [{ find: /^dexie$/, replacement: here('./node_modules/dexie/dist/modern/dexie.mjs') }],
  },
  server: { proxy: { '/api': `http://127.0.0.1:${process.env.PORT ?? 8787}` } },
  plugins: [
    reactRouterProduction(),
    messageCatalogs(), // web/i18n/catalogs/*.json compiled to Lingui's messages (issue 44, docs/i18n.md)
    react(),
    signedIn.plugin,
    refuseChunkCycles(), // chunks that import each other run in an order set by timing (scripts/chunk-cycles.ts)
    tailwindcss(),
    buildIdInHtml(),
    classicScripts(here('./web/classic')), // zod-csp.js at the root, without its comments
    prerenderPublicPages(),
    buildReleasePages(), // dist/r/: the static release pages, their own bundle (web/release/)
    binderAssetsList(), // dist/binder-assets.json: the binder's files, for the app to warm their cache
    VitePWA({
      registerType: 'prompt',
      injectRegister: false,
      includeAssets: ['robots.txt', 'favicon.svg'],
      pwaAssets: { config: here('./pwa-assets.config.ts'), overrideManifestIcons: true, injectThemeColor: false },
      manifest: {
        id: '/',
        name: 'Afterword',
        short_name: 'Afterword',
        description: 'Plan what happens after you die, and leave words for the people you love.',
        lang: 'en',
        display: 'standalone',
        start_url: '/dashboard',
        scope: '/',
        orientation: 'any',
        categories: ['lifestyle', 'productivity'],
        theme_color: '#334155',
        background_color: '#f8fafc',
      },
      workbox: {
        // Without clientsClaim the first visit is never controlled (so never works offline).
        clientsClaim: true,
        // ...and a page whose load was in flight when it activated asks to be claimed (web/pwa/claim.ts).
        // ...and check-in reminders by Web Push (DESIGN.md §8 "Check-ins").
        importScripts: ['/sw-claim.js', '/sw-push.js'],
        navigateFallback: '/index.html',
        // Never the app shell for the API, nor for the release pages (/r/, and the kit page /kit/: their
        // own page, CSP and no local data).
        navigateFallbackDenylist: [/^\/api(\/|$)/, /^\/r(\/|$)/, /^\/kit(\/|$)/],
        // Not *.webmanifest: the plugin precaches the manifest itself, and a second entry with another
        // revision makes Workbox throw before it installs anything (no offline at all).
        globPatterns: ['**/*.{js,css,html,svg,png,ico}', 'binder-assets.json'],
        // The family binder's pdf-lib + fontkit chunk (1.1 MB) and fonts (DejaVu Sans, 1.5 MB) are
        // not precached: the first visit is controlled only once the whole precache is installed,
        // and they more than doubled it (3.75 MB, too slow on a busy machine). They are cached on
        // first use (below) and warmed once the app is idle (web/features/export/binder-cache.ts).
        // Nor the tests' pseudo-locale catalog (web/i18n/pseudo.ts): never a person's language.
        manifestTransforms: [async (entries) => ({ manifest: entries.filter((e) => !BINDER_ASSET_PATTERN.test(e.url) && !PSEUDO_CHUNK.test(e.url)), warnings: [] })],
        runtimeCaching: [
          {
            urlPattern: BINDER_ASSET_PATTERN,
            handler: 'CacheFirst', // hashed, immutable file names
            options: {
              cacheName: BINDER_CACHE_NAME,
              cacheableResponse: { statuses: [200] },
              expiration: { maxEntries: BINDER_CACHE_MAX_ENTRIES },
            },
          },
        ],
        // Prerendered pages are for a first visit over the network; offline, the shell renders them.
        // The release pages (r/) are not the app's: never precached (a trustee's phone needs no app).
        globIgnores: ['prerender/**', 'r/**'],
        cleanupOutdatedCaches: true,
      },
    }),
    precompress(), // last: .br and .gz beside every text file of dist/ (issue #20; served by sync-server/http/web-app.ts)
  ],
});
