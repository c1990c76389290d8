/**
 * emergency/: the owner's screens for emergency access (a trustee asked; refuse or end it: issue 43,
 * docs/sharing.md). What other features use of it: where to go back after a sign-in the request's
 * link asked for, the "Emergency access" button of a trustee's card, and the refresher that keeps
 * each trustee's bundle current. Re-exports only (web/features/feature-index.test.ts).
 */
export { rememberAfterSignIn, takeAfterSignIn } from './after-sign-in';
export { EmergencyAccessButton, EmergencyAccessLine } from './EmergencyAccessButton';
export { EmergencyRefresher } from './EmergencyRefresher';
