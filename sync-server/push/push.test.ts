/**
 * Check-in reminders by Web Push (DESIGN.md §8 "Check-ins"; push/sender.ts): a browser's
 * subscription is kept for its account; when a check-in reminder is due, the server POSTs an
 * encrypted push (RFC 8291 aes128gcm, VAPID RFC 8292) to the subscription's endpoint — here a
 * real HTTP push endpoint on loopback, which checks the headers and decrypts the payload with the
 * "browser's" private key — and drops a subscription the push service answers 404 or 410.
 * Endpoints outside the push services (and WEB_PUSH_ORIGINS) are refused: no SSRF.
 */
import { createDecipheriv, createECDH, hkdfSync, randomBytes } from 'node:crypto';
import { createServer, type IncomingMessage, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, signUp } from '../test/test-support';
import { DAY_MS } from '../release/state-machine';
import { isAllowedPushEndpoint } from './endpoints';


interface Received {
  path: string;
  headers: IncomingMessage['headers'];
  body: Buffer;
}

/** A push service on loopback: answers 201, or the status its path names (`/gone` 410, `/missing` 404). */
async function startPushService(): Promise<{ origin: string; received: Received[]; close(): Promise<void> }> {
  const received: Received[] = [];
  const server: Server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      received.push({ path: req.url ?? '', headers: req.headers, body: Buffer.concat(chunks) });
      res.statusCode = req.url?.endsWith('/gone') ? 410 : req.url?.endsWith('/missing') ? 404 : 201;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return { origin: `http://127.0.0.1:${port}`, received, close: () => new Promise((resolve) => server.close(() => resolve())) };
}

/** A browser's subscription keys: a P-256 key pair and a 16-byte auth secret. */
function browserKeys() {
  const ecdh = createECDH('prime256v1');
  ecdh.generateKeys();
  return { ecdh, auth: randomBytes(16), json: { p256dh: ecdh.getPublicKey().toString('base64url'), auth: '' } };
}

/** Decrypts an aes128gcm push body (RFC 8291 §3, RFC 8188) as the browser would. */
function decrypt(body: Buffer, ecdh: ReturnType<typeof createECDH>, auth: Buffer): string {
  const salt = body.subarray(0, 16);
  const idlen = body[20]!;
  const serverPublic = body.subarray(21, 21 + idlen);
  const ciphertext = body.subarray(21 + idlen);
  const shared = ecdh.computeSecret(serverPublic);
  const keyInfo = Buffer.concat([Buffer.from('WebPush: info\0'), ecdh.getPublicKey(), serverPublic]);
  const ikm = Buffer.from(hkdfSync('sha256', shared, auth, keyInfo, 32));
  const cek = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: aes128gcm\0'), 16));
  const nonce = Buffer.from(hkdfSync('sha256', ikm, salt, Buffer.from('Content-Encoding: nonce\0'), 12));
  const decipher = createDecipheriv('aes-128-gcm', cek, nonce);
  decipher.setAuthTag(ciphertext.subarray(ciphertext.length - 16));
  const plain = Buffer.concat([decipher.update(ciphertext.subarray(0, ciphertext.length - 16)), decipher.final()]);
  return plain.subarray(0, plain.lastIndexOf(2)).toString('utf8'); // the last record ends with 0x02 and padding
}

describe('check-in reminders by Web Push', () => {
  let push: Awaited<ReturnType<typeof startPushService>>;
  beforeAll(async () => {
    push = await startPushService();
  });
  afterAll(() => push.close());

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
