/**
 * The fonts of the family binder (issue #18): DejaVu Sans regular and bold (package
 * `dejavu-fonts-ttf`, Bitstream Vera licence: free to embed), which cover Latin, Greek and
 * Cyrillic in full, and many symbols. Not CJK, and few emoji: those are replaced visibly.
 *
 * The builder never loads them itself; the caller passes the bytes in: on the device,
 * web/features/export/binder-fonts.ts fetches them (Vite `?url`, cached by the service worker in
 * the binder's cache, so the binder works offline), only when a binder is made: the owner's in the
 * app, a trustee's on the release page (web/release/). The server never makes a binder.
 */

/** Where the two faces live inside the `dejavu-fonts-ttf` package. */
export const BINDER_FONT_FILES = {
  regular: 'dejavu-fonts-ttf/ttf/DejaVuSans.ttf',
  bold: 'dejavu-fonts-ttf/ttf/DejaVuSans-Bold.ttf',
} as const;

/** The TrueType bytes of the binder's regular and bold faces. */
export interface BinderFontBytes {
  regular: Uint8Array | ArrayBuffer;
  bold: Uint8Array | ArrayBuffer;
}
