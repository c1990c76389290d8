/**
 * A forgotten password (accounts/password-reset-routes.ts, accounts/unproven.ts; SECURITY.md "Password reset"):
 * the real app over a real SQLite file, the real SMTP test server on loopback, the injectable clock.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { newKdfParams } from '../../shared/crypto/kdf';
import { PROOF_REQUIRED } from '../../shared/schema/user';
import { verifyPassword } from './password';
import { formatHlc } from '../../shared/sync/hlc';
import type { SyncResponse } from '../../shared/sync';
import { PROTOCOL_VERSION } from '../../shared/sync';
import { linkOf, ownerOn, type Owner } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { cookieOf, createTestApp } from '../test/test-support';
import { RESET_LINK_INVALID } from './password-reset-routes';
import { keysBeforeReset, RESET_SECRET, resetLink as resetLinkOn, tokenOf } from '../test/reset-test-support';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const NEW_PASSWORD = 'a brand new passphrase';

async function owner(): Promise<Owner> {
  return ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' }));
}
const forgot = (o: Owner, email: string, headers: Record<string, string> = {}) => o.t.call('POST', '/api/auth/forgot-password', { email }, undefined, headers);
const reset = (o: Owner, token: string, password = NEW_PASSWORD) => o.t.call('POST', '/api/auth/reset-password', { token, password });
const resetLink = (o: Owner) => resetLinkOn(o, smtp);

/** Resets with a fresh link and returns the new (unproven) session's cookie. */
async function resetAndSignIn(o: Owner): Promise<string> {
  const res = await reset(o, tokenOf(await resetLink(o)));
  expect(res.status, await res.clone().text()).toBe(200);
  return cookieOf(res);
}

const push = (o: Owner, cookie: string, changes: unknown[]) =>
  o.t.call('POST', '/api/sync', { protocol: PROTOCOL_VERSION, cursor: 0, changes }, cookie).then(async (r) => {
    expect(r.status).toBe(200);
    return (await r.json()) as SyncResponse;
  });
let counter = 0;
const hlc = (o: Owner) => formatHlc({ ms: o.t.deps.now(), counter: counter++ % 1000, node: 'phone' });

