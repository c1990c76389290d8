/**
 * What the auth feature offers other features (issue 42: a feature reaches another only through its
 * index.ts): the words of each step of signing in (AuthProgress.tsx), for the unlock dialog.
 * Re-exports only: the sign-in pages are loaded lazily by the router (web/app/screens.ts).
 */
export { authStepWords } from './AuthProgress';
