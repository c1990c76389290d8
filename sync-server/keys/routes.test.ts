import { describe, expect, it } from 'vitest';
import { Keyring, unwrapAccountKey } from '../../shared/crypto/keys';
import { derivePasswordKeys } from '../../shared/crypto/kdf';
import { cookieOf, createTestApp, signUp } from '../test/test-support';
import { makeDeviceKeys } from '../test/test-keys';

describe('key routes (shared/crypto/README.md "Keys")', () => {
  it('prelogin: null for a legacy account, the same fake params twice for an unknown name, the real ones after setup', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const pre = async (identifier: string) => (await (await t.call('POST', '/api/auth/prelogin', { identifier })).json()).kdf;
    expect(await pre(body.username)).toBeNull();
    const fake = await pre('nobody_here');
    expect(fake).toMatchObject({ alg: 'argon2id' });
    expect(await pre('NOBODY_here')).toEqual(fake);
    const dk = await makeDeviceKeys(user.id, body.password);
    expect((await t.call('POST', '/api/keys/setup', dk.body, cookie)).status).toBe(201);
    expect(await pre(body.username.toUpperCase())).toEqual(dk.kdf);
  });

  it('setup by two devices at once ends with one AK: the loser gets 409 and the winner\'s keys', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const [a, b] = await Promise.all([makeDeviceKeys(user.id, body.password), makeDeviceKeys(user.id, body.password)]);
    const [ra, rb] = await Promise.all([t.call('POST', '/api/keys/setup', a.body, cookie), t.call('POST', '/api/keys/setup', b.body, cookie)]);
    expect([ra.status, rb.status].sort()).toEqual([201, 409]);
    const loser = ra.status === 409 ? await ra.json() : await rb.json();
    const winner = ra.status === 201 ? a : b;
    expect(loser.current.akPassword).toBe(winner.body.keys.akPassword);
    // the loser opens the winner's AK with the password and loads its keyring
    const { unlockKey } = await derivePasswordKeys(body.password, loser.current.kdf);
    const ak = await unwrapAccountKey(unlockKey, loser.current.akPassword, user.id, 1, 'password');
    const ring = await Keyring.load(loser.current.keyring, ak, user.id);
    expect(ring.kids()).toEqual(winner.keyring.kids());
  });

  it('the keyring is written by compare-and-set and may only gain keys', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const dk = await makeDeviceKeys(user.id, body.password);
    await t.call('POST', '/api/keys/setup', dk.body, cookie);
    const got = await (await t.call('GET', '/api/keys', undefined, cookie)).json();
    expect(got.keyringRev).toBe(1);
    expect(got).not.toHaveProperty('proofHash');
    await dk.keyring.rotate('msg:1');
    const grown = await dk.keyring.save(dk.ak, 1);
    const ok = await t.call('PUT', '/api/keys/keyring', { rev: 1, keyring: grown }, cookie);
    expect(ok.status).toBe(200);
    expect(await ok.json()).toEqual({ keyringRev: 2 });
    const stale = await t.call('PUT', '/api/keys/keyring', { rev: 1, keyring: grown }, cookie);
    expect(stale.status).toBe(409);
    expect((await stale.json()).current.keyringRev).toBe(2);
    const dropped = { ...grown, keys: Object.fromEntries(Object.entries(grown.keys).slice(1)) };
    const res = await t.call('PUT', '/api/keys/keyring', { rev: 2, keyring: dropped }, cookie);
    expect(res.status).toBe(400);
    expect((await res.json()).issues[0].path).toBe('keyring');
  });

  it('refuses malformed keys naming the field, and weak KDF parameters', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const dk = await makeDeviceKeys(user.id, body.password);
    const bad = { ...dk.body, kdf: { ...dk.kdf, iterations: 1000 }, keys: { ...dk.body.keys, akPassword: 'w1.nope' } };
    const res = await t.call('POST', '/api/keys/setup', bad, cookie);
    expect(res.status).toBe(400);
    const paths = (await res.json()).issues.map((i: { path: string }) => i.path).sort();
    expect(paths).toEqual(['kdf', 'keys.akPassword']);
    expect((await t.call('GET', '/api/keys', undefined, cookie)).status).toBe(404);
  });

  it('a new recovery kit replaces the old wrap; confirming it is recorded', async () => {
    const t = createTestApp();
    const { cookie, user, body } = await signUp(t);
    const dk = await makeDeviceKeys(user.id, body.password);
    await t.call('POST', '/api/keys/setup', dk.body, cookie);
    expect((await (await t.call('GET', '/api/keys/recovery', undefined, cookie)).json()).akRecovery).toBe(dk.body.keys.akRecovery);
    const other = await makeDeviceKeys(user.id, body.password);
    expect((await t.call('POST', '/api/keys/recovery', { akRecovery: other.body.keys.akRecovery }, cookie)).status).toBe(200);
    expect((await (await t.call('GET', '/api/keys/recovery', undefined, cookie)).json()).akRecovery).toBe(other.body.keys.akRecovery);
    expect((await (await t.call('GET', '/api/keys', undefined, cookie)).json()).recoveryConfirmedAt).toBeNull();
    await t.call('POST', '/api/keys/recovery/confirmed', {}, cookie);
    expect((await (await t.call('GET', '/api/keys', undefined, cookie)).json()).recoveryConfirmedAt).toBe(t.deps.now());
    void cookieOf;
  });
});
