import { SignJWT, UnsecuredJWT, base64url, generateKeyPair } from 'jose';
import { createHmac } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { cookieOf, createTestApp, signUp, type TestApp } from '../test/test-support';
import { SESSION_ABSOLUTE_MS, SESSION_IDLE_MS, purgeExpiredSessions } from './session';

const DAY = 24 * 3600_000;

/** The session row of the newest session of `userId`. */
function newestSession(t: TestApp, userId: string) {
  return t.deps.db.prepare('SELECT * FROM sessions WHERE user_id = ? ORDER BY created_at DESC, rowid DESC LIMIT 1').get(userId) as {
    id: string;
    expires_at: number;
  };
}

/** Claims exactly as the server issues them, for forging variations. */
function claims(t: TestApp, userId: string, sid: string, { exp = t.deps.now() + SESSION_ABSOLUTE_MS } = {}) {
  return { sub: userId, jti: sid, iss: 'afterword', aud: 'afterword-web', iat: Math.floor(t.deps.now() / 1000), exp: Math.floor(exp / 1000) };
}

const asCookie = (token: string) => `afterword_session=${token}`;

describe('session cookies (issue #9, ASVS 7.x / 3.3)', () => {
  it('over plain http: HttpOnly, SameSite=Lax, Path=/, not Secure, no __Host- prefix', async () => {
    const t = createTestApp();
    const res = await t.call('POST', '/api/auth/register', { firstName: 'A', lastName: 'B', email: 'a@example.com', username: 'cookie_plain', password: 'correct horse' });
    const set = res.headers.get('set-cookie')!;
    expect(set).toMatch(/^afterword_session=/);
    expect(set).toMatch(/; HttpOnly/i);
    expect(set).toMatch(/; SameSite=Lax/i);
    expect(set).toMatch(/; Path=\//);
    expect(set).not.toMatch(/; Secure/i);
    expect(set).not.toMatch(/Domain=/i);
  });

  it('behind HTTPS: __Host- prefix and Secure (ASVS 3.3.1); X-Forwarded-Proto is believed only with TRUST_PROXY', async () => {
    const body = (u: string) => ({ firstName: 'A', lastName: 'B', email: 'a@example.com', username: u, password: 'correct horse' });
    const direct = createTestApp();
    const viaTls = await direct.app.request('https://afterword.example/api/auth/register', {
      method: 'POST',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify(body('cookie_tls')),
    });
    expect(viaTls.headers.get('set-cookie')).toMatch(/^__Host-afterword_session=.*; Path=\/.*; Secure/i);
    expect(viaTls.headers.get('set-cookie')).not.toMatch(/Domain=/i);

    const proxied = createTestApp({ TRUST_PROXY: '1' });
    const viaProxy = await proxied.call('POST', '/api/auth/register', body('cookie_proxy'), undefined, { 'X-Forwarded-Proto': 'https' });
    expect(viaProxy.headers.get('set-cookie')).toMatch(/^__Host-afterword_session=.*; Secure/i);
    // The __Host- cookie is what authenticates later requests.
    const me = await proxied.call('GET', '/api/user/profile', undefined, cookieOf(viaProxy), { 'X-Forwarded-Proto': 'https' });
    expect(me.status).toBe(200);

    const untrusted = createTestApp();
    const forged = await untrusted.call('POST', '/api/auth/register', body('cookie_forged'), undefined, { 'X-Forwarded-Proto': 'https' });
    expect(forged.headers.get('set-cookie')).toMatch(/^afterword_session=/);
    expect(forged.headers.get('set-cookie')).not.toMatch(/Secure/i);
  });

  it('over HTTPS only the __Host- cookie is read; over plain http only the plain name (issue #15)', async () => {
    // A plain-named cookie can be planted by a sibling subdomain or over plain http (cookie
    // tossing); only a __Host- cookie is guaranteed to have been set by this origin over TLS.
    const body = { firstName: 'A', lastName: 'B', email: 'a@example.com', username: 'cookie_host_only', password: 'correct horse' };
    const t = createTestApp({ TRUST_PROXY: '1' });
    const https = { 'X-Forwarded-Proto': 'https' };
    const res = await t.call('POST', '/api/auth/register', body, undefined, https);
    const hostCookie = cookieOf(res);
    expect(hostCookie).toMatch(/^__Host-afterword_session=/);
    const token = hostCookie.split('=')[1]!;
    expect((await t.call('GET', '/api/user/profile', undefined, `__Host-afterword_session=${token}`, https)).status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, `afterword_session=${token}`, https)).status).toBe(401);
    // Over plain http (local development) the plain name works, and the __Host- name is not read.
    expect((await t.call('GET', '/api/user/profile', undefined, `afterword_session=${token}`)).status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, `__Host-afterword_session=${token}`)).status).toBe(401);
  });

  it('a new token at each sign-in, also when the request already carries a session (no fixation, ASVS 7.2.4)', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    const login = (c?: string) => t.call('POST', '/api/auth/login', { username: body.username, password: body.password }, c);
    const a = cookieOf(await login(cookie));
    const b = cookieOf(await login(cookie));
    expect(new Set([cookie, a, b]).size).toBe(3);
    const ids = t.deps.db.prepare('SELECT id FROM sessions').all() as { id: string }[];
    expect(new Set(ids.map((r) => r.id)).size).toBe(3);
  });

  it('idle expiry after a year without use; each use slides it (accounts/reauth.test.ts follows the cookie for years)', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    expect(SESSION_IDLE_MS).toBe(365 * DAY);
    t.advance(364 * DAY);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(200);
    t.advance(365 * DAY + 1000);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(401);
  });

  it('account deletion revokes every session of the account, on every device', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    const other = cookieOf(await t.call('POST', '/api/auth/login', { username: body.username, password: body.password }));
    expect((await t.call('POST', '/api/auth/delete-account', { password: body.password }, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, other)).status).toBe(401);
    expect(t.deps.db.prepare('SELECT COUNT(*) AS n FROM sessions').get()).toEqual({ n: 0 });
  });

  it('logout revokes only this session; the server-side row is gone', async () => {
    const t = createTestApp();
    const { cookie, body, user } = await signUp(t);
    const other = cookieOf(await t.call('POST', '/api/auth/login', { username: body.username, password: body.password }));
    await t.call('POST', '/api/auth/logout', undefined, cookie);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(401);
    expect((await t.call('GET', '/api/user/profile', undefined, other)).status).toBe(200);
    expect(t.deps.db.prepare('SELECT COUNT(*) AS n FROM sessions WHERE user_id = ?').get(user.id)).toEqual({ n: 1 });
  });
});

