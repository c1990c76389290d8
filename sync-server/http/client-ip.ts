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
 *
 * Per-address limits key the client by `limitKeyOf` (issue 40 item 5): an IPv4 address as it is
 * (an IPv4-mapped IPv6 address as its IPv4), an IPv6 address by its /64 (IPV6_LIMIT_PREFIX: 32 to
 * 64), since one host is routinely given a whole /64 and could otherwise spread its requests over
 * 2^64 addresses. `clientIp` answers that key, and every per-address limiter uses it.
 */
import { isIPv4, isIPv6 } from 'node:net';
import type { Context } from 'hono';

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

/**
 * Parses IPV6_LIMIT_PREFIX, the prefix length by which per-address limits key an IPv6 client:
 * unset or '' → 64 (one subscriber's LAN, RFC 6177); a whole number from 32 to 64 (e.g. 56, what
 * many ISPs hand a home) → that. Throws on anything else, so a typo never silently keys by address.
 */
export function parseIpv6Prefix(value: string | undefined): number {
  const v = (value ?? '').trim();
  if (v === '') return 64;
  if (/^\d{2}$/.test(v) && Number(v) >= 32 && Number(v) <= 64) return Number(v);
  throw new Error(`IPV6_LIMIT_PREFIX must be a prefix length from 32 to 64 (e.g. 56); got "${value}"`);
}

/** The eight 16-bit groups of an IPv6 address (a zone `%…` dropped, a dotted IPv4 tail allowed), or null when it is not one. */
function ipv6Groups(address: string): number[] | null {
  const bare = address.replace(/^\[|\]$/g, '').replace(/%.*$/, '');
  if (!isIPv6(bare)) return null;
  let text = bare.toLowerCase();
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text);
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number];
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`;
  }
  const [head, tail] = text.split('::') as [string, string | undefined];
  const part = (s: string | undefined) => (s ? s.split(':').map((g) => parseInt(g, 16)) : []);
  const h = part(head);
  const t = part(tail);
  return tail === undefined ? h : [...h, ...new Array<number>(8 - h.length - t.length).fill(0), ...t];
}

/**
 * The key per-address limits count `address` under (see the module comment): IPv4 as it is, an
 * IPv4-mapped IPv6 address as its IPv4, IPv6 as its first `prefix` bits (`2001:db8:7:1:0:0:0:0/64`),
 * anything else (no socket: 'local') as it is. Pure.
 */
export function limitKeyOf(address: string, prefix: number): string {
  if (isIPv4(address)) return address;
  const g = ipv6Groups(address);
  if (!g) return address;
  if (g.slice(0, 5).every((x) => x === 0) && g[5] === 0xffff) return `${g[6]! >> 8}.${g[6]! & 255}.${g[7]! >> 8}.${g[7]! & 255}`;
  const masked = g.map((x, i) => {
    const keep = Math.max(0, Math.min(16, prefix - i * 16));
    return keep === 0 ? 0 : x & ((0xffff << (16 - keep)) & 0xffff);
  });
  return `${masked.map((x) => x.toString(16)).join(':')}/${prefix}`;
}

/**
 * The client's key for per-address limits (every limiter keyed by address uses it): its address
 * (the socket's, or per TRUST_PROXY; 'local' in-process) through limitKeyOf with IPV6_LIMIT_PREFIX.
 * Takes the app's deps (AppDeps, app-env.ts), of which it reads only these two settings.
 */
export function clientIp(c: Context, deps: { config: { trustProxy: number; ipv6LimitPrefix: number } }): string {
  const incoming = (c.env as { incoming?: { socket?: { remoteAddress?: string } } } | undefined)?.incoming;
  const peer = incoming?.socket?.remoteAddress ?? 'local';
  return limitKeyOf(forwardedClient(c.req.header('x-forwarded-for'), peer, deps.config.trustProxy), deps.config.ipv6LimitPrefix);
}
