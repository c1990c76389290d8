/**
 * The keys feature's modules the password reset page (web/features/auth/ResetPasswordPage.tsx)
 * loads only on first use, as lazy.ts does for the sign-in forms, and apart from them so that
 * neither page's chunk carries the other's.
 */

/** ReopenWords.tsx: opening the words again after a password with keys was reset. */
export const importReopenWords = () => import('./ReopenWords');
/** Once a new password is submitted: this device's key store and the password's key derivation. */
export const importResetKeys = () => Promise.all([import('./device-key-store'), import('./kdf-client')]);
