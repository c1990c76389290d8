/**
 * The export feature's modules another feature loads only on first use, each its own chunk
 * (issue #20): offered through index.ts, since a feature imports no other feature's files
 * (issue 42), and an import() of index.ts itself would load with whatever else imports it.
 */

/** binder-fonts.ts (the binder's two faces, fetched on call): for a trustee kit's PDF. */
export const importBinderFonts = () => import('./binder-fonts');
