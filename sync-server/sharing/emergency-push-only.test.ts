/**
 * An owner with no confirmed e-mail address (issue 43; docs/sharing.md "The state machine"): when a
 * trustee asks for emergency access, the owner is told by Web Push only: no e-mail goes to an
 * address they have not proved to hold (release/owner-email.ts), none is queued to go later, and
 * the trustee's request works all the same (the wait starts, the owner can refuse). Real app over a
 * real SQLite file, a real push endpoint on loopback that decrypts what it gets as a browser would.
 */
import { describe, expect, it } from 'vitest';
import { emergencySetup } from '../test/emergency-test-support';
import { browserKeys, decrypt, usePushService } from '../test/push-service';
import { outboxFiles, uniqueTag } from '../test/release-test-support';
import { createTestApp } from '../test/test-support';
import { HOUR_MS } from './model/emergency';

describe('emergency access for an owner with no confirmed e-mail address', () => {
  const push = usePushService();

  it('the owner gets the Web Push only, no e-mail now or later; the request still runs and can be refused', async () => {
    const s = await emergencySetup(['maria', 'bert'], createTestApp({ PUBLIC_URL: 'http://afterword.test', WEB_PUSH_ORIGINS: push.origin }));
    const { o } = s;
    const phone = browserKeys();
    const endpoint = `${push.origin}/push/${o.userId}/phone`;
    expect((await o.t.call('POST', '/api/push/subscriptions', { endpoint, expirationTime: null, keys: { p256dh: phone.json.p256dh, auth: phone.auth.toString('base64url') } }, o.cookie)).status).toBe(201);
    // A new address in the profile, never confirmed: Afterword must not write to it.
    const unconfirmed = `new-${uniqueTag()}@example.com`;
    expect((await o.t.call('PATCH', '/api/user/profile', { email: unconfirmed }, o.cookie)).status).toBe(200);
    await s.put(0, 2);
    const emailsBefore = (o.t.deps.db.prepare('SELECT kind FROM release_emails WHERE user_id = ?').all(o.userId) as Array<{ kind: string }>).map((r) => r.kind);

    const asked = await s.ask(0);
    expect(asked.status, await asked.clone().text()).toBe(201);
    const req = (await asked.json()) as { id: string; phase: string };
    expect(req.phase).toBe('waiting');
    for (let i = 0; i < 3; i++) await o.t.services.scheduler.runOnce();

    // The push: one, to the owner's phone, saying a trustee asked and leading to the refusal screen.
    const mine = push.received.filter((r) => r.path === `/push/${o.userId}/phone`);
    expect(mine).toHaveLength(1);
    expect(JSON.parse(decrypt(mine[0]!.body, phone.ecdh, phone.auth))).toMatchObject({ kind: 'emergency-requested', title: 'A trustee asked for emergency access', url: '/emergency' });
    // No e-mail: none written, none queued (to the unconfirmed address or any other).
    const emails = (o.t.deps.db.prepare('SELECT kind FROM release_emails WHERE user_id = ?').all(o.userId) as Array<{ kind: string }>).map((r) => r.kind);
    expect(emails).toEqual(emailsBefore);
    expect(outboxFiles(o.t.deps.config.dataDir).filter((e) => e.to.includes(unconfirmed) || /emergency/i.test(e.subject))).toEqual([]);

    // The request works as for anyone: the owner refuses from the push's screen, and nothing opens.
    o.t.advance(HOUR_MS);
    expect((await o.t.call('POST', `/api/emergency/requests/${req.id}/refuse`, {}, o.cookie)).status).toBe(204);
    o.t.advance(2 * HOUR_MS);
    await o.t.services.scheduler.runOnce();
    const v = await s.view(0);
    expect(v.request!.phase).toBe('refused');
    expect(v.access).toBeNull();
  });

  it('GET /api/emergency says how the owner would be told of a request: by e-mail to a confirmed address, by Web Push, or neither (the owner\'s dialog then says so)', async () => {
    const s = await emergencySetup(['maria', 'bert'], createTestApp({ PUBLIC_URL: 'http://afterword.test', WEB_PUSH_ORIGINS: push.origin }));
    const { o } = s;
    const reach = async () => (await o.get<{ reach: unknown }>('/api/emergency')).reach;
    expect(await reach()).toEqual({ email: true, push: false });
    expect((await o.t.call('PATCH', '/api/user/profile', { email: `new-${uniqueTag()}@example.com` }, o.cookie)).status).toBe(200);
    expect(await reach()).toEqual({ email: false, push: false });
    const phone = browserKeys();
    const sub = { endpoint: `${push.origin}/push/${o.userId}/phone`, expirationTime: null, keys: { p256dh: phone.json.p256dh, auth: phone.auth.toString('base64url') } };
    expect((await o.t.call('POST', '/api/push/subscriptions', sub, o.cookie)).status).toBe(201);
    expect(await reach()).toEqual({ email: false, push: true });
  });

  it('a fault finding how the owner would be told never hides the owner\'s requests: reach is null, the rest is answered (security review of session 21, finding 6)', async () => {
    const s = await emergencySetup(['maria', 'bert'], createTestApp({ PUBLIC_URL: 'http://afterword.test', WEB_PUSH_ORIGINS: push.origin }));
    const { o } = s;
    await s.settingFor(0);
    o.t.deps.db.exec('ALTER TABLE push_subscriptions RENAME TO push_subscriptions_away');
    const res = await o.t.call('GET', '/api/emergency', undefined, o.cookie);
    expect(res.status).toBe(200);
    expect(await res.json()).toMatchObject({ reach: null, requests: [], settings: expect.any(Array) });
    o.t.deps.db.exec('ALTER TABLE push_subscriptions_away RENAME TO push_subscriptions');
  });
});
