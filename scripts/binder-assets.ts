/**
 * Vite plugin (build only) for the family binder's runtime cache (web/features/export/binder-cache.ts):
 * - names the binder's files into their own folder, BINDER_ASSETS_DIR: the chunk of
 *   shared/binder (pdf-lib, fontkit), the font loader (web/features/export/binder-fonts.ts) and
 *   the fonts (*.ttf), so the service worker tells them apart by path, not by a name pattern that
 *   another chunk (say `binder-cache`) could match by chance and drop from the precache;
 * - writes dist/binder-assets.json, their hashed paths, for the app to warm that cache
 *   (web/features/export/warm-binder.ts): hashed names are known only after the bundle.
 *
 * Fails the build when the binder's chunk is missing, or when a file outside the folder imports
 * one inside it statically (the app shell would then need a file that is not precached).
 */
import type { Plugin } from 'vite';
import { BINDER_ASSETS_DIR, BINDER_ASSETS_LIST } from '../web/features/export/binder-cache';

/** The modules whose chunks are the binder's (the first one's chunk carries pdf-lib and fontkit) or print with it. */
const BINDER_MODULES = [
  /\/shared\/binder\/index\.ts$/,
  /\/web\/features\/export\/binder-fonts\.ts$/,
  /\/web\/features\/trustees\/kits\/kit-pdf\.ts$/, // the printed trustee kit, set with the binder's chunk
];
const isBinderModule = (id: string | null | undefined) => !!id && BINDER_MODULES.some((m) => m.test(id));

export function binderAssetsList(): Plugin {
  const inDir = (file: string) => file.startsWith(`${BINDER_ASSETS_DIR}/`);
  return {
    name: 'afterword-binder-assets',
    apply: 'build',
    config: () => ({
      build: {
        rolldownOptions: {
          output: {
            chunkFileNames: (chunk) => (isBinderModule(chunk.facadeModuleId) ? `${BINDER_ASSETS_DIR}/[name]-[hash].js` : 'assets/[name]-[hash].js'),
            assetFileNames: (asset) =>
              asset.names.some((n) => n.endsWith('.ttf')) ? `${BINDER_ASSETS_DIR}/[name]-[hash][extname]` : 'assets/[name]-[hash][extname]',
          },
        },
      },
    }),
    generateBundle(_options, bundle) {
      const outputs = Object.values(bundle);
      if (!outputs.some((o) => o.type === 'chunk' && isBinderModule(o.facadeModuleId) && /shared\/binder/.test(o.facadeModuleId!))) {
        this.error('binder-assets: no chunk for shared/binder/index.ts (is it still loaded with import()?)');
      }
      for (const o of outputs) {
        const needs = o.type === 'chunk' && !inDir(o.fileName) ? o.imports.filter(inDir) : [];
        if (needs.length > 0) this.error(`binder-assets: ${o.fileName} imports ${needs.join(', ')} statically; the binder's files are not precached`);
      }
      const files = Object.keys(bundle).filter(inDir);
      this.emitFile({ type: 'asset', fileName: BINDER_ASSETS_LIST.slice(1), source: `${JSON.stringify(files.map((f) => `/${f}`))}\n` });
    },
  };
}
