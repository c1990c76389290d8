/**
 * The session hint (issue #20 "Anonymous visits make no request that fails"): a cookie
 * `afterword_signed_in=1` (`__Host-afterword_signed_in` over HTTPS) set next to the session cookie,
 * with the same lifetime, and cleared with it. It is NOT HttpOnly, so the web app can read it
 * before its first request: without it (and without a user remembered on the device) the app
 * knows nobody is signed in and never asks GET /api/user/profile, which would answer 401.
 *
 * It carries no secret and grants nothing: the server never reads it to decide who someone is
 * (only the signed session cookie does, accounts/session.ts). A forged or stale hint only makes the
 * app ask the profile once, get 401, and lose the hint (requireSession clears it).
 */
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';
import { clearCookie, readCookie, writeCookie } from './cookies';

/** The cookie's base name (the web app reads it: web/app/session-hint.ts). */
export const SESSION_HINT_COOKIE = 'afterword_signed_in';

/** Sets the hint for `maxAgeMs` (the session cookie's lifetime). */
export function setSessionHint(c: Context, deps: AppDeps, maxAgeMs: number): void {
  writeCookie(c, deps, SESSION_HINT_COOKIE, '1', maxAgeMs, { httpOnly: false });
}

/** True when the request carries the hint under the name its scheme allows. */
export function hasSessionHint(c: Context, deps: AppDeps): boolean {
  return readCookie(c, deps, SESSION_HINT_COOKIE) !== undefined;
}

/** Clears the hint (logout, account deletion, or a request whose session is no longer valid). */
export function clearSessionHint(c: Context, deps: AppDeps): void {
  clearCookie(c, deps, SESSION_HINT_COOKIE);
}
