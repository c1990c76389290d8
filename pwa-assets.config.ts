/**
 * The PWA icons, all generated at build time from ONE source image, public/favicon.svg
 * (DESIGN.md §5): favicon.ico, pwa-64/192/512 PNGs, a 512 maskable icon and the Apple touch
 * icon. vite-plugin-pwa's `pwaAssets` option runs this during `vite build` (no network needed)
 * and writes the files into dist/ beside the manifest; nothing generated is committed.
 */
import { defineConfig, minimal2023Preset } from '@vite-pwa/assets-generator/config';

/** The icon's own slate background, so the maskable and Apple icons have no white ring. */
const ICON_BACKGROUND = '#334155';

export default defineConfig({
  headLinkOptions: { preset: '2023' },
  preset: {
    ...minimal2023Preset,
    maskable: { ...minimal2023Preset.maskable, padding: 0.3, resizeOptions: { background: ICON_BACKGROUND } },
    apple: { ...minimal2023Preset.apple, padding: 0.3, resizeOptions: { background: ICON_BACKGROUND } },
  },
  images: ['public/favicon.svg'],
});
