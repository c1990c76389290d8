import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';
import { CROSS_SITE_MESSAGE } from './csrf';

const EVIL = { Origin: 'https://evil.example' };

describe('CSRF: foreign state-changing requests are refused (issue #9, ASVS 3.5.1–3.5.3)', () => {
  it('a foreign Origin gets 403 { error } on POST, PATCH and DELETE, and nothing changes', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const created = await (await t.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, cookie)).json();
    const before = t.deps.db.prepare('SELECT * FROM records ORDER BY seq').all();

    const post = await t.call('POST', '/api/trustees', { name: 'Eve', email: 'eve@example.com', accessLevel: 'full' }, cookie, EVIL);
    const patch = await t.call('PATCH', '/api/user/profile', { firstName: 'Mallory' }, cookie, EVIL);
    const del = await t.call('DELETE', `/api/trustees/${created.id}`, undefined, cookie, EVIL);
    for (const res of [post, patch, del]) {
      expect(res.status).toBe(403);
      expect(await res.json()).toEqual({ error: CROSS_SITE_MESSAGE });
    }
    expect(t.deps.db.prepare('SELECT * FROM records ORDER BY seq').all()).toEqual(before);
  });

  it('Sec-Fetch-Site cross-site or same-site, and Origin: null, are refused', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const foreign: Record<string, string>[] = [{ 'Sec-Fetch-Site': 'cross-site' }, { 'Sec-Fetch-Site': 'same-site' }, { Origin: 'null' }];
    for (const headers of foreign) {
      const res = await t.call('PATCH', '/api/user/profile', { firstName: 'Mallory' }, cookie, headers);
      expect(res.status, JSON.stringify(headers)).toBe(403);
    }
    expect((await (await t.call('GET', '/api/user/profile', undefined, cookie)).json()).firstName).toBe('Ada');
  });

  it('same-origin browsers and clients without Origin (curl, scripts) are served; GET is never blocked', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const same = await t.call('PATCH', '/api/user/profile', { firstName: 'Grace' }, cookie, { Origin: 'http://localhost', 'Sec-Fetch-Site': 'same-origin' });
    expect(same.status).toBe(200);
    const noOrigin = await t.call('PATCH', '/api/user/profile', { lastName: 'Hopper' }, cookie);
    expect(noOrigin.status).toBe(200);
    const read = await t.call('GET', '/api/user/profile', undefined, cookie, { ...EVIL, 'Sec-Fetch-Site': 'cross-site' });
    expect(read.status).toBe(200);
  });

  it('a cross-site logout (a body-less POST) is refused and the session survives', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const res = await t.call('POST', '/api/auth/logout', undefined, cookie, EVIL);
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(200);
  });

  it('a cross-site login is refused too (login CSRF would sign the victim into the attacker’s account)', async () => {
    const t = createTestApp();
    const { body } = await signUp(t);
    const res = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password }, undefined, EVIL);
    expect(res.status).toBe(403);
    expect(res.headers.get('set-cookie')).toBeNull();
  });

  it('only the death report’s form may post form fields, and only from this site (release/report-form.ts)', async () => {
    const t = createTestApp();
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const token = 'A'.repeat(43); // no such link: the route answers its 404 page, past the CSRF check
    expect((await t.call('POST', `/api/trustee/report/${token}`, 'confirmed=yes', undefined, form)).status).toBe(404);
    expect((await t.call('POST', `/api/trustee/report/${token}`, 'confirmed=yes', undefined, { ...form, ...EVIL })).status).toBe(403);
    expect((await t.call('POST', `/api/trustee/report/${token}`, 'confirmed=yes', undefined, { ...form, 'Sec-Fetch-Site': 'cross-site' })).status).toBe(403);
    expect((await t.call('POST', `/api/trustee/report/${token}/confirm`, 'a=b', undefined, form)).status).toBe(415);
    expect((await t.call('POST', `/api/trustee/invite/${token}`, 'a=b', undefined, form)).status).toBe(415);
  });

  it('a simple content type (what a <form> can send) is refused with 415, even where no body is read', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const trustee = await (await t.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, cookie)).json();
    const form = { 'Content-Type': 'application/x-www-form-urlencoded' };
    const logout = await t.call('POST', '/api/auth/logout', 'a=b', cookie, form);
    const del = await t.call('DELETE', `/api/trustees/${trustee.id}`, 'a=b', cookie, { 'Content-Type': 'text/plain' });
    const multipart = await t.call('POST', '/api/sync', '--x\r\n', cookie, { 'Content-Type': 'multipart/form-data; boundary=x' });
    for (const res of [logout, del, multipart]) {
      expect(res.status).toBe(415);
      expect(await res.json()).toEqual({ error: 'Content-Type must be application/json' });
    }
    expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(200);
    expect((await (await t.call('GET', '/api/trustees', undefined, cookie)).json())).toHaveLength(1);
    // An empty same-origin <form method="post"> (the release pages' buttons) carries no body and passes.
    const emptyForm = await t.call('POST', '/api/auth/logout', '', undefined, { ...form, Origin: 'http://localhost' });
    expect(emptyForm.status).toBe(200);
    // Without a body the same endpoints work.
    expect((await t.call('DELETE', `/api/trustees/${trustee.id}`, undefined, cookie)).status).toBe(200);
  });

  it('behind a proxy: the https origin is ours only with TRUST_PROXY or PUBLIC_URL', async () => {
    const headers = { Host: 'afterword.example', 'X-Forwarded-Proto': 'https', Origin: 'https://afterword.example' };
    const untrusted = createTestApp();
    const a = await signUp(untrusted);
    expect((await untrusted.call('PATCH', '/api/user/profile', { firstName: 'Grace' }, a.cookie, headers)).status).toBe(403);

    const trusted = createTestApp({ TRUST_PROXY: '1' });
    const b = await signUp(trusted);
    const tlsCookie = `__Host-${b.cookie}`; // over https only the __Host- name is read (accounts/cookies.ts)
    expect((await trusted.call('PATCH', '/api/user/profile', { firstName: 'Grace' }, tlsCookie, headers)).status).toBe(200);
    const otherHost = { ...headers, 'X-Forwarded-Host': 'afterword.example', Host: 'internal:8787' };
    expect((await trusted.call('PATCH', '/api/user/profile', { firstName: 'Grace' }, tlsCookie, otherHost)).status).toBe(200);

    const withUrl = createTestApp({ PUBLIC_URL: 'https://afterword.example/' });
    const c = await signUp(withUrl);
    expect((await withUrl.call('PATCH', '/api/user/profile', { firstName: 'Grace' }, c.cookie, headers)).status).toBe(200);
    expect((await withUrl.call('PATCH', '/api/user/profile', { firstName: 'Grace' }, c.cookie, EVIL)).status).toBe(403);
  });
});
