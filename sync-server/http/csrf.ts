/**
 * Cross-site request forgery defence for the API (issue #9 "CSRF"; DESIGN.md §3; OWASP ASVS 5.0
 * 3.5.1 "the application defends against CSRF for sensitive functionality" and 3.5.2/3.5.3
 * "requests are not simple requests / use the expected HTTP method").
 *
 * For every state-changing request (POST, PUT, PATCH, DELETE) under /api:
 * 1. `Sec-Fetch-Site: cross-site` or `same-site` is refused (403): the browser tells us the
 *    request was started by another site (a sibling subdomain counts as foreign).
 * 2. An `Origin` header that is not this server's own origin is refused (403), and so is
 *    `Origin: null` (sandboxed frames, some redirects). The own origin is the request's Host
 *    (X-Forwarded-Host only with TRUST_PROXY) with the scheme of `isHttps`, or PUBLIC_URL.
 * 3. A request carrying a body must say `Content-Type: application/json` (else 415) — also on
 *    endpoints that read no body (logout, DELETE). A cross-site <form> can only send simple
 *    content types, and a cross-site fetch with JSON needs a CORS preflight we never grant.
 *    The one exception is a file chunk upload (`opts.rawBody`, issue #17): it must say
 *    `Content-Type: application/octet-stream` (else 415, checked by its route after the session,
 *    before any byte is stored) and its body is not read here (it streams to disk). That type is not one a form can send either, so a cross-site fetch with
 *    it needs the same CORS preflight we never grant.
 *    The other exception is a server-rendered form of a public token link (`opts.formBody`: a
 *    trustee's death report, release/report-form.ts), posted as
 *    `application/x-www-form-urlencoded`: it carries no cookie authority (the token in its path is
 *    the secret, which another site does not know) and rules 1 and 2 still refuse a foreign page.
 *
 * Decision (documented in SECURITY.md): a request with neither `Origin` nor `Sec-Fetch-Site`
 * is allowed. Every current browser sends `Origin` on cross-origin POST/PUT/PATCH/DELETE, so
 * such a request comes from a non-browser client (curl, a script with its own cookie), which
 * cannot ride on a victim's cookies. SameSite=Lax on the session cookie is a further layer.
 *
 * Refusals are JSON `{ error }` via `ApiHttpError`.
 */
import type { Context, MiddlewareHandler, Next } from 'hono';
import type { AppDeps, AppEnv } from '../app-env';
import { isHttps } from './https';
import { ApiHttpError } from './errors';

export const STATE_CHANGING_METHODS: ReadonlySet<string> = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);
export const CROSS_SITE_MESSAGE = 'Cross-site request refused';

/** The origins this server answers as: its own (from the request) and PUBLIC_URL's, if set. */
export function ownOrigins(c: Context, deps: AppDeps): Set<string> {
  const forwardedHost = deps.config.trustProxy ? c.req.header('x-forwarded-host')?.split(',')[0]?.trim() : undefined;
  const host = forwardedHost || c.req.header('host') || new URL(c.req.url).host;
  const origins = new Set([`${isHttps(c, deps) ? 'https' : 'http'}://${host}`.toLowerCase()]);
  if (deps.config.publicUrl) {
    try {
      origins.add(new URL(deps.config.publicUrl).origin.toLowerCase());
    } catch {
      /* a malformed PUBLIC_URL adds nothing */
    }
  }
  return origins;
}

/** True when the request carries a non-empty body (read once; Hono caches it for the route). */
async function hasBody(c: Context): Promise<boolean> {
  if (c.req.raw.body === null) return false;
  return (await c.req.arrayBuffer()).byteLength > 0;
}

/** Middleware refusing foreign state-changing requests (mount on '/api/*', before the routes). */
export function csrfProtection(deps: AppDeps, opts: { rawBody?: (c: Context) => boolean; formBody?: (c: Context) => boolean } = {}): MiddlewareHandler<AppEnv> {
  // A read passes without an async frame of its own (issue 41: it runs on every request).
  return (c, next) => (STATE_CHANGING_METHODS.has(c.req.method) ? check(c, next) : next());
  async function check(c: Context<AppEnv>, next: Next): Promise<void> {
    const site = c.req.header('sec-fetch-site')?.toLowerCase();
    if (site === 'cross-site' || site === 'same-site') throw new ApiHttpError(403, CROSS_SITE_MESSAGE);
    const origin = c.req.header('origin');
    if (origin !== undefined && !ownOrigins(c, deps).has(origin.toLowerCase())) {
      throw new ApiHttpError(403, CROSS_SITE_MESSAGE);
    }
    if (opts.rawBody?.(c)) return next(); // its route checks the type after the session (a caller without one gets 401)
    if (opts.formBody?.(c) && /^application\/x-www-form-urlencoded\b/i.test(c.req.header('content-type') ?? '')) return next();
    if (!/^application\/json\b/i.test(c.req.header('content-type') ?? '') && (await hasBody(c))) {
      throw new ApiHttpError(415, 'Content-Type must be application/json');
    }
    return next();
  }
}
