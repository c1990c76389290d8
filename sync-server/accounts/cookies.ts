/**
 * The server's cookies, named by the scheme the request came over (issue #15; OWASP ASVS 5.0
 * 3.3.1, 3.3.2; RFC 6265bis §4.1.3.2):
 * - over HTTPS a cookie is `__Host-<name>`, `Secure`, `Path=/`, no `Domain`, and ONLY that name
 *   is read. A plain-named cookie can be planted by a sibling subdomain or by a network attacker
 *   over plain http ("cookie tossing"); a `__Host-` cookie can only have been set by this very
 *   origin over TLS, so an attacker cannot fix a session or a device cookie on a victim.
 * - over plain http (local development on http://localhost) the plain `<name>`, and only it.
 * Every cookie is SameSite=Lax and HttpOnly, except the session hint (accounts/session-hint.ts), which
 * scripts must read and which carries no secret.
 */
import type { Context } from 'hono';
import { deleteCookie, setCookie } from 'hono/cookie';
import { parse } from 'hono/utils/cookie';
import type { AppDeps } from '../app-env';
import { isHttps } from '../http/https';
import { createBoundedCache } from '../db/bounded-cache';

/** The name `base` has over this request's scheme: `__Host-<base>` over HTTPS, else `<base>`. */
export function cookieName(c: Context, deps: AppDeps, base: string): string {
  return isHttps(c, deps) ? `__Host-${base}` : base;
}

const PARSED = 'requestCookies' as never;
/** How many Cookie headers' parses are kept, and the longest header kept (characters). */
const KEPT_HEADERS = 4_096;
const KEPT_HEADER_MAX = 2_048;
/** How many of a header's last characters find its kept parse (the end of its last token's MAC). */
const KEY_CHARS = 24;
/**
 * Parses of whole Cookie headers (Hono's `parse`, a function of the text alone), frozen, each
 * kept with its header under the header's last KEY_CHARS characters.
 */
const parsedHeaders = createBoundedCache<{ header: string; cookies: Readonly<Record<string, string>> }>(KEPT_HEADERS);

/** The parse of `header`, kept: found by its end, used only when the whole header is the same text. */
function keptParse(header: string): Readonly<Record<string, string>> {
  // A request's header is a new string: a Map keyed by all of it hashed its ~750 characters on
  // every signed-in request (issue 41); its end is hashed instead, and the whole compared.
  const key = header.slice(-KEY_CHARS);
  const kept = parsedHeaders.get(key);
  if (kept && kept.header === header) return kept.cookies;
  const cookies = Object.freeze(parse(header));
  parsedHeaders.set(key, { header, cookies });
  return cookies;
}

/**
 * The request's cookies, parsed once per request and kept on its context: a signed-in request
 * reads three (session, hint, device), and parsing the header each time was 2-3% of a list
 * read's CPU (issue #20). The same parse as `getCookie(c, name)`: the first valid value of a name wins.
 * A device sends the same Cookie header request after request, so the parse of a header is kept
 * too (issue 41: the parse was 3% of a list read; and its tokens, the same strings each time, are
 * then found at once among the verified ones, accounts/signed-token.ts).
 */
function requestCookies(c: Context): Readonly<Record<string, string>> {
  let all = c.get(PARSED) as Readonly<Record<string, string>> | undefined;
  if (!all) {
    const header = c.req.header('Cookie');
    if (!header) all = {};
    else if (header.length > KEPT_HEADER_MAX) all = parse(header);
    else all = keptParse(header);
    c.set(PARSED, all as never);
  }
  return all;
}

/** The value of cookie `base` under the one name this request's scheme allows, or undefined. */
export function readCookie(c: Context, deps: AppDeps, base: string): string | undefined {
  return requestCookies(c)[cookieName(c, deps, base)] || undefined;
}

/**
 * Sets cookie `base` (HttpOnly unless `opts.httpOnly` is false, SameSite=Lax, Path=/; `__Host-` +
 * Secure over HTTPS) for `maxAgeMs`.
 */
export function writeCookie(
  c: Context,
  deps: AppDeps,
  base: string,
  value: string,
  maxAgeMs: number,
  opts: { httpOnly?: boolean } = {},
): void {
  const secure = isHttps(c, deps);
  setCookie(c, secure ? `__Host-${base}` : base, value, {
    httpOnly: opts.httpOnly ?? true,
    sameSite: 'Lax',
    secure,
    path: '/',
    maxAge: Math.floor(maxAgeMs / 1000),
  });
}

/** Clears cookie `base` under its name for this request's scheme (and the plain name in any case). */
export function clearCookie(c: Context, deps: AppDeps, base: string): void {
  deleteCookie(c, base, { path: '/' });
  if (isHttps(c, deps)) deleteCookie(c, `__Host-${base}`, { path: '/', secure: true });
}
