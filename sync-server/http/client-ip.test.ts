import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test-support';
import { forwardedClient, parseTrustProxy } from './client-ip';

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
