/**
 * Vite plugin (build only): writes dist/binder-assets.json, the list of the family binder's
 * built files that the service worker caches at runtime instead of precaching them
 * (web/features/export/binder-cache.ts). The app reads the list to warm that cache
 * (web/features/export/warm-binder.ts), since hashed file names are known only after the bundle.
 *
 * Fails the build when the pattern no longer covers the binder (its chunk renamed, a new font):
 * otherwise those files would silently be neither precached nor warmed, and the binder would not
 * work offline.
 */
import type { Plugin } from 'vite';
import { BINDER_ASSET_PATTERN, BINDER_ASSETS_LIST } from '../web/features/export/binder-cache';

/** The module whose dynamic chunk is the binder (pdf-lib and fontkit come with it). */
const BINDER_ENTRY = /shared\/binder\/index\.ts$/;

export function binderAssetsList(): Plugin {
  return {
    name: 'afterword-binder-assets',
    apply: 'build',
    generateBundle(_options, bundle) {
      const files = Object.keys(bundle).filter((f) => BINDER_ASSET_PATTERN.test(f));
      const binder = Object.values(bundle).find((o) => o.type === 'chunk' && o.facadeModuleId && BINDER_ENTRY.test(o.facadeModuleId));
      const uncovered = [
        ...(binder && !files.includes(binder.fileName) ? [binder.fileName] : []),
        ...Object.keys(bundle).filter((f) => f.endsWith('.ttf') && !files.includes(f)),
      ];
      if (!binder) this.error('binder-assets: no chunk for shared/binder/index.ts (is it still loaded with import()?)');
      if (uncovered.length > 0) this.error(`binder-assets: BINDER_ASSET_PATTERN does not cover ${uncovered.join(', ')}`);
      this.emitFile({ type: 'asset', fileName: BINDER_ASSETS_LIST.slice(1), source: `${JSON.stringify(files.map((f) => `/${f}`))}\n` });
    },
  };
}
