import { describe, expect, it } from 'vitest';
import { cookieOf, createTestApp, signUp } from '../test/test-support';
import { SESSION_ABSOLUTE_MS } from './session';

/** Every Set-Cookie line of a response. */
const setCookies = (res: Response) => res.headers.getSetCookie();
/** The last Set-Cookie of the hint (the one a browser keeps). */
const hintLine = (res: Response) => setCookies(res).findLast((l) => /^(__Host-)?afterword_signed_in=/.test(l));

describe('the session hint cookie (issue #20: anonymous visits make no failing request)', () => {
  it('is set with the session, readable by scripts, same lifetime, after the session cookie', async () => {
    const t = createTestApp();
    const { body } = await signUp(t);
    const res = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
    const lines = setCookies(res);
    expect(lines[0]).toMatch(/^afterword_session=/);
    const hint = hintLine(res)!;
    expect(hint).toMatch(/^afterword_signed_in=1;/);
    expect(hint).not.toMatch(/HttpOnly/i);
    expect(hint).toMatch(/SameSite=Lax/i);
    expect(hint).toMatch(/Path=\//);
    expect(hint).toContain(`Max-Age=${SESSION_ABSOLUTE_MS / 1000}`);
  });

  it('behind HTTPS it is __Host- and Secure, like the session cookie', async () => {
    const t = createTestApp({ TRUST_PROXY: '1' });
    const res = await t.call(
      'POST',
      '/api/auth/register',
      { firstName: 'A', lastName: 'B', email: 'a@example.com', username: 'hint_tls', password: 'correct horse' },
      undefined,
      { 'X-Forwarded-Proto': 'https' },
    );
    expect(hintLine(res)).toMatch(/^__Host-afterword_signed_in=1;.*Secure/i);
  });

  it('grants nothing: the hint alone (or with a forged session) is 401', async () => {
    const t = createTestApp();
    await signUp(t);
    expect((await t.call('GET', '/api/user/profile', undefined, 'afterword_signed_in=1')).status).toBe(401);
    expect((await t.call('GET', '/api/trustees', undefined, 'afterword_signed_in=1')).status).toBe(401);
    expect((await t.call('GET', '/api/user/profile', undefined, 'afterword_signed_in=1; afterword_session=forged')).status).toBe(401);
  });

  it('a 401 clears a stale hint, so the next visit asks nothing; a 401 without one sets no cookie', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    await t.call('POST', '/api/auth/logout', undefined, cookie);
    const stale = await t.call('GET', '/api/user/profile', undefined, `${cookie}; afterword_signed_in=1`);
    expect(stale.status).toBe(401);
    expect(hintLine(stale)).toMatch(/^afterword_signed_in=;.*Max-Age=0/i);
    const anonymous = await t.call('GET', '/api/user/profile');
    expect(anonymous.headers.get('set-cookie')).toBeNull();
  });

  it('logout and account deletion clear it with the session cookie', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const out = await t.call('POST', '/api/auth/logout', undefined, a.cookie);
    expect(hintLine(out)).toMatch(/Max-Age=0/i);
    const b = await signUp(t);
    const gone = await t.call('POST', '/api/auth/delete-account', { password: b.body.password }, b.cookie);
    expect(gone.status).toBe(200);
    expect(hintLine(gone)).toMatch(/Max-Age=0/i);
  });

  it('a session started before the hint existed gets it on its next request, once', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const first = await t.call('GET', '/api/user/profile', undefined, cookie);
    expect(first.status).toBe(200);
    expect(hintLine(first)).toMatch(/^afterword_signed_in=1;/);
    const next = await t.call('GET', '/api/user/profile', undefined, `${cookie}; ${cookieOf(first)}`);
    expect(hintLine(next)).toBeUndefined();
  });
});
