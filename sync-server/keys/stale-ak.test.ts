/**
 * A wrap or an owner copy from an app made before rotation existed carries no `akVersion`; after a
 * rotation it holds the replaced AK (version 1). The password change, a new recovery kit and new
 * trustee kits count a missing version as 1 and refuse it (409 with the current keys), so an older
 * app (tabs update only on the prompt) never stores a password or a code that opens nothing, nor
 * an owner copy that blocks every later rotation (SECURITY.md "Replacing the account key";
 * keys/answers.ts refuseReplacedAk); and the stores compare the version in the write itself, so a
 * password change racing a rotation on another instance is refused too. Real app over a real
 * SQLite file.
 */
import { describe, expect, it } from 'vitest';
import { derivePasswordKeys, renewKdfParams } from '../../shared/crypto/kdf';
import { Keyring, unwrapAccountKey, wrapAccountKey } from '../../shared/crypto/keys';
import { newRecoveryCode, recoveryKey } from '../../shared/crypto/recovery';
import { rotateAccountKey } from '../../shared/crypto/rotation';
import { sealOwnerCopy } from '../../shared/crypto/trustee-kit';
import { kitsBody, makeKits } from '../test/kit-test-support';
import { cookieOf, createTestApp, testAppOver, type TestApp } from '../test/test-support';
import { keyedAccount, keysOf, rotatedOwnerWithTrustees, rotation } from '../test/test-rotation';

/** True when `unwrap` opens (does not throw). */
const opens = (unwrap: () => Promise<unknown>) => unwrap().then(() => true, () => false);

/** An account already rotated to AK version 2 on another device. */
async function rotatedAccount(t: TestApp) {
  const a = await keyedAccount(t);
  expect((await t.call('POST', '/api/keys/rotate', (await rotation(t, a)).request, a.cookie)).status).toBe(200);
  return a;
}

describe('a body without akVersion (an older app) counts as AK version 1', () => {
  it('a password change wrapping the replaced AK is refused (409): the new password would open nothing', async () => {
    const t = createTestApp();
    const a = await rotatedAccount(t);
    const kdf = renewKdfParams(a.dk.kdf);
    const next = await derivePasswordKeys('a brand new password', kdf);
    const olderApp = { currentLoginSecret: a.dk.loginSecret, loginSecret: next.loginSecret, kdf, akPassword: await wrapAccountKey(next.unlockKey, a.dk.ak, a.user.id, 1, 'password') };
    const res = await t.call('POST', '/api/auth/password', olderApp, a.cookie);
    expect(res.status).toBe(409);
    expect((await res.json()).current.akVersion).toBe(2);
    const after = await keysOf(t, a.cookie);
    expect(await opens(() => unwrapAccountKey(a.unlockKey, after.akPassword, a.user.id, 2, 'password'))).toBe(true); // the old password still opens AK v2
  });

  it('a new recovery kit wrapping the replaced AK is refused (409): the rotation\'s code stays the one that opens', async () => {
    const t = createTestApp();
    const a = await rotatedAccount(t);
    const before = await (await t.call('GET', '/api/keys/recovery', undefined, a.cookie)).json();
    const { secret } = await newRecoveryCode();
    const stale = await wrapAccountKey(await recoveryKey(secret, a.user.id), a.dk.ak, a.user.id, 1, 'recovery');
    expect((await t.call('POST', '/api/keys/recovery', { akRecovery: stale }, a.cookie)).status).toBe(409);
    expect(await (await t.call('GET', '/api/keys/recovery', undefined, a.cookie)).json()).toEqual(before);
  });

  it('an account never rotated still takes a password change and a new kit without akVersion (everything before rotation is version 1)', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const { secret } = await newRecoveryCode();
    const kit = await wrapAccountKey(await recoveryKey(secret, a.user.id), a.dk.ak, a.user.id, 1, 'recovery');
    expect((await t.call('POST', '/api/keys/recovery', { akRecovery: kit }, a.cookie)).status).toBe(200);
    const kdf = renewKdfParams(a.dk.kdf);
    const next = await derivePasswordKeys('a brand new password', kdf);
    const change = { currentLoginSecret: a.dk.loginSecret, loginSecret: next.loginSecret, kdf, akPassword: await wrapAccountKey(next.unlockKey, a.dk.ak, a.user.id, 1, 'password') };
    expect((await t.call('POST', '/api/auth/password', change, a.cookie)).status).toBe(200);
  });

  it('kits whose owner copy is sealed under the replaced AK are refused (409): else no later rotation could ever be made', async () => {
    const { o, trustees, dk, unlockKey } = await rotatedOwnerWithTrustees(['Sam']);
    const made = await makeKits(o, trustees, 1);
    const res = await o.t.call('POST', '/api/kits', { ...kitsBody(made), ownerCopy: await sealOwnerCopy(dk.ak, o.userId, made) }, o.cookie);
    expect(res.status).toBe(409);

    // The next rotation ("I lost a device") can still be made: no owner copy it cannot open.
    const cur = await keysOf(o.t, o.cookie);
    const ak2 = await unwrapAccountKey(unlockKey, cur.akPassword, o.userId, cur.akVersion, 'password');
    const kits = await (await o.t.call('GET', '/api/kits', undefined, o.cookie)).json();
    expect(kits.pending).toBeNull();
    const next = rotateAccountKey({ userId: o.userId, keyring: await Keyring.load(cur.keyring, ak2, o.userId), oldAk: ak2, fromAkVersion: cur.akVersion, unlockKey, ownerCopies: {} });
    await expect(next).resolves.toMatchObject({ akVersion: 3 });
  });
});

describe('a password change racing a rotation on another instance', () => {
  it('a password change (akVersion 1) whose hashing runs while a rotation commits is refused (409) and leaves the password opening AK', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const laptop = cookieOf(await t.call('POST', '/api/auth/login', { identifier: a.user.username, loginSecret: a.dk.loginSecret }));
    const r = await rotation(t, a); // prepared on the phone
    const kdf = renewKdfParams(a.dk.kdf);
    const next = await derivePasswordKeys('a brand new password', kdf);
    const change = { currentLoginSecret: a.dk.loginSecret, loginSecret: next.loginSecret, kdf, akPassword: await wrapAccountKey(next.unlockKey, a.dk.ak, a.user.id, 1, 'password'), akVersion: 1 };
    // The phone's rotation commits on another instance (its own per-account write queue) after the
    // laptop's version check, while the laptop's request is hashing: made deterministic by sending
    // it just before the store's write (the real write runs right after).
    let rot: Response | undefined;
    const t2 = testAppOver(t.deps, t.services, t.advance);
    const setPassword = t.services.keys.setPassword.bind(t.services.keys);
    t.services.keys.setPassword = async (...args) => {
      rot = await t2.call('POST', '/api/keys/rotate', r.request, a.cookie);
      return setPassword(...args);
    };
    const pw = await t.call('POST', '/api/auth/password', change, laptop);
    expect(rot!.status).toBe(200);
    expect(pw.status).toBe(409);
    expect((await pw.json()).current.akVersion).toBe(2);
    const after = await keysOf(t, laptop);
    expect(await opens(() => unwrapAccountKey(a.unlockKey, after.akPassword, a.user.id, 2, 'password'))).toBe(true); // the old password opens the new AK
    expect((await t.call('POST', '/api/auth/login', { identifier: a.user.username, loginSecret: a.dk.loginSecret })).status).toBe(200);
  });
});

