import { describe, expect, it } from 'vitest';
import { cookieOf, createTestApp, newUser, signUp } from '../test/test-support';

describe('accounts and sessions (issue #2, DESIGN.md §3)', () => {
  it('registers, returns the user with a session cookie, and never returns the password', async () => {
    const t = createTestApp({ AFTERWORD_TEST_SCRYPT_N: '' }); // production's password cost
    const body = newUser();
    const res = await t.call('POST', '/api/auth/register', body);
    expect(res.status).toBe(201);
    const user = await res.json();
    expect(user).toMatchObject({ firstName: 'Ada', lastName: 'Lovelace', email: body.email, username: body.username, profileCompletion: 0, values: [] });
    expect(JSON.stringify(user)).not.toContain(body.password);
    const cookie = res.headers.get('set-cookie')!;
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    const me = await t.call('GET', '/api/user/profile', undefined, cookieOf(res));
    expect(me.status).toBe(200);
    expect((await me.json()).username).toBe(body.username);
    const stored = t.deps.db.prepare('SELECT password_hash FROM users WHERE username = ?').get(body.username) as { password_hash: string };
    expect(stored.password_hash).toMatch(/^scrypt\$131072\$8\$1\$/);
  });

  it('refuses a taken username, case-insensitively, with 409', async () => {
    const t = createTestApp();
    const { body } = await signUp(t);
    const res = await t.call('POST', '/api/auth/register', newUser({ username: body.username.toUpperCase() }));
    expect(res.status).toBe(409);
    expect(await res.json()).toMatchObject({ error: 'That username is already taken' });
  });

  it('enforces the registration rules of SPEC.md §5 on the server, naming the field', async () => {
    const t = createTestApp();
    const res = await t.call('POST', '/api/auth/register', newUser({ username: 'ab', password: '12345', email: 'nope' }));
    expect(res.status).toBe(400);
    const json = await res.json();
    const paths = json.issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['email', 'password', 'username']);
    expect(json.issues.find((i: { path: string }) => i.path === 'password').message).toBe('Password must be at least 6 characters');
  });

  it('logs in with the right password; a wrong password and an unknown user get the same 401', async () => {
    const t = createTestApp();
    const { body } = await signUp(t);
    const ok = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
    expect(ok.status).toBe(200);
    expect((await ok.json()).firstName).toBe('Ada');
    const wrong = await t.call('POST', '/api/auth/login', { username: body.username, password: 'wrong password' });
    const unknown = await t.call('POST', '/api/auth/login', { username: 'nobody_here', password: 'wrong password' });
    expect(wrong.status).toBe(401);
    expect(unknown.status).toBe(401);
    expect(await wrong.json()).toEqual(await unknown.json());
    expect(wrong.headers.get('set-cookie')).toBeNull();
  });

  it('logout revokes the session: the old cookie stops working', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    expect((await t.call('POST', '/api/auth/logout', undefined, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(401);
  });

  it('profile without a session is 401 JSON; a tampered cookie too', async () => {
    const t = createTestApp();
    const res = await t.call('GET', '/api/user/profile');
    expect(res.status).toBe(401);
    expect(await res.json()).toEqual({ error: 'Not signed in' });
    const { cookie } = await signUp(t);
    const tampered = cookie.slice(0, -3) + (cookie.endsWith('AAA') ? 'BBB' : 'AAA');
    expect((await t.call('GET', '/api/user/profile', undefined, tampered)).status).toBe(401);
  });

  it('sessions expire after a year without use (sliding: accounts/reauth.test.ts)', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    t.advance(300 * 24 * 3600_000);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(200);
    t.advance(365 * 24 * 3600_000 + 1000);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(401);
  });

  it('PATCH profile validates and saves firstName, lastName, email', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const bad = await t.call('PATCH', '/api/user/profile', { firstName: '', email: 'x' }, cookie);
    expect(bad.status).toBe(400);
    expect((await bad.json()).issues.map((i: { path: string }) => i.path).sort()).toEqual(['email', 'firstName']);
    const unknown = await t.call('PATCH', '/api/user/profile', { isAdmin: true }, cookie);
    expect(unknown.status).toBe(400);
    const ok = await t.call('PATCH', '/api/user/profile', { firstName: 'Augusta', lastName: 'King', email: 'ak@example.com' }, cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toMatchObject({ firstName: 'Augusta', lastName: 'King', email: 'ak@example.com' });
    expect((await (await t.call('GET', '/api/user/profile', undefined, cookie)).json()).firstName).toBe('Augusta');
  });

  it('malformed JSON, a wrong content type and an oversized body are 4xx, never 5xx', async () => {
    const t = createTestApp();
    const malformed = await t.call('POST', '/api/auth/login', '{"username": ');
    expect(malformed.status).toBe(400);
    expect((await malformed.json()).error).toMatch(/Malformed JSON/);
    const form = await t.call('POST', '/api/auth/login', 'username=a&password=b', undefined, { 'Content-Type': 'application/x-www-form-urlencoded' });
    expect(form.status).toBe(415);
    const big = await t.call('POST', '/api/auth/register', { ...newUser(), firstName: 'x'.repeat(2 * 1024 * 1024) });
    expect(big.status).toBe(413);
    expect(await big.json()).toEqual({ error: 'Request body is too large' });
    const unknownApi = await t.call('GET', '/api/nothing-here');
    expect(unknownApi.status).toBe(404);
    expect(await unknownApi.json()).toEqual({ error: 'Not found' });
  });

  it('changing the password needs the current one, revokes other sessions, and the old password stops working', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    const other = cookieOf(await t.call('POST', '/api/auth/login', { username: body.username, password: body.password }));
    const wrong = await t.call('POST', '/api/auth/password', { currentPassword: 'nope nope', newPassword: 'a new secret' }, cookie);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).issues[0].path).toBe('currentPassword');
    const ok = await t.call('POST', '/api/auth/password', { currentPassword: body.password, newPassword: 'a new secret' }, cookie);
    expect(ok.status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, other)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: 'a new secret' })).status).toBe(200);
  });

  it('deleting the account needs the password and removes the account, its sessions and its records', async () => {
    const t = createTestApp();
    const { cookie, body, user } = await signUp(t);
    expect((await t.call('POST', '/api/auth/delete-account', { password: 'wrong one' }, cookie)).status).toBe(400);
    expect((await t.call('POST', '/api/auth/delete-account', { password: body.password }, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password })).status).toBe(401);
    expect(t.deps.db.prepare('SELECT COUNT(*) AS n FROM records WHERE user_id = ?').get(user.id)).toEqual({ n: 0 });
  });

  it('rate limits login per username with 429 and Retry-After, and the window passes', async () => {
    const t = createTestApp();
    const { body } = await signUp(t);
    let last: Response | undefined;
    for (let i = 0; i < 11; i++) last = await t.call('POST', '/api/auth/login', { username: body.username, password: 'wrong guess' });
    expect(last!.status).toBe(429);
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(0);
    t.advance(16 * 60_000);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password })).status).toBe(200);
  });

  it('a test server hashes at the configured cost (AFTERWORD_TEST_SCRYPT_N), a power of two up to production only', async () => {
    const t = createTestApp({ AFTERWORD_TEST_SCRYPT_N: '1024' });
    const { body } = await signUp(t);
    const stored = t.deps.db.prepare('SELECT password_hash FROM users WHERE username = ?').get(body.username) as { password_hash: string };
    expect(stored.password_hash).toMatch(/^scrypt\$1024\$8\$1\$/);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password })).status).toBe(200);
    for (const bad of ['1000', '512', String(2 ** 18), 'low']) {
      expect(() => createTestApp({ AFTERWORD_TEST_SCRYPT_N: bad })).toThrow(/^AFTERWORD_TEST_SCRYPT_N must be a power of two from 1024 to 131072/);
    }
  });
});
