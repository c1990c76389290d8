/**
 * The client's IP address, for rate limiting (issue #16; OWASP ASVS 6.3.1).
 *
 * `TRUST_PROXY=<hops>` says how many reverse proxies stand in front of the server. Each one
 * appends the address it received the request from to `X-Forwarded-For`, so only the right-most
 * `hops` entries were written by proxies we trust; everything to their left came from the
 * client and may be forged. As Express's `trust proxy = <number>` (proxy-addr) counts: the
 * socket's peer is hop 1, and the client is the `hops`-th entry from the right of
 * X-Forwarded-For, or its left-most entry when it has fewer. Without TRUST_PROXY the header is
 * ignored and the socket's address is the client.
 */
import type { Context } from 'hono';
import type { AppDeps } from '../app-env';

/**
 * Parses TRUST_PROXY into a number of trusted proxy hops: unset, '', '0' or 'false' → 0 (off);
 * '1' or 'true' → 1; a whole number up to 32 → that many. Throws on anything else, so a typo
 * never silently turns the setting off (or trusts every hop).
 */
export function parseTrustProxy(value: string | undefined): number {
  const v = (value ?? '').trim().toLowerCase();
  if (v === '' || v === 'false') return 0;
  if (v === 'true') return 1;
  if (/^\d{1,2}$/.test(v) && Number(v) <= 32) return Number(v);
  throw new Error(`TRUST_PROXY must be the number of reverse proxies in front of the server (e.g. 1), true or false; got "${value}"`);
}

/**
 * The client address given an `X-Forwarded-For` header value, the socket's peer address and the
 * number of trusted hops (see the module comment). Pure; empty list entries are skipped.
 */
export function forwardedClient(forwardedFor: string | undefined, peer: string, hops: number): string {
  if (hops <= 0 || !forwardedFor) return peer;
  const entries = forwardedFor.split(',').map((e) => e.trim()).filter((e) => e !== '');
  if (entries.length === 0) return peer;
  return entries[Math.max(0, entries.length - hops)]!;
}

/** The client's address for this request (the socket's, or per TRUST_PROXY; 'local' in-process). */
export function clientIp(c: Context, deps: AppDeps): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress ?? 'local';
  return forwardedClient(c.req.header('x-forwarded-for'), peer, deps.config.trustProxy);
}
