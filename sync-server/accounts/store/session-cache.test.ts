/**
 * Sessions kept in memory (sqlite-account-store.ts, issue 41: reading the session row was ~15% of a signed-in
 * list read) are never served once the row changed: through the real app over a real SQLite file,
 * every session is read (and so kept) before each change, and the very next request sees the change.
 */
import { describe, expect, it } from 'vitest';
import { REAUTH_WINDOW_MS } from '../reauth';
import { cookieOf, createTestApp, signUp, type TestApp } from '../../test/test-support';

/** A second sign-in of the account `body` names: its cookie. */
async function signIn(t: TestApp, body: { username: string; password: string }): Promise<string> {
  const res = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
  expect(res.status).toBe(200);
  return cookieOf(res);
}

/** The status of a signed-in list read with `cookie` (each read keeps the session in memory). */
const read = async (t: TestApp, cookie: string) => (await t.call('GET', '/api/trustees', undefined, cookie)).status;

describe('a kept session is the sessions table\'s row, at every request (issue 41)', () => {
  it('signing out ends that session at once, and only that one', async () => {
    const t = createTestApp();
    const { cookie: a, body } = await signUp(t);
    const b = await signIn(t, body);
    expect([await read(t, a), await read(t, b), await read(t, a)]).toEqual([200, 200, 200]);
    expect((await t.call('POST', '/api/auth/logout', {}, a)).status).toBe(200);
    expect([await read(t, a), await read(t, b)]).toEqual([401, 200]);
  });

  it('a password change ends every other session at once', async () => {
    const t = createTestApp();
    const { cookie: a, body } = await signUp(t);
    const b = await signIn(t, body);
    expect([await read(t, a), await read(t, b)]).toEqual([200, 200]);
    const changed = await t.call('POST', '/api/auth/password', { currentPassword: body.password, newPassword: 'another good passphrase' }, b);
    expect(changed.status).toBe(200);
    expect([await read(t, a), await read(t, b)]).toEqual([401, 200]);
  });

  it('a deleted account\'s sessions end at once', async () => {
    const t = createTestApp();
    const { cookie: a, body } = await signUp(t);
    const b = await signIn(t, body);
    expect([await read(t, a), await read(t, b)]).toEqual([200, 200]);
    expect((await t.call('POST', '/api/auth/delete-account', { password: body.password }, b)).status).toBe(200);
    expect(await read(t, a)).toBe(401);
  });

  it('the password entered again counts at once (the session\'s sign-in time is not an old copy)', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    t.advance(REAUTH_WINDOW_MS + 1);
    expect((await t.call('GET', '/api/auth/recent', undefined, cookie)).status).toBe(403);
    expect((await t.call('POST', '/api/auth/confirm-password', { password: body.password }, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/auth/recent', undefined, cookie)).status).toBe(200);
  });

  it('a session idle past its end is refused however recently it was kept', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    expect(await read(t, cookie)).toBe(200);
    t.advance(366 * 24 * 60 * 60 * 1000);
    expect(await read(t, cookie)).toBe(401);
  });
});
