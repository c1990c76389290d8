/**
 * Where the family binder's big pieces live offline (issue #18; the CI failure of the service
 * worker's first install): pdf-lib with fontkit (the `binder` chunk, ~1.1 MB) and the two DejaVu
 * Sans faces (~1.5 MB) are kept out of the service worker's precache, which the app shell waits
 * on before the first visit is controlled. They are cached at runtime, cache-first, in their own
 * cache, and warmed in the background once the app is installed and idle (warm-binder.ts).
 *
 * Read by the build (vite.config.ts, scripts/binder-assets.ts), the app and the e2e tests; no imports.
 */

/** The runtime cache that holds the binder's pieces (Cache Storage name). */
export const BINDER_CACHE_NAME = 'afterword-binder';

/**
 * The build's list of the binder's files (a JSON array of absolute paths, e.g.
 * "/assets/binder/binder-Cpva.js"), written by scripts/binder-assets.ts and precached (a few bytes).
 */
export const BINDER_ASSETS_LIST = '/binder-assets.json';

/**
 * The build puts the binder's files, and only those, in this folder of dist/ (scripts/binder-assets.ts
 * names them): the chunk of shared/binder (pdf-lib, fontkit), the font loader, the printed trustee
 * kit (web/features/trustees/kits/kit-pdf.ts) and the fonts.
 */
export const BINDER_ASSETS_DIR = 'assets/binder';

/**
 * Which built files are the binder's: those in BINDER_ASSETS_DIR. Matches a precache entry's path
 * ("assets/binder/…") and a request's full URL alike.
 */
export const BINDER_ASSET_PATTERN = /(?:^|\/)assets\/binder\/[^/]+$/;

/**
 * How many of the binder's files the cache keeps (the least recently used go first): two builds'
 * worth of five (the chunk, its small font loader, the printed trustee kit's module, two fonts),
 * so a tab still on the previous build keeps its binder offline until it reloads.
 */
export const BINDER_CACHE_MAX_ENTRIES = 10;

/** The binder's error when pdf-lib or the fonts cannot be had: offline before the cache was warmed. */
export const BINDER_NOT_ON_DEVICE = 'The binder is not on this device yet. Open Afterword once online, then try again.';
