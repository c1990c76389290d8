/**
 * What the profile feature offers other features (issue 42: a feature reaches another only through
 * its index.ts). Re-exports only: the Profile Settings screen itself is ProfilePage.tsx, which
 * only the router (web/app/router.tsx) loads, lazily.
 */
export { errorDescription } from './error-description';
export { isNetworkError } from './network-error';
