import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-support';
import { forwardedClient, limitKeyOf, parseIpv6Prefix, parseTrustProxy } from './client-ip';

describe('TRUST_PROXY hops and the client address (issue #16; Express trust proxy = <number>)', () => {
  it('parses hops: off by default and for 0/false, 1 for true, a number as is; a typo stops the server', () => {
    expect([undefined, '', '0', 'false', 'FALSE'].map(parseTrustProxy)).toEqual([0, 0, 0, 0, 0]);
    expect(['1', 'true', ' True '].map(parseTrustProxy)).toEqual([1, 1, 1]);
    expect(parseTrustProxy('3')).toBe(3);
    for (const bad of ['yes', '-1', '1.5', 'loopback', '10.0.0.0/8', '99']) expect(() => parseTrustProxy(bad)).toThrow(/TRUST_PROXY/);
    expect(() => createTestApp({ TRUST_PROXY: 'yes' })).toThrow(/TRUST_PROXY/);
  });

  it('takes the hops-th entry from the right, the left-most when there are fewer, and ignores the header with 0 hops', () => {
    expect(forwardedClient('1.2.3.4, 203.0.113.5', '10.0.0.1', 1)).toBe('203.0.113.5');
    expect(forwardedClient('1.2.3.4, 203.0.113.5, 10.0.0.2', '10.0.0.1', 2)).toBe('203.0.113.5');
    expect(forwardedClient('203.0.113.5', '10.0.0.1', 3)).toBe('203.0.113.5');
    expect(forwardedClient('1.2.3.4', '10.0.0.1', 0)).toBe('10.0.0.1');
    expect(forwardedClient(undefined, '10.0.0.1', 1)).toBe('10.0.0.1');
    expect(forwardedClient(' , ', '10.0.0.1', 1)).toBe('10.0.0.1');
  });

  it('X-Forwarded-Proto is believed only with TRUST_PROXY (a __Host- cookie only then)', async () => {
    const body = (u: string) => ({ firstName: 'A', lastName: 'B', email: 'a@example.com', username: u, password: 'correct horse' });
    const https = { 'X-Forwarded-Proto': 'https' };
    const off = createTestApp({ TRUST_PROXY: '0' });
    expect((await off.call('POST', '/api/auth/register', body('proto_off'), undefined, https)).headers.get('set-cookie')).toMatch(/^afterword_session=/);
    const two = createTestApp({ TRUST_PROXY: '2' });
    expect((await two.call('POST', '/api/auth/register', body('proto_two'), undefined, https)).headers.get('set-cookie')).toMatch(/^__Host-afterword_session=/);
  });
});

/** 130 distinct addresses of one IPv6 /64 (2001:db8:7:1::/64), as one host may hold (issue 40 item 5). */
const ONE_64 = Array.from({ length: 130 }, (_, i) => `2001:db8:7:1:${((i * 977) & 0xffff).toString(16)}:${i.toString(16)}:beef:${(i + 1).toString(16)}`);
/** A request of `t`'s app from `peer` (the socket's address, as @hono/node-server hands it over), with `headers`. */
const fromPeer = (t: ReturnType<typeof createTestApp>, method: string, path: string, peer: string, body?: unknown, headers: Record<string, string> = {}) =>
  t.app.request(
    `http://localhost${path}`,
    { method, headers: { ...(body === undefined ? {} : { 'Content-Type': 'application/json' }), ...headers }, body: body === undefined ? undefined : JSON.stringify(body) },
    { incoming: { socket: { remoteAddress: peer } } },
  );
const statuses = async (calls: (() => Promise<Response> | Response)[]) => {
  const out: number[] = [];
  for (const call of calls) out.push((await call()).status);
  return out;
};

