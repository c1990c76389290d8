/**
 * Device cookies (OWASP, "Slow Down Online Guessing Attacks with Device Cookies"; issue #15):
 * after a successful sign-in the browser gets a cookie saying "this device has signed in as
 * this account before". Login throttling (accounts/login-throttle.ts) counts attempts that carry a
 * valid one in that device's own bucket, so a stranger's guesses at a username never throttle
 * its owner's own devices.
 *
 * The cookie is an HS256 JWT (accounts/signed-token.ts) signed with the session secret: `sub` the user id (binding it
 * to one account), `jti` a random 128-bit nonce (naming the device's bucket), audience
 * `afterword-device` (so a session token is never accepted as a device cookie, nor the
 * reverse), expiry DEVICE_COOKIE_MS. HttpOnly, SameSite=Lax, `__Host-` + Secure over HTTPS
 * (accounts/cookies.ts). One per browser: the last account signed in on it.
 *
 * A cookie is bound to the password it was issued under: its `jti` is `<nonce>.<tag>`, the tag a
 * short one-way digest of the account's password hash. After a password change (say, because a
 * laptop was stolen), every older device cookie stops counting as trusted; the device that made
 * the change gets a new one (accounts/auth-routes.ts).
 */
import { createHash, randomBytes } from 'node:crypto';
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';
import { readCookie, writeCookie } from './cookies';
import { signToken, verifyToken } from './signed-token';

/** Lifetime of a device cookie, renewed at each sign-in (ms): one year. */
export const DEVICE_COOKIE_MS = 365 * 24 * 60 * 60 * 1000;
const COOKIE = 'afterword_device';
const AUDIENCE = 'afterword-device';

/** A verified device cookie: the account it was issued to, the device's nonce, and the tag of the password it was issued under (none on cookies from before tags). */
export interface DeviceCookie {
  userId: string;
  nonce: string;
  passwordTag: string | null;
}

/** 16 characters of the SHA-256 of `passwordHash` (itself a salted scrypt hash): names a password without revealing it. */
export function passwordTag(passwordHash: string): string {
  return createHash('sha256').update(passwordHash).digest('base64url').slice(0, 16);
}

/** Sets a fresh device cookie for `userId` under its current `passwordHash` (a new nonce each time). */
export function issueDeviceCookie(c: Context, deps: AppDeps, userId: string, passwordHash: string): void {
  const nonce = randomBytes(16).toString('base64url');
  const token = signToken(deps, AUDIENCE, { sub: userId, jti: `${nonce}.${passwordTag(passwordHash)}` }, deps.now() + DEVICE_COOKIE_MS);
  writeCookie(c, deps, COOKIE, token, DEVICE_COOKIE_MS);
}

/** True when `device` was issued to `account` under the password it has now (login-throttle.ts). */
export function trustsDevice(device: DeviceCookie | null, account: { id: string; password_hash: string } | null | undefined): boolean {
  return device !== null && !!account && device.userId === account.id && device.passwordTag === passwordTag(account.password_hash);
}

/**
 * The request's device cookie (under the one name its scheme allows), or null when it is
 * missing, tampered, signed another way, expired, or not a device cookie.
 */
export function readDeviceCookie(c: Context, deps: AppDeps): DeviceCookie | null {
  const token = readCookie(c, deps, COOKIE);
  if (!token) return null;
  const claims = verifyToken(deps, AUDIENCE, token);
  if (!claims) return null;
  const dot = claims.jti.indexOf('.');
  return dot < 0
    ? { userId: claims.sub, nonce: claims.jti, passwordTag: null }
    : { userId: claims.sub, nonce: claims.jti.slice(0, dot), passwordTag: claims.jti.slice(dot + 1) };
}

/**
 * Gives a signed-in device without a valid device cookie of its account under a password tag
 * one for `userId` (devices signed in before device cookies or tags existed, or whose cookie
 * expired); `passwordHashOf` is asked only then (rarely: once per device). A valid cookie of
 * another account on this browser is left alone.
 */
export function ensureDeviceCookie(c: Context, deps: AppDeps, userId: string, passwordHashOf: () => Promise<string | undefined>): Promise<void> | undefined {
  const device = readDeviceCookie(c, deps);
  if (device && (device.userId !== userId || device.passwordTag !== null)) return undefined; // nothing to do: no promise (issue 41)
  return passwordHashOf().then((hash) => {
    if (hash) issueDeviceCookie(c, deps, userId, hash);
  });
}
