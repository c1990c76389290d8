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
import { type OutgoingHttpHeaders, ServerResponse } from 'node:http';
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { isHttps } from './https';

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

/** The headers every response carries whatever its route set (all but the CSP, which a route may make stricter). */
const FORCED: Readonly<Record<string, string>> = {
  'X-Content-Type-Options': 'nosniff',
  'Referrer-Policy': 'no-referrer',
  'X-Frame-Options': 'DENY',
  'Permissions-Policy': PERMISSIONS_POLICY,
  'Cross-Origin-Opener-Policy': 'same-origin',
  'Cross-Origin-Resource-Policy': 'same-origin',
};

/** FORCED, with HSTS over HTTPS and `Cache-Control: no-store` on an /api answer: the four sets, made once. */
const FORCED_SETS = [false, true].map((https) =>
  [false, true].map((api) => Object.freeze({ ...FORCED, ...(https ? { 'Strict-Transport-Security': HSTS } : {}), ...(api ? { 'Cache-Control': 'no-store' } : {}) })),
);
const lowerNames = (headers: Readonly<Record<string, string>>) => new Set(Object.keys(headers).map((k) => k.toLowerCase()));
const FORCED_NAMES = FORCED_SETS.map((byApi) => byApi.map(lowerNames));

/**
 * `headers` (a route's, as @hono/node-server gives them to `writeHead`: a plain object, any case)
 * with `forced` in place of any header of the same name, and the default CSP unless the route
 * set one (there, or already on `res`).
 */
function withSecurityHeaders(res: ServerResponse, headers: OutgoingHttpHeaders | undefined, forced: Readonly<Record<string, string>>, forcedNames: ReadonlySet<string>): OutgoingHttpHeaders {
  const out: OutgoingHttpHeaders = {};
  let csp = res.hasHeader('content-security-policy');
  for (const name in headers) {
    const lower = name.toLowerCase();
    if (forcedNames.has(lower)) continue;
    if (lower === 'content-security-policy') csp = true;
    out[name] = headers[name];
  }
  for (const name of forcedNames) if (res.hasHeader(name)) res.removeHeader(name);
  if (!csp) out['Content-Security-Policy'] = CONTENT_SECURITY_POLICY;
  return Object.assign(out, forced);
}

/** Node's other form of a head, `[name, value, …]` or `[[name, value], …]`, as an object (repeated names: an array of values). */
function headersOfArray(list: unknown[]): OutgoingHttpHeaders {
  const pairs = (Array.isArray(list[0]) ? list : list.flatMap((v, i) => (i % 2 ? [] : [[v, list[i + 1]]]))) as [string, string][];
  const out: Record<string, string | string[]> = {};
  for (const [name, value] of pairs) {
    const had = out[name];
    out[name] = had === undefined ? value : [...(Array.isArray(had) ? had : [had]), value];
  }
  return out;
}

/**
 * Middleware setting the headers above on every response (also on errors: onError runs inside).
 * Under @hono/node-server (`npm start`) they are added where the Node response writes its head
 * (its `writeHead`, wrapped for this one response, as http/response-bytes.ts wraps `end`): the
 * answer's headers stay a plain object, never a WHATWG Headers rebuilt and sorted for them (issue 41:
 * that was about a fifth of a signed-in list read's CPU). Elsewhere (`app.request()` in tests, other
 * runtimes) they are set on the Response. Both give the same headers (security-headers.test.ts).
 */
export function securityHeaders(deps: AppDeps): MiddlewareHandler<AppEnv> {
  return (c, next) => {
    const outgoing = (c.env as { outgoing?: unknown } | undefined)?.outgoing;
    // HSTS only over HTTPS; personal data is never cached (ASVS 14.3.2): every /api answer, also
    // those made by earlier middleware (a 413 from the body limit).
    const https = isHttps(c, deps) ? 1 : 0;
    const api = c.req.path.startsWith('/api/') ? 1 : 0;
    const forced = FORCED_SETS[https]![api]!;
    if (!(outgoing instanceof ServerResponse) || outgoing.headersSent) return onResponse(c, next, forced);
    const names = FORCED_NAMES[https]![api]!;
    const writeHead = outgoing.writeHead as (this: ServerResponse, ...args: unknown[]) => ServerResponse;
    outgoing.writeHead = function (this: ServerResponse, status: number, ...rest: unknown[]) {
      // writeHead(status), (status, headers) or (status, statusMessage, headers).
      const message = typeof rest[0] === 'string' ? rest[0] : undefined;
      const given = (message === undefined ? rest[0] : rest[1]) as OutgoingHttpHeaders | unknown[] | undefined;
      const headers = withSecurityHeaders(this, Array.isArray(given) ? headersOfArray(given) : given, forced, names);
      return message === undefined ? writeHead.call(this, status, headers) : writeHead.call(this, status, message, headers);
    } as ServerResponse['writeHead'];
    return next();
  };
}

/** The headers set on the Response the app answers (`app.request()`, other runtimes): `forced`, and the CSP unless the route set its own. */
async function onResponse(c: Context<AppEnv>, next: Next, forced: Readonly<Record<string, string>>): Promise<void> {
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
  for (const name in forced) h.set(name, forced[name]!);
}
