/**
 * The server's words when a sensitive action needs the password again (sync-server/accounts/reauth.ts
 * answers 403 with them; web/pwa/confirm-password.ts recognises them and asks). Without zod, so the
 * app's signed-in start, which only compares them, loads no schema (issue 41); ./user.ts re-exports it.
 */
export const REAUTH_REQUIRED = 'Please enter your password again to continue.';
