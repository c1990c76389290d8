/**
 * The few constants every page's first chunk needs (the product's name, the toasts' limits), apart
 * from shared/labels.ts so that the labels and their dates helpers load with the screens that show
 * them, not with every page (issue 41: the landing page ≤ 90 KB). shared/labels.ts re-exports them.
 */

export const PRODUCT_NAME = 'Afterword';
/** SPEC.md §9. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
export const REDIRECT_AFTER_AUTH_MS = 100;
