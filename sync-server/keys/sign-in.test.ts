import { randomUUID } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivePasswordKeys } from '../../shared/crypto/kdf';
import { Keyring, unwrapAccountKey } from '../../shared/crypto/keys';
import { cookieOf, createTestApp, newUser, signUp, type TestApp } from '../test/test-support';
import { makeDeviceKeys } from '../test/test-keys';

const PASSWORD = 'correct horse battery';

/** Registers with keys as the app does; returns what the device keeps and every request body sent. */
async function registerWithKeys(t: TestApp, sent: string[]) {
  const id = randomUUID();
  const { password: _p, lastName: _l, ...profile } = newUser();
  const dk = await makeDeviceKeys(id, PASSWORD);
  const body = { ...profile, id, ...dk.body };
  sent.push(JSON.stringify(body));
  const res = await t.call('POST', '/api/auth/register', body);
  return { res, id, dk, username: profile.username };
}

describe('sign-in with keys: the password never reaches the server', () => {
  it('registers with keys, signs in with the login secret, and the keyring opens on the new device', async () => {
    const t = createTestApp();
    const sent: string[] = [];
    const { res, id, dk, username } = await registerWithKeys(t, sent);
    expect(res.status).toBe(201);
    expect((await res.json()).id).toBe(id);

    const pre = { identifier: username.toUpperCase() };
    sent.push(JSON.stringify(pre));
    const { kdf } = await (await t.call('POST', '/api/auth/prelogin', pre)).json();
    const { loginSecret, unlockKey } = await derivePasswordKeys(PASSWORD, kdf);
    const login = { identifier: username, loginSecret };
    sent.push(JSON.stringify(login));
    const signedIn = await t.call('POST', '/api/auth/login', login);
    expect(signedIn.status).toBe(200);
    const user = await signedIn.json();
    expect(user.keys.keyringRev).toBe(1);
    const ak = await unwrapAccountKey(unlockKey, user.keys.akPassword, id, user.keys.akVersion, 'password');
    expect((await Keyring.load(user.keys.keyring, ak, id)).kids()).toEqual(dk.keyring.kids());

    for (const body of sent) expect(body).not.toContain(PASSWORD);
    const db = readFileSync(join(t.deps.config.dataDir, 'afterword.db'));
    expect(db.includes(Buffer.from(PASSWORD))).toBe(false);
  });

  it('a wrong login secret is the usual 401', async () => {
    const t = createTestApp();
    const { username } = await registerWithKeys(t, []);
    const { dk: other } = await registerWithKeys(t, []);
    const res = await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: other.loginSecret });
    expect(res.status).toBe(401);
    expect(await res.json()).toMatchObject({ error: 'Invalid username or password' });
  });

  it('an account with keys refuses the password exactly as an unknown name does: the answer tells no one the account exists', async () => {
    const t = createTestApp();
    const { username } = await registerWithKeys(t, []);
    const res = await t.call('POST', '/api/auth/login', { username, password: PASSWORD });
    const unknown = await t.call('POST', '/api/auth/login', { username: `nobody_${Math.random().toString(36).slice(2, 8)}`, password: PASSWORD });
    expect([res.status, await res.json()]).toEqual([401, { error: 'Invalid username or password' }]);
    expect([unknown.status, await unknown.json()]).toEqual([401, { error: 'Invalid username or password' }]);
  });

  it('a legacy account signs in with its password, sets up keys, then signs in only with the login secret', async () => {
    const t = createTestApp();
    const { user, body } = await signUp(t);
    const first = await t.call('POST', '/api/auth/login', { username: body.username, password: body.password });
    expect(first.status).toBe(200);
    expect((await first.json()).keys).toBeNull();
    const dk = await makeDeviceKeys(user.id, body.password);
    expect((await t.call('POST', '/api/keys/setup', dk.body, cookieOf(first))).status).toBe(201);
    expect((await t.call('POST', '/api/auth/login', { username: body.username, password: body.password })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { identifier: body.username, loginSecret: dk.loginSecret })).status).toBe(200);
  });

  it('register with keys names the bad fields', async () => {
    const t = createTestApp();
    const { password: _p, lastName: _l, ...profile } = newUser();
    const id = randomUUID();
    const dk = await makeDeviceKeys(id, PASSWORD);
    const res = await t.call('POST', '/api/auth/register', { ...profile, id: 'x', ...dk.body, keys: { ...dk.body.keys, proof: 'short' } });
    expect(res.status).toBe(400);
    expect((await res.json()).issues.map((i: { path: string }) => i.path).sort()).toEqual(['id', 'keys.proof']);
  });

  it('register with keys refuses a sealed profile field sent in plaintext (422 naming it), stores nothing, and seals the account from birth', async () => {
    const t = createTestApp();
    const { password: _p, ...profile } = newUser(); // lastName is sealed (shared/crypto/fields.ts)
    const id = randomUUID();
    const dk = await makeDeviceKeys(id, PASSWORD);
    const res = await t.call('POST', '/api/auth/register', { ...profile, id, ...dk.body });
    expect(res.status).toBe(422);
    expect((await res.json()).issues.map((i: { path: string }) => i.path)).toEqual(['lastName']);
    expect(await t.services.accounts.findById(id)).toBeFalsy();

    const { lastName: _l, ...plain } = profile;
    const ok = await t.call('POST', '/api/auth/register', { ...plain, id, ...dk.body });
    expect(ok.status).toBe(201);
    expect((await t.services.keys.get(id))!.sealedAt).not.toBeNull();
    expect(await t.services.records.get(id, 'profile', id)).toBeFalsy(); // the device writes the profile, sealed
  });
});

