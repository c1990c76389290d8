/**
 * Expensive signed-in reads weigh more in the account frame (issue 40, low finding "CPU"; SECURITY.md
 * "Limits"): the release rehearsal builds every e-mail the release would send (344 ms a call at
 * 5,000 letters), so an account looping it took a victim's p99 from 99 to 341 ms while every call
 * counted as one of 600 requests a minute. Each route of WEIGHTED_ROUTES counts as its weight.
 * Real app over a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';
import { WEIGHTED_ROUTES } from './account-frame';
import { endpointsOf, routeKey } from './public-routes';

describe('expensive reads weigh more in the request budget', () => {
  it('a rehearsal counts as its weight: with 2 × its weight a minute, two pass and the third is refused; a plain read counts one', async () => {
    const weight = WEIGHTED_ROUTES.get('GET /api/release/rehearsal')!.weight;
    expect(weight).toBeGreaterThanOrEqual(10);
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ requestsPerMinute: 2 * weight }) });
    const { cookie } = await signUp(t);
    expect((await t.call('GET', '/api/release/rehearsal', undefined, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/release/rehearsal', undefined, cookie)).status).toBe(200);
    const third = await t.call('GET', '/api/release/rehearsal', undefined, cookie);
    expect(third.status).toBe(429);
    expect(((await third.json()) as { error: string }).error).toBe('Too many requests in a short time. Please wait a minute and try again.');
    // A new minute: plain reads count one each.
    t.advance(61_000);
    for (let i = 0; i < 2 * weight; i++) expect((await t.call('GET', '/api/release/status', undefined, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/release/status', undefined, cookie)).status).toBe(429);
  });

  it('every weighted route exists, and a weight above the whole budget still lets one call through', async () => {
    const t = createTestApp({ AFTERWORD_LIMITS: JSON.stringify({ requestsPerMinute: 3 }) });
    const keys = new Set(endpointsOf(t.app).map((e) => routeKey(e.method, e.path)));
    for (const key of WEIGHTED_ROUTES.keys()) expect(keys, key).toContain(key);
    const { cookie } = await signUp(t);
    expect((await t.call('GET', '/api/release/rehearsal', undefined, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/release/rehearsal', undefined, cookie)).status).toBe(429);
  });
});
