/**
 * The keys feature's modules another feature loads only on first use, each its own chunk (issue
 * #20: the sign-in pages carry no key, crypto or database code until a form is started): offered
 * through index.ts, since a feature imports no other feature's files (issue 42), and an import()
 * of index.ts itself would load with whatever else imports it. Grouped by the page that loads them,
 * so each group is built into that page's own chunk (shared, a group would be a chunk of its own).
 */

/** For the sign-in forms (web/features/auth/account-deps.ts): registering, signing in and upgrading with keys. */
export const importAccountFlows = () => import('./account-flows');
/** For the sign-in forms: the app's key session and its deps. */
export const importKeySession = () => import('./key-session');
/** For the sign-in forms: the password's key derivation in its worker. */
export const importKdfClient = () => import('./kdf-client');
