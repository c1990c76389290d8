/**
 * Keys and the password the server never sees (keys/routes.ts, keys/keyed-auth.ts) through the
 * real app over a real SQLite file. Key material here is random bytes of the right shapes: the
 * server can open none of it, so shapes are all it checks.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { newKdfParams } from '../../shared/crypto/kdf';
import { akProofToken, Keyring, newAccountKey } from '../../shared/crypto/keys';
import { toB64url } from '../../shared/crypto/bytes';
import { importAesKey, wrapKey } from '../../shared/crypto/wrap';
import { cookieOf, createTestApp, newUser, signUp, type TestApp } from '../test-support';

const b64 = (n = 32) => randomBytes(n).toString('base64url');

/** A device's new keys, as a real first device makes them (a random unlock key stands for the password's). */
async function deviceKeys(userIdForProof = 'pending') {
  const ak = newAccountKey();
  const unlock = await importAesKey(randomBytes(32));
  const ring = await Keyring.create(userIdForProof);
  return {
    ak,
    kdf: newKdfParams('argon2id'),
    keys: {
      akVersion: 1,
      akPassword: await wrapKey(unlock, ak, { userId: userIdForProof, purpose: 'password', id: 'ak~1' }),
      akRecovery: await wrapKey(unlock, ak, { userId: userIdForProof, purpose: 'recovery', id: 'ak~1' }),
      keyring: await ring.save(ak, 1),
      proof: toB64url(await akProofToken(ak, userIdForProof)),
    },
  };
}

async function keyedAccount(t: TestApp) {
  const user = newUser();
  const { password: _p, ...fields } = user;
  const loginSecret = b64();
  const d = await deviceKeys();
  const res = await t.call('POST', '/api/auth/register', { ...fields, loginSecret, kdf: d.kdf, keys: d.keys });
  expect(res.status, await res.clone().text()).toBe(201);
  const body = (await res.json()) as { id: string; keys: { kdf: unknown; keyringRev: number } };
  return { cookie: cookieOf(res), id: body.id, body, username: user.username, password: user.password, loginSecret, d };
}

describe('keys: registration and sign-in without the password', () => {
  it('a device with keys registers and signs in with its login secret; the server keeps no password and refuses one for this account', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    expect(a.body.keys).toMatchObject({ kdf: a.d.kdf, keyringRev: 1, akVersion: 1, recovery: { confirmedAt: null }, sealed: false });
    const login = await t.call('POST', '/api/auth/login', { username: a.username, loginSecret: a.loginSecret });
    expect(login.status).toBe(200);
    expect(((await login.json()) as { keys: { akPassword: string } }).keys.akPassword).toBe(a.d.keys.akPassword);
    const wrong = await t.call('POST', '/api/auth/login', { username: a.username, loginSecret: b64() });
    expect(wrong.status).toBe(401);
    // The login secret sent as a password is refused for an account with keys, even when right.
    const asPassword = await t.call('POST', '/api/auth/login', { username: a.username, password: a.loginSecret });
    expect(asPassword.status).toBe(400);
    expect(((await asPassword.json()) as { error: string }).error).toMatch(/signs in with its keys/);
    t.deps.db.pragma('wal_checkpoint(TRUNCATE)');
    const db = readFileSync(join(t.deps.config.dataDir, 'afterword.db'));
    expect(db.includes(Buffer.from(a.loginSecret))).toBe(false);
    expect(db.includes(Buffer.from(a.d.ak))).toBe(false);
    expect(db.includes(Buffer.from(toB64url(a.d.ak)))).toBe(false);
  });

  it('prelogin gives the account\'s parameters, stable fake ones for an unknown name, and null for an account made before keys', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const { body: legacy } = await signUp(t);
    const pre = async (identifier: string) => ((await (await t.call('POST', '/api/auth/prelogin', { identifier })).json()) as { kdf: unknown }).kdf;
    expect(await pre(a.username)).toEqual(a.d.kdf);
    expect(await pre(legacy.username)).toBeNull();
    const ghost = await pre('nobody_here');
    expect(ghost).toMatchObject({ alg: 'argon2id', memoryKiB: 65536 });
    expect(await pre('nobody_here')).toEqual(ghost);
    expect(await pre('Nobody_Here')).toEqual(ghost);
    expect(await pre('someone_else')).not.toEqual(ghost);
  });

  it('bad key material is a 400 naming the field (weak KDF parameters, a malformed wrap, a keyring that is not one)', async () => {
    const t = createTestApp();
    const user = newUser();
    const { password: _p, ...fields } = user;
    const d = await deviceKeys();
    const weak = { ...d.kdf, memoryKiB: 1024 };
    const res = await t.call('POST', '/api/auth/register', { ...fields, loginSecret: b64(), kdf: weak, keys: { ...d.keys, akPassword: 'w1.nope', keyring: { v: 9 } } });
    expect(res.status).toBe(400);
    const paths = ((await res.json()) as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(paths).toEqual(expect.arrayContaining(['kdf', 'keys.akPassword', 'keys.keyring']));
    expect((await t.call('POST', '/api/auth/prelogin', { identifier: user.username })).status).toBe(200);
  });
});

