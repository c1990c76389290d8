import { describe, expect, it } from 'vitest';
import { formatHlc } from '../../shared/sync';
import { cookieOf, createTestApp, newUser, signUp, type TestApp } from '../test/test-support';

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

/** The `name=value` of the last Set-Cookie whose name ends with `name` (e.g. `afterword_device`; the last wins, as in a browser), or undefined. */
function setCookieNamed(res: Response, name: string): { pair: string; header: string } | undefined {
  const header = res.headers.getSetCookie().findLast((h) => h.split('=')[0]!.endsWith(name));
  return header ? { pair: header.split(';')[0]!, header } : undefined;
}

/** Signs `victim` in from a browser of its own; returns that browser's device cookie (`name=value`). */
async function trustedDevice(t: TestApp, body: { username: string; password: string }, headers: Record<string, string> = {}) {
  const res = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password }, undefined, headers);
  expect(res.status).toBe(200);
  const device = setCookieNamed(res, 'afterword_device');
  expect(device).toBeDefined();
  return device!;
}

/** Eleven wrong guesses at `username` from eleven addresses: its untrusted bucket (10 / 15 min) is full. */
async function throttleUsername(t: TestApp, username: string) {
  for (let i = 0; i < 11; i++) {
    await t.call('POST', '/api/auth/login', { username, password: `guess ${i}` }, undefined, fromIp(`203.0.113.${i}`));
  }
}

describe('device cookies: someone else\'s guesses never throttle a device that signed in before (issue #15, OWASP)', () => {
  it('the device cookie is HttpOnly, SameSite=Lax, long-lived, and __Host- + Secure over HTTPS', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const { body } = await signUp(t);
    const plain = await trustedDevice(t, body);
    expect(plain.header).toMatch(/^afterword_device=.*; HttpOnly/i);
    expect(plain.header).toMatch(/; SameSite=Lax/i);
    expect(plain.header).toMatch(/; Path=\//);
    expect(Number(/Max-Age=(\d+)/i.exec(plain.header)![1])).toBeGreaterThanOrEqual(180 * 24 * 3600);
    const tls = await trustedDevice(t, body, { 'X-Forwarded-Proto': 'https' });
    expect(tls.header).toMatch(/^__Host-afterword_device=.*; Secure/i);
    expect(tls.header).not.toMatch(/Domain=/i);
  });

  it('a correct password from a trusted device signs in while the username is throttled for everyone else', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const victim = await signUp(t);
    const device = await trustedDevice(t, victim.body, fromIp('198.51.100.7'));
    await throttleUsername(t, victim.body.username);
    const login = { username: victim.body.username, password: victim.body.password };
    const stranger = await t.call('POST', '/api/auth/login', login, undefined, fromIp('198.51.100.8'));
    expect(stranger.status).toBe(429); // a device that never signed in shares the throttled bucket
    const trusted = await t.call('POST', '/api/auth/login', login, device.pair, fromIp('198.51.100.7'));
    expect(trusted.status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, cookieOf(trusted))).status).toBe(200);
  });

  it('a device cookie that keeps failing is locked out itself, without locking out the username or other devices', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const owner = await signUp(t);
    const stolen = await trustedDevice(t, owner.body);
    const other = await trustedDevice(t, owner.body);
    const statuses: number[] = [];
    for (let i = 0; i < 11; i++) {
      statuses.push((await t.call('POST', '/api/auth/login', { username: owner.body.username, password: `guess ${i}` }, stolen.pair, fromIp(`192.0.2.${i}`))).status);
    }
    expect(statuses).toEqual([...Array(10).fill(401), 429]);
    const login = { username: owner.body.username, password: owner.body.password };
    expect((await t.call('POST', '/api/auth/login', login, stolen.pair, fromIp('192.0.2.99'))).status).toBe(429);
    expect((await t.call('POST', '/api/auth/login', login, other.pair, fromIp('198.51.100.9'))).status).toBe(200);
    expect((await t.call('POST', '/api/auth/login', login, undefined, fromIp('198.51.100.10'))).status).toBe(200);
  });

  it('a device cookie counts only for its own username; a tampered one counts as no cookie', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const victim = await signUp(t);
    const attacker = await signUp(t);
    const attackersDevice = await trustedDevice(t, attacker.body);
    const victimsDevice = await trustedDevice(t, victim.body);
    await throttleUsername(t, victim.body.username);
    const login = { username: victim.body.username, password: victim.body.password };
    expect((await t.call('POST', '/api/auth/login', login, attackersDevice.pair, fromIp('198.51.100.11'))).status).toBe(429);
    const [name, value] = victimsDevice.pair.split('=') as [string, string];
    const tampered = `${name}=${value.slice(0, -4)}${value.endsWith('AAAA') ? 'BBBB' : 'AAAA'}`;
    expect((await t.call('POST', '/api/auth/login', login, tampered, fromIp('198.51.100.12'))).status).toBe(429);
    // A session token is not a device cookie (another audience).
    const asDevice = `afterword_device=${victim.cookie.split('=')[1]}`;
    expect((await t.call('POST', '/api/auth/login', login, asDevice, fromIp('198.51.100.13'))).status).toBe(429);
    expect((await t.call('POST', '/api/auth/login', login, victimsDevice.pair, fromIp('198.51.100.14'))).status).toBe(200);
  });

  it('a password change revokes the trust of every device cookie but the changing device\'s (a stolen laptop loses its own bucket)', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const victim = await signUp(t);
    const stolen = await trustedDevice(t, victim.body);
    const newPassword = 'a brand new passphrase';
    const changed = await t.call('POST', '/api/auth/password', { currentPassword: victim.body.password, newPassword }, victim.cookie);
    expect(changed.status).toBe(200);
    const renewed = setCookieNamed(changed, 'afterword_device');
    expect(renewed).toBeDefined();
    await throttleUsername(t, victim.body.username);
    const login = { username: victim.body.username, password: newPassword };
    expect((await t.call('POST', '/api/auth/login', login, stolen.pair, fromIp('198.51.100.20'))).status).toBe(429);
    expect((await t.call('POST', '/api/auth/login', login, renewed!.pair, fromIp('198.51.100.21'))).status).toBe(200);
  });

  it('a device signed in before device cookies existed gets one with its next authenticated request', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const { cookie, body } = await signUp(t);
    const res = await t.call('GET', '/api/user/profile', undefined, cookie);
    const device = setCookieNamed(res, 'afterword_device');
    expect(device).toBeDefined();
    await throttleUsername(t, body.username);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password }, device!.pair)).status).toBe(200);
  });

  it('a throttled username never slows or refuses its signed-in devices\' syncs and check-ins (the app\'s check-in, "I\'m still here")', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const { cookie, body } = await signUp(t);
    await throttleUsername(t, body.username);
    const hlc = formatHlc({ ms: t.deps.now(), counter: 0, node: 'dev1' });
    const change = { collection: 'trustees', id: 't1', hlc, fields: { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' } };
    for (let i = 0; i < 12; i++) {
      const sync = await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: i === 0 ? [change] : [] }, cookie, fromIp('203.0.113.1'));
      expect(sync.status).toBe(200);
      expect(sync.headers.get('retry-after')).toBeNull();
      expect((await t.call('POST', '/api/release/check-in', undefined, cookie, fromIp('203.0.113.1'))).status).toBe(200);
    }
    // No waiting period runs, so the state machine itself answers: the request was not throttled.
    const stillHere = await t.call('POST', '/api/release/cancel', undefined, cookie, fromIp('203.0.113.1'));
    expect(stillHere.status).toBe(409);
    expect(await stillHere.json()).toEqual({ error: 'No waiting period is running' });
  });
});