describe('forgot password', () => {
  it('the same answer for an unknown address; the verified owner gets a single link to /reset-password#token, stored only hashed', async () => {
    const o = await owner();
    const unknown = await forgot(o, o.addr('nobody'));
    const known = await forgot(o, o.email);
    expect(unknown.status).toBe(known.status);
    expect(await unknown.json()).toEqual(await known.json());
    await o.t.services.resetMail.settled(); // queued after the answer (accounts/reset-mail.ts)
  await o.t.services.scheduler.runOnce();
    const mail = await smtp.waitFor(o.email, /Reset your Afterword password/);
    expect(smtp.to(o.addr('nobody'))).toHaveLength(0);
    const link = linkOf(mail);
    expect(link).toMatch(/^https:\/\/afterword\.example\/reset-password#[A-Za-z0-9_-]{43}$/);
    const all = JSON.stringify([o.t.deps.db.prepare('SELECT * FROM release_tokens').all(), o.t.deps.db.prepare('SELECT * FROM release_emails').all()]);
    expect(all).not.toContain(tokenOf(link));
  });

  it('an unverified address gets nothing, with the same answer', async () => {
    const o = await owner();
    const changed = o.addr('changed');
    expect((await o.t.call('PATCH', '/api/user/profile', { email: changed }, o.cookie)).status).toBe(200);
    const res = await forgot(o, changed);
    expect(res.status).toBe(200);
    expect(await res.json()).toEqual({ ok: true });
    const old = await forgot(o, o.email); // verified once, but no longer the profile's address
    expect(old.status).toBe(200);
    await o.t.services.resetMail.settled(); // queued after the answer (accounts/reset-mail.ts)
  await o.t.services.scheduler.runOnce();
    expect(smtp.to(changed)).toHaveLength(0);
    expect(smtp.to(o.email).filter((m) => /Reset/.test(m.subject))).toHaveLength(0);
  });

  it('is rate limited per address (the same for an unknown one) and per IP', async () => {
    const o = await owner();
    for (const email of [o.email, o.addr('nobody')]) {
      const codes = [];
      for (let i = 0; i < 4; i++) codes.push((await forgot(o, email)).status);
      expect(codes).toEqual([200, 200, 200, 429]);
    }
    o.t.advance(11 * 60_000); // a new per-IP window; the addresses' hour goes on
    expect((await forgot(o, o.email)).status).toBe(429);
    const codes = [];
    for (let i = 0; i < 10; i++) codes.push((await forgot(o, o.addr(`other${i}`))).status);
    expect(codes.slice(0, 9).every((c) => c === 200)).toBe(true); // the 429 above counted too
    expect(codes[9]).toBe(429);
  });

  it('counts against the daily reset quota: past it no more e-mails go that day', async () => {
    const o = await owner();
    const limit = o.t.deps.config.limits.passwordResetsPerDay;
    for (let i = 0; i < limit + 2; i++) {
      expect((await forgot(o, o.email)).status).toBe(200);
      o.t.advance(61 * 60_000); // past the per-address window, within the day
    }
    await o.t.services.resetMail.settled(); // queued after the answer (accounts/reset-mail.ts)
  await o.t.services.scheduler.runOnce();
    await smtp.waitFor(o.email, /Reset your Afterword password/);
    expect(smtp.to(o.email).filter((m) => /Reset your Afterword password/.test(m.subject)).length).toBeLessThanOrEqual(limit);
    const queued = o.t.deps.db.prepare("SELECT count(*) AS n FROM release_emails WHERE user_id = ? AND quota = 'reset'").get(o.userId) as { n: number };
    expect(queued.n).toBe(limit);
  });
});

describe('reset password', () => {
  it('sets the new password, works once, ends every other session, and signs this browser in', async () => {
    const o = await owner();
    const other = o.cookie;
    const link = await resetLink(o);
    const res = await reset(o, tokenOf(link));
    expect(res.status).toBe(200);
    const cookie = cookieOf(res);
    expect((await o.t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(200);
    expect((await o.t.call('GET', '/api/user/profile', undefined, other)).status).toBe(401);
    const again = await reset(o, tokenOf(link), 'yet another passphrase');
    expect(again.status).toBe(400);
    expect(await again.json()).toMatchObject({ error: RESET_LINK_INVALID, issues: [{ path: 'token' }] });
    const login = (password: string) => o.t.call('POST', '/api/auth/login', { username: o.username, password });
    expect((await login(o.password)).status).toBe(401);
    expect((await login(NEW_PASSWORD)).status).toBe(200);
  });

  it('a link expires after 30 minutes, and a newer link replaces an older one', async () => {
    const o = await owner();
    const first = await resetLink(o);
    o.t.advance(61 * 60_000);
    const second = await resetLink(o);
    expect((await reset(o, tokenOf(first))).status).toBe(400);
    o.t.advance(30 * 60_000 + 1);
    expect((await reset(o, tokenOf(second))).status).toBe(400);
    expect((await reset(o, 'x'.repeat(43))).status).toBe(400);
  });

  it('two requests with one link at once: one resets, the other is refused', async () => {
    const o = await owner();
    const token = tokenOf(await resetLink(o));
    const codes = (await Promise.all([reset(o, token), reset(o, token, 'another passphrase')])).map((r) => r.status).sort();
    expect(codes).toEqual([200, 400]);
  });
});

describe('an unproven session cannot steer the release', () => {
  it('REST: no trustee add, edit or delete, no recipient address, no release settings, no other edit either (read-only); after proof all pass', async () => {
    const o = await owner();
    const trustee = await o.addTrustee('grace');
    const message = await o.addMessage('lin', 'Hello');
    const cookie = await resetAndSignIn(o);
    const refused = async (res: Response) => {
      expect(res.status).toBe(403);
      expect(await res.json()).toMatchObject({ error: PROOF_REQUIRED, issues: [{ path: 'session' }] });
    };
    await refused(await o.t.call('POST', '/api/trustees', { name: 'Eve', email: o.addr('eve'), accessLevel: 'full' }, cookie));
    await refused(await o.t.call('PATCH', `/api/trustees/${trustee.id}`, { email: o.addr('eve') }, cookie));
    await refused(await o.t.call('PATCH', `/api/trustees/${trustee.id}`, { accessLevel: 'documents-only' }, cookie));
    await refused(await o.t.call('DELETE', `/api/trustees/${trustee.id}`, undefined, cookie));
    await refused(await o.t.call('PATCH', `/api/messages/${message.id}`, { recipientEmail: o.addr('eve') }, cookie));
    await refused(await o.t.call('POST', '/api/messages', { recipientName: 'Eve', recipientEmail: o.addr('eve'), messageType: 'text', messageContent: 'x', deliveryDate: null }, cookie));
    await refused(await o.t.call('PUT', '/api/release/settings', { waitingDays: 2 }, cookie));
    // Read-only until the proof (issue 40 item 3; accounts/unproven-read-only.test.ts has the rest).
    await refused(await o.t.call('PATCH', `/api/messages/${message.id}`, { messageContent: 'Hello again' }, cookie));
    const t = (await o.t.call('GET', '/api/trustees', undefined, cookie).then((r) => r.json())) as { email: string; accessLevel: string }[];
    expect(t).toEqual([expect.objectContaining({ email: o.addr('grace'), accessLevel: 'full' })]);

    const session = o.t.deps.db.prepare('SELECT id FROM sessions WHERE user_id = ?').get(o.userId) as { id: string };
    await o.t.services.accounts.proveSession(session.id); // what POST /api/keys/proof does once the device proves AK
    expect((await o.t.call('PATCH', `/api/trustees/${trustee.id}`, { accessLevel: 'documents-only' }, cookie)).status).toBe(200);
    expect((await o.t.call('PATCH', `/api/messages/${message.id}`, { recipientEmail: o.addr('lin2') }, cookie)).status).toBe(200);
  });

  it('sync: every change is rejected with the reason and the record (read-only), and merged after the proof', async () => {
    const o = await owner();
    const trustee = await o.addTrustee('grace');
    const message = await o.addMessage('lin', 'Hello');
    const cookie = await resetAndSignIn(o);
    const steer = [
      { collection: 'trustees', id: trustee.id, hlc: hlc(o), fields: { email: o.addr('eve') } },
      { collection: 'trustees', id: 'new-trustee', hlc: hlc(o), fields: { name: 'Eve', email: o.addr('eve'), accessLevel: 'full' } },
      { collection: 'messages', id: message.id, hlc: hlc(o), fields: { recipientEmail: o.addr('eve') } },
    ];
    const fine = { collection: 'messages', id: message.id, hlc: hlc(o), fields: { messageContent: 'Edited on the phone' } };
    const res = await push(o, cookie, [...steer, fine]);
    expect(res.accepted).toEqual([]);
    expect(res.rejected.map((r) => [r.hlc, r.reason])).toEqual([...steer, fine].map((c) => [c.hlc, PROOF_REQUIRED]));
    expect(res.rejected[0]!.record).not.toBeNull(); // rule 11: the device rolls back from the server's state
    const trustees = (await o.t.call('GET', '/api/trustees', undefined, cookie).then((r) => r.json())) as { email: string }[];
    expect(trustees.map((x) => x.email)).toEqual([o.addr('grace')]);

    const session = o.t.deps.db.prepare('SELECT id FROM sessions WHERE user_id = ?').get(o.userId) as { id: string };
    await o.t.services.accounts.proveSession(session.id);
    const after = await push(o, cookie, [{ ...steer[0]!, hlc: hlc(o) }, { ...fine, hlc: hlc(o) }]);
    expect(after.rejected).toEqual([]);
  });

  it('signing in again with the new password is still unproven: the reset, not the session, waits for the proof', async () => {
    const o = await owner();
    await resetAndSignIn(o);
    const login = await o.t.call('POST', '/api/auth/login', { username: o.username, password: NEW_PASSWORD });
    expect(login.status).toBe(200);
    const res = await o.t.call('POST', '/api/trustees', { name: 'Eve', email: o.addr('eve'), accessLevel: 'full' }, cookieOf(login));
    expect(res.status).toBe(403);
    expect(await res.json()).toMatchObject({ error: PROOF_REQUIRED });
  });

  it('a normal sign-in is not unproven', async () => {
    const o = await owner();
    expect((await o.t.call('PATCH', '/api/trustees/none', { accessLevel: 'full' }, o.cookie)).status).toBe(404);
    expect((await o.t.call('POST', '/api/trustees', { name: 'Eve', email: o.addr('eve'), accessLevel: 'full' }, o.cookie)).status).toBe(201);
  });
});

describe('an account with keys', () => {
  const withKeys = keysBeforeReset;
  const secret = RESET_SECRET;

  it('check says which credential; the reset takes a login secret and KDF of the same algorithm, sets the login hash and drops AK\'s password wrap', async () => {
    const o = await owner();
    const legacy = await owner();
    await withKeys(o);
    const token = tokenOf(await resetLink(o));
    const check = (t: Owner, tok: string) => t.t.call('POST', '/api/auth/reset-password/check', { token: tok });
    const stored = (await o.t.services.keys.get(o.userId))!;
    expect(await (await check(o, token)).json()).toEqual({ userId: o.userId, kdf: stored.kdf, kdfAlg: 'argon2id' });
    expect(await (await check(legacy, tokenOf(await resetLink(legacy)))).json()).toEqual({ userId: legacy.userId, kdf: null, kdfAlg: null });

    const post = (body: Record<string, unknown>) => o.t.call('POST', '/api/auth/reset-password', { token, ...body });
    const refusedOn = async (res: Response, path: string) => {
      expect(res.status).toBe(400);
      expect(((await res.json()) as { issues: { path: string }[] }).issues[0]!.path).toBe(path);
    };
    await refusedOn(await post({ password: NEW_PASSWORD }), 'loginSecret');
    await refusedOn(await post({ loginSecret: secret, kdf: newKdfParams('pbkdf2-sha256') }), 'kdf'); // never switched by a device
    await refusedOn(await post({ loginSecret: secret, kdf: { ...newKdfParams('argon2id'), memoryKiB: 1024 } }), 'kdf'); // below the floor
    const kdf = newKdfParams('argon2id');
    const res = await post({ loginSecret: secret, kdf });
    expect(res.status, await res.clone().text()).toBe(200); // the refusals above did not use the link up
    const keys = (await o.t.services.keys.get(o.userId))!;
    expect(keys).toMatchObject({ kdf, akPassword: null, akRecovery: 'w1.recovery-wrap' });
    const row = (await o.t.services.accounts.findById(o.userId))!;
    expect(await verifyPassword(secret, row.password_hash)).toBe(true);
    expect(await verifyPassword(o.password, row.password_hash)).toBe(false);
  });

  it('POST /api/keys/proof: a wrong proof changes nothing; the right one lets the session steer again', async () => {
    const o = await owner();
    const trustee = await o.addTrustee('grace');
    const proof = await withKeys(o);
    const token = tokenOf(await resetLink(o));
    const res = await reset(o, token); // legacy body on a keyed account is refused…
    expect(res.status).toBe(400);
    const ok = await o.t.call('POST', '/api/auth/reset-password', { token, loginSecret: secret, kdf: newKdfParams('argon2id') });
    expect(ok.status).toBe(200);
    const cookie = cookieOf(ok);
    const steer = () => o.t.call('PATCH', `/api/trustees/${trustee.id}`, { accessLevel: 'documents-only' }, cookie);
    const prove = (p: string) => o.t.call('POST', '/api/keys/proof', { proof: p }, cookie);
    const wrong = await prove(toB64url(new Uint8Array(32).fill(1)));
    expect(wrong.status).toBe(400);
    expect(await wrong.json()).toMatchObject({ issues: [{ path: 'proof' }] });
    expect((await steer()).status).toBe(403);
    expect((await prove(proof)).status).toBe(200);
    expect((await steer()).status).toBe(200);
  });

  it('until the proof, the session cannot touch the keys that open the words or the release: recovery kit, keyring, AK\'s password wrap, escrow, a new AK', async () => {
    const o = await owner();
    await withKeys(o);
    const token = tokenOf(await resetLink(o));
    const ok = await o.t.call('POST', '/api/auth/reset-password', { token, loginSecret: secret, kdf: newKdfParams('argon2id') });
    expect(ok.status).toBe(200);
    const cookie = cookieOf(ok);
    const wrap = `w1.${'C'.repeat(16)}.${'D'.repeat(64)}`;
    const before = (await o.t.services.keys.get(o.userId))!;
    const attempts = [
      o.t.call('POST', '/api/keys/recovery', { akRecovery: wrap }, cookie),
      o.t.call('PUT', '/api/keys/keyring', { rev: before.keyringRev, keyring: { ...before.keyring, keys: { ...before.keyring.keys, 'docs~1': wrap } } }, cookie),
      o.t.call('POST', '/api/auth/password', { currentLoginSecret: secret, loginSecret: toB64url(new Uint8Array(32).fill(9)), kdf: newKdfParams('argon2id'), akPassword: wrap }, cookie),
      o.t.call('PUT', '/api/release/escrow', { keys: { 'plan~1': toB64url(new Uint8Array(32).fill(3)) } }, cookie),
      o.t.call('POST', '/api/keys/rotate', { fromAkVersion: 1, rev: before.keyringRev, kdf: before.kdf, akPassword: wrap, akRecovery: wrap, keyring: { ...before.keyring, ak: 2 }, proof: toB64url(new Uint8Array(32).fill(4)), ownerCopies: {}, endOtherSessions: true }, cookie),
    ];
    for (const res of await Promise.all(attempts)) {
      expect(res.status, await res.clone().text()).toBe(403);
      expect(await res.json()).toMatchObject({ error: PROOF_REQUIRED });
    }
    const after = (await o.t.services.keys.get(o.userId))!;
    expect(after).toMatchObject({ akRecovery: 'w1.recovery-wrap', akPassword: null, keyringRev: before.keyringRev });
    expect(await o.t.services.escrow.status(o.userId)).toBeNull();
  });

  it('keys made after the reset prove nothing (an account from before keys)', async () => {
    const o = await owner();
    const cookie = await resetAndSignIn(o);
    o.t.advance(1000);
    const proof = await withKeys(o); // made by whoever holds the reset session
    const res = await o.t.call('POST', '/api/keys/proof', { proof }, cookie);
    expect(res.status).toBe(409);
    expect((await o.t.call('POST', '/api/trustees', { name: 'Eve', email: o.addr('eve'), accessLevel: 'full' }, cookie)).status).toBe(403);
  });
});
