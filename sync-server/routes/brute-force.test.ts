import { describe, expect, it } from 'vitest';
import { createTestApp, newUser, signUp, type TestApp } from '../test-support';

const TOO_MANY = 'Too many attempts. Please wait a few minutes and try again.';
const fromIp = (ip: string) => ({ 'X-Forwarded-For': ip });

/**
 * Four registered usernames. Registering a taken one answers 409 without hashing, and cycling
 * through four keeps each under the per-username limit (10), so only the per-IP count can trip.
 */
async function takenUsernames(t: TestApp): Promise<string[]> {
  const names: string[] = [];
  for (let i = 0; i < 4; i++) names.push((await signUp(t)).body.username);
  return names;
}

describe('brute force: login and register are rate limited (issue #9, ASVS 6.3.1)', () => {
  it('register: per IP (30 per 10 min) with 429, Retry-After and { error }; the window expires', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const names = await takenUsernames(t);
    const statuses: number[] = [];
    for (let i = 0; i < 30; i++) {
      const res = await t.call('POST', '/api/auth/register', newUser({ username: names[i % 4]! }), undefined, fromIp('203.0.113.7'));
      statuses.push(res.status);
    }
    expect(statuses).toEqual(Array(30).fill(409));
    const last = await t.call('POST', '/api/auth/register', newUser(), undefined, fromIp('203.0.113.7'));
    expect(last.status).toBe(429);
    expect(await last.json()).toEqual({ error: TOO_MANY });
    const retryAfter = Number(last.headers.get('retry-after'));
    expect(retryAfter).toBeGreaterThan(0);
    expect(retryAfter).toBeLessThanOrEqual(600);
    // Another address is unaffected; the same address is served again once the window has passed.
    expect((await t.call('POST', '/api/auth/register', newUser(), undefined, fromIp('198.51.100.1'))).status).toBe(201);
    t.advance(retryAfter * 1000);
    expect((await t.call('POST', '/api/auth/register', newUser(), undefined, fromIp('203.0.113.7'))).status).toBe(201);
  });

  it('register: per username (10 per 15 min), whatever the address', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const { body } = await signUp(t);
    let last!: Response;
    for (let i = 0; i < 11; i++) last = await t.call('POST', '/api/auth/register', newUser({ username: body.username }), undefined, fromIp(`192.0.2.${i}`));
    expect(last.status).toBe(429);
    expect(Number(last.headers.get('retry-after'))).toBeGreaterThan(0);
  });

  it('login: per IP across usernames (30 per 10 min), and nobody else is locked out by it', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const victim = await signUp(t);
    const attacker = fromIp('203.0.113.66');
    const attempts: number[] = [];
    for (let i = 0; i < 30; i++) {
      // After 10 tries the per-username limit answers 429 before any scrypt, yet the IP count grows.
      attempts.push((await t.call('POST', '/api/auth/login', { username: 'guess_target', password: `guess ${i}` }, undefined, attacker)).status);
    }
    expect(attempts.slice(0, 10)).toEqual(Array(10).fill(401));
    expect(attempts.slice(10)).toEqual(Array(20).fill(429));
    const fresh = await t.call('POST', '/api/auth/login', { username: 'another_name', password: 'guess' }, undefined, attacker);
    expect(fresh.status).toBe(429); // the per-IP limit, not the username one
    const ok = await t.call('POST', '/api/auth/login', { username: victim.body.username, password: victim.body.password }, undefined, fromIp('198.51.100.2'));
    expect(ok.status).toBe(200);
  });

  it('login: a throttled username never locks its owner out for good — signed-in devices keep working, and the window expires', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const victim = await signUp(t);
    for (let i = 0; i < 11; i++) {
      await t.call('POST', '/api/auth/login', { username: victim.body.username.toUpperCase(), password: `guess ${i}` }, undefined, fromIp(`203.0.113.${i}`));
    }
    const blocked = await t.call('POST', '/api/auth/login', { username: victim.body.username, password: victim.body.password }, undefined, fromIp('198.51.100.3'));
    expect(blocked.status).toBe(429); // the username is case-insensitive, so its window is shared
    expect((await t.call('GET', '/api/user/profile', undefined, victim.cookie)).status).toBe(200);
    t.advance(Number(blocked.headers.get('retry-after')) * 1000);
    const again = await t.call('POST', '/api/auth/login', { username: victim.body.username, password: victim.body.password }, undefined, fromIp('198.51.100.3'));
    expect(again.status).toBe(200);
  });

  it('X-Forwarded-For is ignored without TRUST_PROXY, so a client cannot dodge the per-IP limit by forging it', async () => {
    const t = createTestApp();
    const names = await takenUsernames(t); // 4 hits from this (unforgeable) address already
    const statuses: number[] = [];
    for (let i = 0; i < 27; i++) {
      statuses.push((await t.call('POST', '/api/auth/register', newUser({ username: names[i % 4]! }), undefined, fromIp(`10.0.${i}.1`))).status);
    }
    expect(statuses.slice(0, 26)).toEqual(Array(26).fill(409));
    expect(statuses[26]).toBe(429);
  });
});