describe('forged session tokens are refused (ASVS 9.1.1–9.1.3, 9.2.1)', () => {
  async function setup() {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    const sid = newestSession(t, user.id).id;
    const secret = t.deps.config.sessionSecret;
    // Sanity: a token made exactly like the server's is accepted, so each refusal below is due to the one change.
    const genuine = await new SignJWT({}).setProtectedHeader({ alg: 'HS256' }).setSubject(user.id).setJti(sid)
      .setIssuer('afterword').setAudience('afterword-web').setIssuedAt(Math.floor(t.deps.now() / 1000))
      .setExpirationTime(Math.floor((t.deps.now() + SESSION_ABSOLUTE_MS) / 1000)).sign(secret);
    expect((await t.call('GET', '/api/user/profile', undefined, asCookie(genuine))).status).toBe(200);
    return { t, cookie, user, sid, secret };
  }
  const refused = async (t: TestApp, token: string) => (await t.call('GET', '/api/user/profile', undefined, asCookie(token))).status;

  it('alg "none" (an unsigned token)', async () => {
    const { t, user, sid } = await setup();
    const token = new UnsecuredJWT(claims(t, user.id, sid)).encode();
    expect(await refused(t, token)).toBe(401);
  });

  it('HS512 with the real secret (algorithm not allowed)', async () => {
    const { t, user, sid, secret } = await setup();
    const token = await new SignJWT(claims(t, user.id, sid)).setProtectedHeader({ alg: 'HS512' }).sign(secret);
    expect(await refused(t, token)).toBe(401);
  });

  it('RS256 with an attacker key pair, and a header that claims RS256 over an HMAC (key confusion)', async () => {
    const { t, user, sid, secret } = await setup();
    const { privateKey } = await generateKeyPair('RS256');
    const rsa = await new SignJWT(claims(t, user.id, sid)).setProtectedHeader({ alg: 'RS256' }).sign(privateKey);
    expect(await refused(t, rsa)).toBe(401);
    const header = base64url.encode(JSON.stringify({ alg: 'RS256' }));
    const payload = base64url.encode(JSON.stringify(claims(t, user.id, sid)));
    const mac = createHmac('sha256', secret).update(`${header}.${payload}`).digest('base64url');
    expect(await refused(t, `${header}.${payload}.${mac}`)).toBe(401);
  });

  it('HS256 with another secret, a changed payload, wrong issuer or audience', async () => {
    const { t, user, sid, secret } = await setup();
    const other = await new SignJWT(claims(t, user.id, sid)).setProtectedHeader({ alg: 'HS256' }).sign(new TextEncoder().encode('x'.repeat(48)));
    expect(await refused(t, other)).toBe(401);
    const good = await new SignJWT(claims(t, user.id, sid)).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    const [h, , s] = good.split('.');
    const changed = base64url.encode(JSON.stringify({ ...claims(t, user.id, sid), sub: 'someone-else' }));
    expect(await refused(t, `${h}.${changed}.${s}`)).toBe(401);
    const wrongIss = await new SignJWT({ ...claims(t, user.id, sid), iss: 'evil' }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await refused(t, wrongIss)).toBe(401);
    const wrongAud = await new SignJWT({ ...claims(t, user.id, sid), aud: 'other-app' }).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await refused(t, wrongAud)).toBe(401);
  });

  it('an expired token for a live session row, a token for a revoked session, and a sub that is not the row’s user', async () => {
    const { t, user, sid, secret } = await setup();
    const expired = await new SignJWT(claims(t, user.id, sid, { exp: t.deps.now() - 1000 })).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await refused(t, expired)).toBe(401);
    const someoneElse = await signUp(t);
    const crossed = await new SignJWT(claims(t, someoneElse.user.id, sid)).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await refused(t, crossed)).toBe(401);
    const unknownSid = await new SignJWT(claims(t, user.id, 'no-such-session')).setProtectedHeader({ alg: 'HS256' }).sign(secret);
    expect(await refused(t, unknownSid)).toBe(401);
  });
});

describe('session purge (ASVS 7.3.1)', () => {
  it('deletes idle and expired session rows and keeps live ones', async () => {
    const t = createTestApp();
    const idle = await signUp(t);
    t.advance(300 * DAY);
    const fresh = await signUp(t);
    const rows = () => (t.deps.db.prepare('SELECT COUNT(*) AS n FROM sessions').get() as { n: number }).n;
    expect(await purgeExpiredSessions(t.deps, t.services.accounts)).toBe(0);
    t.advance(66 * DAY); // the first session is now idle for 366 days
    expect(await purgeExpiredSessions(t.deps, t.services.accounts)).toBe(1);
    expect(rows()).toBe(1);
    expect((await t.call('GET', '/api/user/profile', undefined, fresh.cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, idle.cookie)).status).toBe(401);
  });
});