describe('client IP behind TRUST_PROXY hops (issue #16, as Express counts trust proxy)', () => {
  /** Registers a taken username (409 after the limits, no scrypt) with these headers; returns the status. */
  const register = (t: TestApp, names: string[], i: number, xff: string) =>
    t.call('POST', '/api/auth/register', newUser({ username: names[i % 4]! }), undefined, { 'X-Forwarded-For': xff }).then((r) => r.status);

  it('behind one proxy a forged first X-Forwarded-For hop does not dodge the per-IP limit: the client is limited as itself', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const names = await takenUsernames(t);
    const statuses: number[] = [];
    // The client sends `X-Forwarded-For: <forged>`; the proxy appends the address it saw.
    for (let i = 0; i < 31; i++) statuses.push(await register(t, names, i, `1.2.${i}.4, 203.0.113.50`));
    expect(statuses.slice(0, 30)).toEqual(Array(30).fill(409));
    expect(statuses[30]).toBe(429);
    // Someone else behind the same proxy is another client.
    expect(await register(t, names, 0, '1.2.3.4, 198.51.100.60')).toBe(409);
  });

  it('TRUST_PROXY=2: the second address from the right is the client; with fewer entries, the left-most', async () => {
    const t = createTestApp({ TRUST_PROXY: '2' });
    const names = await takenUsernames(t);
    for (let i = 0; i < 30; i++) expect(await register(t, names, i, `9.9.${i}.9, 203.0.113.70, 10.0.0.${i}`)).toBe(409);
    expect(await register(t, names, 0, '203.0.113.70, 10.0.0.1')).toBe(429); // only the trusted proxies' entries
    expect(await register(t, names, 0, '203.0.113.70')).toBe(429); // fewer entries than hops: the left-most
    expect(await register(t, names, 0, '203.0.113.71, 10.0.0.1')).toBe(409);
  });
});
