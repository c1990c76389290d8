/**
 * The account's language (issue 44): English for a new account, set with `PUT /api/user/language`,
 * returned in the user object of the profile and of sign-in; an unknown language is a 400 naming
 * the field, and changes nothing; another account's language is never touched. It needs a session,
 * not a recent password (docs/i18n.md "Whose language": a preference, sent in the background).
 */
import { describe, expect, it } from 'vitest';
import { REAUTH_WINDOW_MS } from './reauth';
import { createTestApp, signUp } from '../test/test-support';

describe('PUT /api/user/language', () => {
  it('a new account speaks English; the chosen language is kept and returned at the next sign-in', async () => {
    const t = createTestApp();
    const { cookie, body, user } = await signUp(t);
    expect((user as { language?: string }).language).toBe('en');
    const put = await t.call('PUT', '/api/user/language', { language: 'ar' }, cookie);
    expect(put.status).toBe(200);
    expect(await put.json()).toEqual({ language: 'ar' });
    expect(((await (await t.call('GET', '/api/user/profile', undefined, cookie)).json()) as { language: string }).language).toBe('ar');
    const login = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
    expect(((await login.json()) as { language: string }).language).toBe('ar');
  });

  it('refuses a language Afterword does not speak, or another field, with a 400 naming it, and keeps the language', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    for (const [sent, field] of [
      [{ language: 'pt' }, 'language'],
      [{ language: 'pseudo' }, 'language'],
      [{}, 'language'],
      [{ language: 'es', extra: 1 }, ''],
    ] as const) {
      const res = await t.call('PUT', '/api/user/language', sent, cookie);
      expect(res.status).toBe(400);
      const answer = (await res.json()) as { error: string; issues: { path: unknown; message: string }[] };
      expect(typeof answer.error).toBe('string');
      expect(answer.issues.length).toBeGreaterThan(0);
      if (field) expect(answer.issues[0].path).toBe(field);
    }
    expect(((await (await t.call('GET', '/api/user/profile', undefined, cookie)).json()) as { language: string }).language).toBe('en');
  });

  it('needs a session, and changes only the signed-in account', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    expect((await t.call('PUT', '/api/user/language', { language: 'de' })).status).toBe(401);
    expect((await t.call('PUT', '/api/user/language', { language: 'de' }, a.cookie)).status).toBe(200);
    expect(((await (await t.call('GET', '/api/user/profile', undefined, b.cookie)).json()) as { language: string }).language).toBe('en');
  });

  it('needs no recent password: a session signed in long ago changes it (a choice made offline is sent later, unasked)', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    t.advance(REAUTH_WINDOW_MS + 60_000);
    expect((await t.call('GET', '/api/auth/recent', undefined, a.cookie)).status).toBe(403); // a sensitive action would ask for the password now
    expect((await t.call('PUT', '/api/user/language', { language: 'fr' }, a.cookie)).status).toBe(200);
    expect(((await (await t.call('GET', '/api/user/profile', undefined, a.cookie)).json()) as { language: string }).language).toBe('fr');
  });
});
