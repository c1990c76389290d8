import type { Hono } from 'hono';

/**
 * The API routes that answer without a session (OWASP ASVS 5.0 8.1.1 / 8.2.1: access control is
 * enforced on every request, and the exceptions are explicit). Every other route under /api
 * must answer 401 without a valid session cookie — `security.test.ts` enumerates `app.routes`
 * and checks each one, so a new route that forgets `requireSession` fails the tests.
 *
 * Add a route here only if it must work signed out, and say why.
 */
export const PUBLIC_ROUTES: ReadonlySet<string> = new Set([
  'POST /api/auth/register', // creating an account
  'POST /api/auth/login', // signing in
  'POST /api/auth/prelogin', // the KDF parameters a device needs before signing in (fake ones for unknown names)
  'POST /api/auth/logout', // clearing a cookie is harmless and must work with an expired session
  'POST /api/auth/forgot-password', // a forgotten password: signed out by nature; the same answer for every address (accounts/password-reset-routes.ts)
  'POST /api/auth/reset-password', // the reset link's hashed, 30-minute, single-use token is the credential
  'POST /api/auth/reset-password/check', // the same token: is the link live, which credential (not used up)
  'GET /api/service', // the operator's support address for the Contact page (SUPPORT_EMAIL, http/service-info.ts): configuration, no account data
  'GET /healthz', // load balancers' liveness probe: { ok: true }, no account data (issue #19, http/health.ts)
  'GET /readyz', // load balancers' readiness probe: which dependency is down, nothing more (issue #19)
  ...[
    // Capability links of the release after death (DESIGN.md §8, sync-server/release/public-routes.ts):
    // a random 256-bit, hashed, expiring token in the URL is the credential; an unknown one is 404.
    'GET /api/trustee/invite/:token',
    'POST /api/trustee/invite/:token',
    'GET /api/trustee/report/:token',
    'POST /api/trustee/report/:token',
    'POST /api/trustee/report/:token/confirm', // "I'm still your trustee" (issue #16)
    'GET /api/trustee/access/:token', // redirects to the static page /r/t/:token
    'GET /api/trustee/access/:token/data', // that page's JSON, by access level (release/page-data.ts)
    'POST /api/trustee/access/:token/tasks/:taskId',
    'POST /api/trustee/access/:token/resend/:messageId',
    'GET /api/trustee/access/:token/binder.pdf', // issue #18: now redirects to the page, which makes the binder
    'GET /api/trustee/access/:token/documents/:documentId/file', // issue #17
    'GET /api/delivery/:token', // redirects to the static page /r/d/:token
    'GET /api/delivery/:token/data', // that page's JSON: the message
    'GET /api/delivery/:token/file', // issue #17
    'GET /api/still-here/:token',
    'POST /api/still-here/:token',
    // The owner's "Confirm your e-mail address" link (release/owner-email.ts): GET shows a button,
    // POST confirms; single use, 3 days, per-address limited.
    'GET /api/verify-email/:token',
    'POST /api/verify-email/:token',
    'GET /api/check-in/:token', // a check-in reminder's "I'm here" (release/check-in-routes.ts)
    'POST /api/check-in/:token',
    // A trustee's kit (sync-server/kits/public-routes.ts): its random 128-bit token is the capability;
    // the steps take only a commitment or a share (never the kit secret t), and at release Q only
    // opens with the kit's t (shared/crypto/trustee-kit.ts). Unknown → 404, retired → 410.
    'GET /api/kit/:token',
    'POST /api/kit/:token/handover',
    'POST /api/kit/:token/check',
    'POST /api/kit/:token/confirm',
    'GET /api/kit/:token/access',
    'GET /api/kit/:token/emergency', // the trustee's emergency access (sharing/emergency-routes.ts): its gate only once granted
    'POST /api/kit/:token/emergency',
    'POST /api/kit/:token/emergency/opened', // the page opened the bundle: a time for the owner's timeline, once per grant
    // "Share now" (sharing/routes.ts; docs/sharing.md): the share's random 128-bit id is the
    // token; it answers only a copy sealed under a key in the link's fragment, which the server
    // never sees. Stopped → 410.
    'GET /api/shared/:token',
    // The shared document's file: only the file its record names, only while the share is live
    // (its sealed bytes; the key is in the copy, which opens only with the fragment's key).
    'GET /api/shared/:token/files/:fileId',
    'GET /api/kit/:token/handovers', // after release: the wraps of the letters this trustee hands over, which open only with the kit's t (kits/message-keys.ts)
  ],
]);

/** The public routes whose credential is a token in the path (`:token`). */
export const isTokenRoute = (path: string) => path.includes('/:token');

/** `METHOD /path` as listed in PUBLIC_ROUTES. */
export const routeKey = (method: string, path: string) => `${method.toUpperCase()} ${path}`;

/** True when `method path` (a route pattern, e.g. `/api/messages/:id`) is public. */
export const isPublicRoute = (method: string, path: string) => PUBLIC_ROUTES.has(routeKey(method, path));

/** Every endpoint of `app` (method + path pattern) from Hono's route table, middleware-only (ALL) entries skipped. */
export function endpointsOf(app: Pick<Hono, 'routes'>): { method: string; path: string }[] {
  const seen = new Map<string, { method: string; path: string }>();
  for (const r of app.routes) {
    if (r.method === 'ALL') continue;
    seen.set(routeKey(r.method, r.path), { method: r.method, path: r.path });
  }
  return [...seen.values()];
}

/** A concrete path for a route pattern: each `:param` becomes `value`. */
export const concretePath = (path: string, value = 'some-id') => path.replace(/:[A-Za-z_]+/g, value);
