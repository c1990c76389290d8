/**
 * Check-in reminders by Web Push (DESIGN.md §8 "Check-ins"; push/sender.ts): a browser's
 * subscription is kept for its account; when a check-in reminder is due, the server POSTs an
 * encrypted push (RFC 8291 aes128gcm, VAPID RFC 8292) to the subscription's endpoint — here a
 * real HTTP push endpoint on loopback, which checks the headers and decrypts the payload with the
 * "browser's" private key — and drops a subscription the push service answers 404 or 410.
 * Endpoints outside the push services (and WEB_PUSH_ORIGINS) are refused: no SSRF.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';
import { DAY_MS } from '../release/state-machine';
import { isAllowedPushEndpoint } from './endpoints';
import { browserKeys, decrypt, usePushService } from '../test/push-service';


describe('check-in reminders by Web Push', () => {
  const push = usePushService();

  it('sends an encrypted, VAPID-signed push with no private words to each subscription, and drops those answered 404 or 410', async () => {
    const t = createTestApp({ WEB_PUSH_ORIGINS: push.origin });
    const { cookie, user } = await signUp(t, { firstName: 'Margaret' });
    const key = (await (await t.call('GET', '/api/push/key', undefined, cookie)).json()) as { publicKey: string };
    expect(Buffer.from(key.publicKey, 'base64url')).toHaveLength(65);

    const phone = browserKeys();
    const subscribe = (path: string, k = phone) =>
      t.call('POST', '/api/push/subscriptions', { endpoint: `${push.origin}/push/${user.id}/${path}`, expirationTime: null, keys: { p256dh: k.json.p256dh, auth: k.auth.toString('base64url') } }, cookie);
    expect((await subscribe('phone')).status).toBe(201);
    expect((await subscribe('gone')).status).toBe(201);
    expect((await subscribe('missing')).status).toBe(201);
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30 }, cookie)).status).toBe(200);

    t.advance(30 * DAY_MS + 60_000);
    await t.services.scheduler.runOnce();
    const mine = push.received.filter((r) => r.path.startsWith(`/push/${user.id}/`));
    expect(mine.map((r) => r.path.split('/').pop()).sort()).toEqual(['gone', 'missing', 'phone']);
    const sent = mine.find((r) => r.path.endsWith('/phone'))!;
    expect(sent.headers['content-encoding']).toBe('aes128gcm');
    expect(sent.headers['urgency']).toBe('high');
    expect(Number(sent.headers['ttl'])).toBeGreaterThan(0);
    expect(sent.headers['authorization']).toMatch(new RegExp(`^vapid t=[\\w-]+\\.[\\w-]+\\.[\\w-]+, k=${key.publicKey}$`));
    const payload = JSON.parse(decrypt(sent.body, phone.ecdh, phone.auth)) as Record<string, string>;
    expect(payload).toMatchObject({ kind: 'check-in-reminder', title: 'Time to check in', url: '/dashboard?check-in=notification' });
    expect(JSON.stringify(payload)).not.toMatch(/Margaret|Lovelace/);
    expect(sent.body.toString('latin1')).not.toContain('check in');

    // The push service said 404 and 410: those subscriptions have ended and are gone.
    expect((await t.services.push.store.list(user.id)).map((s) => s.endpoint.split('/').pop())).toEqual(['phone']);
  });

  it('refuses an endpoint that is not a push service (no requests to addresses of an account\'s choosing), and needs a session', async () => {
    const t = createTestApp();
    const { cookie } = await signUp(t);
    const k = browserKeys();
    for (const endpoint of ['http://169.254.169.254/latest/meta-data', 'https://fcm.googleapis.com.evil.example/x', 'http://fcm.googleapis.com/fcm/send/x', 'https://127.0.0.1/x']) {
      const res = await t.call('POST', '/api/push/subscriptions', { endpoint, keys: { p256dh: k.json.p256dh, auth: k.auth.toString('base64url') } }, cookie);
      expect(res.status, endpoint).toBe(400);
      expect(((await res.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe('endpoint');
    }
    const bad = await t.call('POST', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/fcm/send/x', keys: { p256dh: 'short', auth: 'x' } }, cookie);
    expect(bad.status).toBe(400);
    expect(((await bad.json()) as { issues: { path: string }[] }).issues.map((i) => i.path)).toEqual(['keys.p256dh', 'keys.auth']);
    expect(isAllowedPushEndpoint('https://fcm.googleapis.com/fcm/send/abc', [])).toBe(true);
    expect(isAllowedPushEndpoint('https://updates.push.services.mozilla.com/wpush/v2/abc', [])).toBe(true);
    expect(isAllowedPushEndpoint('https://web.push.apple.com/abc', [])).toBe(true);
    expect((await t.call('GET', '/api/push/key')).status).toBe(401);
    expect((await t.call('POST', '/api/push/subscriptions', { endpoint: 'https://fcm.googleapis.com/x', keys: {} })).status).toBe(401);
  });

  it('a browser can unsubscribe; only its own account\'s row goes', async () => {
    const t = createTestApp();
    const a = await signUp(t);
    const b = await signUp(t);
    const k = browserKeys();
    const endpoint = 'https://fcm.googleapis.com/fcm/send/same-browser';
    for (const who of [a, b]) {
      expect((await t.call('POST', '/api/push/subscriptions', { endpoint, keys: { p256dh: k.json.p256dh, auth: k.auth.toString('base64url') } }, who.cookie)).status).toBe(201);
    }
    expect((await t.call('DELETE', '/api/push/subscriptions', { endpoint }, a.cookie)).status).toBe(200);
    expect(await t.services.push.store.list(a.user.id)).toEqual([]);
    expect(await t.services.push.store.list(b.user.id)).toHaveLength(1);
  });
});
