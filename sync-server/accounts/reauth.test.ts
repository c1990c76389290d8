/**
 * Sliding sessions and re-authentication (SECURITY.md "Sessions"): a device stays signed in for
 * a year of disuse, however long it has been in use; sensitive actions (export, release settings)
 * ask for the password again when it was not entered in the last REAUTH_WINDOW_MS; password
 * change and account deletion carry it in their body. Real app over a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { REAUTH_REQUIRED } from '../../shared/schema/user';
import { cookieOf, createTestApp, signUp, type TestApp } from '../test/test-support';
import { REAUTH_WINDOW_MS } from './reauth';

const DAY = 24 * 60 * 60 * 1000;

/** A browser's cookie jar of one: the session cookie, replaced when a response sets it again. */
function jar(t: TestApp, first: string) {
  let cookie = first;
  return {
    get cookie() {
      return cookie;
    },
    async call(method: string, path: string, body?: unknown) {
      const res = await t.call(method, path, body, cookie);
      if ((res.headers.get('set-cookie') ?? '').startsWith('afterword_session=')) cookie = cookieOf(res);
      return res;
    },
  };
}

describe('sliding sessions', () => {
  it('a device used now and then stays signed in for years; after a year without use it is signed out', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const device = jar(t, cookie);
    for (const gap of [200, 300, 364, 364, 100]) {
      t.advance(gap * DAY);
      expect((await device.call('GET', '/api/user/profile')).status, `after ${gap} days`).toBe(200);
    }
    t.advance(365 * DAY + 60_000);
    expect((await device.call('GET', '/api/user/profile')).status).toBe(401);
  });

  it('a device left open, in use every day, is still signed in after 100 days', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const device = jar(t, cookie);
    for (let day = 1; day <= 100; day++) {
      t.advance(DAY);
      expect((await device.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] })).status, `day ${day}`).toBe(200);
    }
  });
});

describe('re-authentication for sensitive actions', () => {
  it('export and release settings need the password entered in the last minutes; confirming it allows them again', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    // Just signed up: the password was entered now.
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30 }, cookie)).status).toBe(200);

    t.advance(REAUTH_WINDOW_MS + 1000);
    const settings = await t.call('PUT', '/api/release/settings', { checkInDays: 60 }, cookie);
    expect(settings.status).toBe(403);
    expect(await settings.json()).toEqual({ error: REAUTH_REQUIRED, issues: [{ path: 'password', message: 'Enter your password again' }] });
    expect((await t.call('GET', '/api/export', undefined, cookie)).status).toBe(403);
    expect((await t.call('GET', '/api/auth/recent', undefined, cookie)).status).toBe(403);
    // Reading and everyday use are not sensitive.
    expect((await t.call('GET', '/api/release/settings', undefined, cookie)).status).toBe(200);
    expect((await t.call('POST', '/api/release/check-in', undefined, cookie)).status).toBe(200);

    const wrong = await t.call('POST', '/api/auth/confirm-password', { password: 'not it' }, cookie);
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ issues: [{ path: 'password', message: 'Password is incorrect' }] });
    expect((await t.call('POST', '/api/auth/confirm-password', {}, cookie)).status).toBe(400);
    expect((await t.call('GET', '/api/export', undefined, cookie)).status).toBe(403);

    expect((await t.call('POST', '/api/auth/confirm-password', { password: body.password }, cookie)).status).toBe(200);
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 60 }, cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/auth/recent', undefined, cookie)).status).toBe(200);
    const exported = await t.call('GET', '/api/export', undefined, cookie);
    expect(exported.status).toBe(200);
    await exported.arrayBuffer();
  });

  it('confirming the password counts for that session only, and needs a session', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    const other = cookieOf(await t.call('POST', '/api/auth/login', { username: body.username, password: body.password }));
    t.advance(REAUTH_WINDOW_MS + 1000);
    expect((await t.call('POST', '/api/auth/confirm-password', { password: body.password }, other)).status).toBe(200);
    expect((await t.call('PUT', '/api/release/settings', { waitingDays: 14 }, other)).status).toBe(200);
    expect((await t.call('PUT', '/api/release/settings', { waitingDays: 14 }, cookie)).status).toBe(403);
    expect((await t.call('POST', '/api/auth/confirm-password', { password: body.password })).status).toBe(401);
  });

  it('password change and account deletion ask for the password in their own request, however recent the sign-in', async () => {
    const t = createTestApp();
    const { cookie, body } = await signUp(t);
    expect((await t.call('POST', '/api/auth/password', { newPassword: 'a new long password' }, cookie)).status).toBe(400);
    expect((await t.call('POST', '/api/auth/delete-account', {}, cookie)).status).toBe(400);
    expect((await t.call('POST', '/api/auth/delete-account', { password: body.password }, cookie)).status).toBe(200);
  });
});
