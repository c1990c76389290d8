/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue #15):
 * after a successful sign-in the browser gets a cookie saying "this device has signed in as
 * this account before". Login throttling (auth/login-throttle.ts) counts attempts that carry a
 * valid one in that device's own bucket, so a stranger's guesses at a username never throttle
 * its owner's own devices.
 *
 * The cookie is an HS256 JWT (auth/signed-token.ts) signed with the session secret: `sub` the user id (binding it
 * to one account), `jti` a random 128-bit nonce (naming the device's bucket), audience
 * `afterword-device` (so a session token is never accepted as a device cookie, nor the
 * reverse), expiry DEVICE_COOKIE_MS. HttpOnly, SameSite=Lax, `__Host-` + Secure over HTTPS
 * (auth/cookies.ts). One per browser: the last account signed in on it.
 */
import { randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';
import { readCookie, writeCookie } from './cookies';
import { signToken, verifyToken } from './signed-token';

/** Lifetime of a device cookie, renewed at each sign-in (ms): one year. */
export const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;
const COOKIE = 'afterword_device';
const AUDIENCE = 'afterword-device';

/** A verified device cookie: the account it was issued to, and the device's nonce. */
export interface DeviceCookie {
  userId: string;
  nonce: string;
}

/** Sets a fresh device cookie for `userId` (a new nonce each time). */
export function issueDeviceCookie(c: Context, deps: AppDeps, userId: string): void {
  const nonce = randomBytes(16).toString('base64url');
  const token = signToken(deps, AUDIENCE, { sub: userId, jti: nonce }, deps.now() + DEVICE_COOKIE_MS);
  writeCookie(c, deps, COOKIE, token, DEVICE_COOKIE_MS);
}

/**
 * The request's device cookie (under the one name its scheme allows), or null when it is
 * missing, tampered, signed another way, expired, or not a device cookie.
 */
export function readDeviceCookie(c: Context, deps: AppDeps): DeviceCookie | null {
  const token = readCookie(c, deps, COOKIE);
  if (!token) return null;
  const claims = verifyToken(deps, AUDIENCE, token);
  return claims ? { userId: claims.sub, nonce: claims.jti } : null;
}

/**
 * Gives a signed-in device without a valid device cookie one for `userId` (devices signed in
 * before device cookies existed, or whose cookie expired). A valid cookie of another account on
 * this browser is left alone.
 */
export function ensureDeviceCookie(c: Context, deps: AppDeps, userId: string): void {
  if (!readDeviceCookie(c, deps)) issueDeviceCookie(c, deps, userId);
}
