/**
 * Security headers on every response (issue #9 "Headers"; OWASP ASVS 5.0 chapter 3,
 * "Web Frontend Security"). Mounted first in `createApp`, so API answers, static files, the
 * SPA fallback and error responses all carry them.
 *
 * - Content-Security-Policy (ASVS 3.4.3): scripts only from our own origin, no inline script,
 *   no eval (WebAssembly compilation only: 'wasm-unsafe-eval' for the KDF), no plugins, no <base>, no framing, forms post only to us. Styles allow
 *   'unsafe-inline' because Radix (react-remove-scroll) injects <style> elements and sets
 *   style attributes; styles cannot run code, and script-src stays strict.
 * - X-Content-Type-Options: nosniff (ASVS 3.4.4), Referrer-Policy: no-referrer (ASVS 3.4.5),
 *   X-Frame-Options: DENY for old browsers besides frame-ancestors (ASVS 3.4.6),
 *   Permissions-Policy denying powerful features the app never uses,
 *   Cross-Origin-Opener-Policy / Cross-Origin-Resource-Policy (ASVS 3.4.8).
 * - Strict-Transport-Security (ASVS 3.4.1) only when the request came over HTTPS (`isHttps`,
 *   which believes X-Forwarded-Proto only with TRUST_PROXY): sent over plain HTTP it would be
 *   ignored by browsers and would break a local http:// install if cached.
 * - Cache-Control: no-store on every /api answer, errors included (ASVS 14.3.2).
 */
import type { MiddlewareHandler } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { isHttps } from '../accounts/session';

/** The Content-Security-Policy of the app and its service worker. */
export const CONTENT_SECURITY_POLICY = [
  "default-src 'self'",
  // 'wasm-unsafe-eval' lets the KDF worker compile hash-wasm's argon2 (shared/crypto/kdf.ts); it
  // allows WebAssembly.compile only, never eval() or inline script.
  "script-src 'self' 'wasm-unsafe-eval'",
  "style-src 'self' 'unsafe-inline'",
  // blob: — the vault shows images, PDFs and recordings from object URLs made on the device (#17).
  "img-src 'self' data: blob:",
  "media-src 'self' blob:",
  "frame-src blob:",
  "font-src 'self'",
  "connect-src 'self'",
  "manifest-src 'self'",
  "worker-src 'self'",
  "object-src 'none'",
  "base-uri 'none'",
  "frame-ancestors 'none'",
  "form-action 'self'",
].join('; ');

/** Features the app never uses, denied to it and to anything it could embed; camera and microphone for itself only. */
export const PERMISSIONS_POLICY = [
  'accelerometer=()',
  // The Message Vault records video and voice messages (issue #17): our own origin only.
  'camera=(self)',
  'geolocation=()',
  'gyroscope=()',
  'magnetometer=()',
  'microphone=(self)',
  'payment=()',
  'usb=()',
].join(', ');

export const HSTS = 'max-age=31536000; includeSubDomains';

/** Middleware setting the headers above on every response (also on errors: onError runs inside). */
export function securityHeaders(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return async (c, next) => {
    await next();
    let h = c.res.headers;
    try {
      h.set('X-Content-Type-Options', 'nosniff');
    } catch {
      // An immutable Response (e.g. one passed through from fetch): copy it to set headers.
      c.res = new Response(c.res.body, c.res);
      h = c.res.headers;
    }
    // A route that set its own, stricter policy (the server-rendered release pages) keeps it.
    if (!h.has('Content-Security-Policy')) h.set('Content-Security-Policy', CONTENT_SECURITY_POLICY);
    h.set('Referrer-Policy', 'no-referrer');
    h.set('X-Frame-Options', 'DENY');
    h.set('Permissions-Policy', PERMISSIONS_POLICY);
    h.set('Cross-Origin-Opener-Policy', 'same-origin');
    h.set('Cross-Origin-Resource-Policy', 'same-origin');
    if (isHttps(c, deps)) h.set('Strict-Transport-Security', HSTS);
    // Personal data is never cached (ASVS 14.3.2) — here too, so that answers made by earlier
    // middleware (a 413 from the body limit) carry it as well.
    if (c.req.path.startsWith('/api/')) h.set('Cache-Control', 'no-store');
  };
}
