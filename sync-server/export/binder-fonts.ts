/**
 * The family binder's fonts on the server (shared/binder/fonts.ts): DejaVu Sans regular and bold,
 * read from node_modules (`dejavu-fonts-ttf`, a runtime dependency) on the first binder and kept:
 * 1.4 MB of constant bytes, the same for every account, so a trustee's download reads no file.
 */
import { readFile } from 'node:fs/promises';
import { createRequire } from 'node:module';
import { BINDER_FONT_FILES, type BinderFontBytes } from '../../shared/binder/fonts';

let loading: Promise<BinderFontBytes> | null = null;

/** The binder's font bytes; read once per process. Throws (rejects) when the package is missing. */
export function binderFonts(): Promise<BinderFontBytes> {
  if (!loading) {
    const resolve = createRequire(import.meta.url).resolve;
    loading = Promise.all([readFile(resolve(BINDER_FONT_FILES.regular)), readFile(resolve(BINDER_FONT_FILES.bold))]).then(
      ([regular, bold]) => ({ regular: new Uint8Array(regular), bold: new Uint8Array(bold) }),
      (err: unknown) => {
        loading = null; // a failed read is tried again on the next binder
        throw err;
      },
    );
  }
  return loading;
}
