/**
 * The `error` of the 403 a sensitive action answers when the password was not entered in the
 * last few minutes (sync-server/accounts/reauth.ts): the app asks for it and tries again. Apart
 * from ./user.ts (which re-exports it) so that the signed-in start, which listens for it
 * (web/pwa/confirm-password.ts), runs without zod (issue 41).
 */
export const REAUTH_REQUIRED = 'Please enter your password again to continue.';