describe('keys: an account made before keys sets them up once', () => {
  it('two devices setting up at once end with ONE account key: the other gets 409 and the winner\'s keys; the login hash switches with it', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const [d1, d2] = await Promise.all([deviceKeys(user.id), deviceKeys(user.id)]);
    const [s1, s2] = [b64(), b64()];
    const [r1, r2] = await Promise.all([
      t.call('POST', '/api/keys/setup', { loginSecret: s1, kdf: d1.kdf, keys: d1.keys }, cookie),
      t.call('POST', '/api/keys/setup', { loginSecret: s2, kdf: d2.kdf, keys: d2.keys }, cookie),
    ]);
    expect([r1.status, r2.status].sort()).toEqual([201, 409]);
    const [won, wonSecret] = r1.status === 201 ? [d1, s1] : [d2, s2];
    const lost = r1.status === 201 ? r2 : r1;
    expect(((await lost.json()) as { current: { akPassword: string } }).current.akPassword).toBe(won.keys.akPassword);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, loginSecret: wonSecret })).status).toBe(200);
  });

  it('setup needs the password entered recently', async () => {
    const t = createTestApp();
    const { cookie, user } = await signUp(t);
    t.advance(11 * 60_000);
    const d = await deviceKeys(user.id);
    const res = await t.call('POST', '/api/keys/setup', { loginSecret: b64(), kdf: d.kdf, keys: d.keys }, cookie);
    expect(res.status).toBe(403);
  });
});

describe('keys: keyring, password and recovery kit', () => {
  it('the keyring changes by compare-and-set and may only grow', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const ring = await Keyring.load(a.d.keys.keyring, a.d.ak, 'pending');
    await ring.rotate('msg:m1');
    const grown = await ring.save(a.d.ak, 1);
    const put = (rev: number, keyring: unknown) => t.call('PUT', '/api/keys/keyring', { rev, keyring }, a.cookie);
    expect((await put(1, grown)).status).toBe(200);
    const stale = await put(1, grown);
    expect(stale.status).toBe(409);
    expect(((await stale.json()) as { current: { keyringRev: number } }).current.keyringRev).toBe(2);
    const { ['plan~1']: _dropped, ...fewer } = grown.keys;
    expect((await put(2, { ...grown, keys: fewer })).status).toBe(400);
  });

  it('a password change re-wraps AK only and ends the other sessions; a wrong current secret changes nothing', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const other = cookieOf(await t.call('POST', '/api/auth/login', { username: a.username, loginSecret: a.loginSecret }));
    const next = { currentLoginSecret: a.loginSecret, loginSecret: b64(), kdf: newKdfParams('argon2id'), akPassword: a.d.keys.akRecovery };
    expect((await t.call('POST', '/api/keys/password', { ...next, currentLoginSecret: b64() }, a.cookie)).status).toBe(400);
    expect((await t.call('POST', '/api/keys/password', next, a.cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/keys', undefined, other)).status).toBe(401);
    const keys = (await (await t.call('GET', '/api/keys', undefined, a.cookie)).json()) as { kdf: unknown; akPassword: string; keyring: unknown };
    expect(keys).toMatchObject({ kdf: next.kdf, akPassword: next.akPassword, keyring: a.d.keys.keyring });
    expect((await t.call('POST', '/api/auth/login', { username: a.username, loginSecret: next.loginSecret })).status).toBe(200);
  });

  it('a new recovery kit replaces the old wrap (the old code stops working) and waits to be confirmed', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    expect(await (await t.call('GET', '/api/keys/recovery', undefined, a.cookie)).json()).toEqual({ akVersion: 1, akRecovery: a.d.keys.akRecovery });
    expect((await t.call('POST', '/api/keys/recovery/confirmed', undefined, a.cookie)).status).toBe(200);
    const fresh = `w1.${b64(12)}.${b64(48)}`;
    const made = await t.call('POST', '/api/keys/recovery', { akRecovery: fresh }, a.cookie);
    expect(made.status).toBe(200);
    expect(((await made.json()) as { recovery: { confirmedAt: string | null } }).recovery.confirmedAt).toBeNull();
    expect(await (await t.call('GET', '/api/keys/recovery', undefined, a.cookie)).json()).toEqual({ akVersion: 1, akRecovery: fresh });
  });
});

describe('signing in by e-mail', () => {
  it('the owner address its owner confirmed names the account (prelogin and login); an unconfirmed one does not', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const profile = (await (await t.call('GET', '/api/user/profile', undefined, a.cookie)).json()) as { email: string };
    expect((await t.call('POST', '/api/auth/login', { username: profile.email, loginSecret: a.loginSecret })).status).toBe(401);
    await t.services.release.store.setVerifiedOwnerEmail(a.id, profile.email, t.deps.now());
    const pre = (await (await t.call('POST', '/api/auth/prelogin', { identifier: profile.email.toUpperCase() })).json()) as { kdf: unknown };
    expect(pre.kdf).toEqual(a.d.kdf);
    expect((await t.call('POST', '/api/auth/login', { username: profile.email.toUpperCase(), loginSecret: a.loginSecret })).status).toBe(200);
  });
});