describe('password change with keys', () => {
  it('re-wraps AK under the new password, ends the other sessions, and the new login secret signs in', async () => {
    const t = createTestApp();
    const { id, dk, username } = await registerWithKeys(t, []);
    const a = await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: dk.loginSecret });
    const b = await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: dk.loginSecret });
    const { wrapAccountKey } = await import('../../shared/crypto/keys');
    const { newKdfParams } = await import('../../shared/crypto/kdf');
    const kdf = newKdfParams('pbkdf2-sha256');
    const next = await derivePasswordKeys('a new long password', kdf);
    const akPassword = await wrapAccountKey(next.unlockKey, dk.ak, id, 1, 'password');
    const wrong = await t.call('POST', '/api/auth/password', { currentLoginSecret: next.loginSecret, loginSecret: next.loginSecret, kdf, akPassword }, cookieOf(a));
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).issues[0].path).toBe('currentLoginSecret');
    const res = await t.call('POST', '/api/auth/password', { currentLoginSecret: dk.loginSecret, loginSecret: next.loginSecret, kdf, akPassword }, cookieOf(a));
    expect(res.status).toBe(200);
    expect((await t.call('GET', '/api/keys', undefined, cookieOf(b))).status).toBe(401);
    const keys = await (await t.call('GET', '/api/keys', undefined, cookieOf(a))).json();
    expect(keys.kdf).toEqual(kdf);
    expect(await unwrapAccountKey(next.unlockKey, keys.akPassword, id, 1, 'password')).toEqual(dk.ak);
    expect((await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: dk.loginSecret })).status).toBe(401);
    expect((await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: next.loginSecret })).status).toBe(200);
  });
});

describe("the KDF is fixed per account (issue 29 \"The KDF\")", () => {
  it('a password change that switches the algorithm is refused (400 naming kdf) and the old password still signs in', async () => {
    const t = createTestApp();
    const { id, dk, username } = await registerWithKeys(t, []); // PBKDF2-SHA256 (test-keys.ts)
    const a = await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: dk.loginSecret });
    const { wrapAccountKey } = await import('../../shared/crypto/keys');
    const { newKdfParams } = await import('../../shared/crypto/kdf');
    const kdf = { ...newKdfParams('argon2id'), memoryKiB: 19 * 1024, iterations: 2 }; // the floor: quick to derive here
    const next = await derivePasswordKeys('a new long password', kdf);
    const akPassword = await wrapAccountKey(next.unlockKey, dk.ak, id, 1, 'password');
    const res = await t.call('POST', '/api/auth/password', { currentLoginSecret: dk.loginSecret, loginSecret: next.loginSecret, kdf, akPassword }, cookieOf(a));
    expect(res.status).toBe(400);
    const body = await res.json();
    expect(body.issues[0].path).toBe('kdf');
    expect(body.error).toMatch(/pbkdf2-sha256/);
    expect((await t.services.keys.get(id))!.kdf).toEqual(dk.kdf);
    expect((await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: dk.loginSecret })).status).toBe(200);
  });
});

describe('the password entered again, with keys', () => {
  it('confirm-password and delete-account take the login secret and refuse the password', async () => {
    const t = createTestApp();
    const { dk, username } = await registerWithKeys(t, []);
    const cookie = cookieOf(await t.call('POST', '/api/auth/login', { identifier: username, loginSecret: dk.loginSecret }));
    expect((await t.call('POST', '/api/auth/confirm-password', { password: PASSWORD }, cookie)).status).toBe(400);
    expect((await t.call('POST', '/api/auth/confirm-password', { loginSecret: dk.loginSecret }, cookie)).status).toBe(200);
    const other = await makeDeviceKeys(randomUUID(), 'x'.repeat(12));
    const wrong = await t.call('POST', '/api/auth/delete-account', { loginSecret: other.loginSecret }, cookie);
    expect(wrong.status).toBe(400);
    expect((await wrong.json()).issues[0].path).toBe('loginSecret');
    expect((await t.call('POST', '/api/auth/delete-account', { loginSecret: dk.loginSecret }, cookie)).status).toBe(200);
  });
});

describe('sign-in by e-mail', () => {
  it('a verified owner address names the account in prelogin and login, in any case; an unverified one does not', async () => {
    const t = createTestApp();
    const { id, dk, username } = await registerWithKeys(t, []);
    const email = `${username}@example.org`;
    expect((await t.call('POST', '/api/auth/login', { identifier: email, loginSecret: dk.loginSecret })).status).toBe(401);
    t.deps.db.prepare('INSERT INTO owner_email (user_id, email, verified_at) VALUES (?, lower(?), ?)').run(id, email, t.deps.now());
    const { kdf } = await (await t.call('POST', '/api/auth/prelogin', { identifier: email.toUpperCase() })).json();
    expect(kdf).toEqual(dk.kdf);
    const res = await t.call('POST', '/api/auth/login', { identifier: email.toUpperCase(), loginSecret: dk.loginSecret });
    expect(res.status).toBe(200);
    expect((await res.json()).id).toBe(id);
    // A second account confirming the same address: the address names neither.
    const other = await registerWithKeys(t, []);
    t.deps.db.prepare('INSERT INTO owner_email (user_id, email, verified_at) VALUES (?, lower(?), ?)').run(other.id, email, t.deps.now());
    expect((await t.call('POST', '/api/auth/login', { identifier: ` ${email} `, loginSecret: dk.loginSecret })).status).toBe(401);
  });
});