describe('IPv6 clients are limited by their prefix (issue 40 item 5)', () => {
  it('keys IPv4 by address, IPv4-mapped IPv6 as IPv4, IPv6 by its /64 (or the configured prefix)', () => {
    expect(limitKeyOf('203.0.113.5', 64)).toBe('203.0.113.5');
    expect(limitKeyOf('::ffff:203.0.113.5', 64)).toBe('203.0.113.5');
    expect(limitKeyOf('::FFFF:cb00:7105', 64)).toBe('203.0.113.5');
    expect(new Set(ONE_64.map((a) => limitKeyOf(a, 64))).size).toBe(1);
    expect(limitKeyOf('2001:db8:7:1::1', 64)).toBe(limitKeyOf('2001:0DB8:0007:0001:ffff:ffff:ffff:ffff', 64));
    expect(limitKeyOf('2001:db8:7:1::1', 64)).not.toBe(limitKeyOf('2001:db8:7:2::1', 64));
    expect(limitKeyOf('2001:db8:7:1::1', 56)).toBe(limitKeyOf('2001:db8:7:ff::1', 56));
    expect(limitKeyOf('2001:db8:7:1::1', 56)).not.toBe(limitKeyOf('2001:db8:7:100::1', 56));
    expect(limitKeyOf('fe80::1%eth0', 64)).toBe(limitKeyOf('fe80::2', 64));
    expect(limitKeyOf('::1', 64)).toBe(limitKeyOf('::2', 64));
    expect(limitKeyOf('local', 64)).toBe('local'); // in-process requests have no socket
    expect([undefined, '', '64', '56', '48'].map(parseIpv6Prefix)).toEqual([64, 64, 64, 56, 48]);
    for (const bad of ['128', '0', '65', '/64', 'x', '31']) expect(() => parseIpv6Prefix(bad)).toThrow(/IPV6_LIMIT_PREFIX/);
    expect(() => createTestApp({ IPV6_LIMIT_PREFIX: '128' })).toThrow(/IPV6_LIMIT_PREFIX/);
  });

  it('130 addresses of one /64 meet the sign-in and token-link limits, from the socket and through a trusted proxy', async () => {
    const direct = createTestApp();
    const prelogin = (t: typeof direct, peer: string, headers?: Record<string, string>) => () => fromPeer(t, 'POST', '/api/auth/prelogin', peer, { identifier: 'nobody' }, headers);
    const codes = await statuses(ONE_64.slice(0, 31).map((a) => prelogin(direct, a)));
    expect(codes.slice(0, 30).every((c) => c === 200)).toBe(true);
    expect(codes[30]).toBe(429);
    expect((await prelogin(direct, '2001:db8:7:2::1')()).status).toBe(200); // the next /64 is another client
    expect((await prelogin(direct, '203.0.113.9')()).status).toBe(200);

    // Token links (120 per address per 10 min): 130 addresses of one /64 get 10 refusals, as one address would.
    const links = createTestApp();
    const invite = await statuses(ONE_64.map((a) => () => fromPeer(links, 'GET', `/api/trustee/invite/${'A'.repeat(43)}`, a)));
    expect(invite.filter((c) => c === 429)).toHaveLength(10);

    // Behind one trusted proxy, the client's IPv6 address comes from X-Forwarded-For.
    const proxied = createTestApp({ TRUST_PROXY: '1' });
    const viaProxy = await statuses(ONE_64.slice(0, 31).map((a) => prelogin(proxied, '10.0.0.1', { 'X-Forwarded-For': a })));
    expect(viaProxy[30]).toBe(429);
    expect((await prelogin(proxied, '10.0.0.1', { 'X-Forwarded-For': '::ffff:198.51.100.7' })()).status).toBe(200);

    // With IPV6_LIMIT_PREFIX=56, the /64s of one /56 are one client too.
    const wide = createTestApp({ IPV6_LIMIT_PREFIX: '56' });
    const codes56 = await statuses(Array.from({ length: 31 }, (_, i) => prelogin(wide, `2001:db8:7:${i.toString(16)}::1`)));
    expect(codes56[30]).toBe(429);
  });
});
