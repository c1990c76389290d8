/**
 * Recovery after a forgotten password (SECURITY.md "Password reset", "Recovery"): the app's own
 * code (web/features/keys/recovery.ts, sign-in.ts) against the real Hono app over a real SQLite
 * file, the real SMTP test server for the reset link, and the device store over fake-indexeddb.
 * The words open again with the recovery code or an unlocked device; with neither they stay
 * sealed and nothing is overwritten.
 */
import 'fake-indexeddb/auto';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../shared/crypto/bytes';
import { newKdfParams, type KdfParams } from '../../shared/crypto/kdf';
import { PROOF_REQUIRED } from '../../shared/schema/user';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { akFromCode, confirmKitKept, kitState, newKitWithPassword, reopenAfterReset, reopenWithPassword, WrongRecoveryCodeError } from '../../web/features/keys/recovery';
import { signInWithKeys, upgradeOlderAccount } from '../../web/features/keys/sign-in';
import { linkOf, ownerOn, type Owner } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { createTestApp } from '../test/test-support';
import { testBrowser } from '../test/test-browser';
import { rememberedDerive } from '../test/test-keys';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const NEW_PASSWORD = 'a brand new passphrase';
const derive = rememberedDerive; // the KDF once per password and salt (test-keys.ts)

/** An owner whose confirmed address can get reset links, signed in once with keys (the legacy account sets them up: sign-in.ts upgradeOlderAccount). */
async function ownerWithKeys() {
  const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example' }));
  const device = createDeviceKeyStore(`kit-${Math.random()}`);
  const { api } = testBrowser(o.t);
  const signedIn = await upgradeOlderAccount<{ id: string }>({ api, derive, device }, o.username, o.password);
  expect(signedIn.code).not.toBeNull();
  return { o, device, api, code: signedIn.code!, keyring: signedIn.keyring };
}

/** Follows a fresh reset link (as ResetPasswordPage does) and returns the new session's browser and the new password's keys. */
async function resetPassword(o: Owner) {
  const before = smtp.to(o.email).length;
  expect((await o.t.call('POST', '/api/auth/forgot-password', { email: o.email })).status).toBe(200);
  await o.t.services.resetMail.settled();
  await o.t.services.scheduler.runOnce();
  await smtp.waitFor(o.email, /Reset your Afterword password/);
  expect(smtp.to(o.email).length).toBeGreaterThan(before);
  const token = linkOf(smtp.to(o.email).at(-1)!).split('#')[1]!;
  const { api } = testBrowser(o.t);
  const { kdfAlg } = await api<{ kdfAlg: KdfParams['alg'] }>('/api/auth/reset-password/check', { body: { token } });
  const kdf = newKdfParams(kdfAlg);
  const { loginSecret, unlockKey } = await derive(NEW_PASSWORD, kdf);
  await api('/api/auth/reset-password', { body: { token, loginSecret, kdf } });
  return { api, kdf, unlockKey };
}

/** The raw scope keys of a keyring, to compare two openings. */
const rawKeys = (k: { kids(): string[]; raw(kid: string): Uint8Array | undefined }) => Object.fromEntries(k.kids().map((kid) => [kid, toB64url(k.raw(kid)!)]));

describe('recovery after a forgotten password (web/features/keys/recovery.ts)', () => {
  it('with the recovery code: AK is re-wrapped under the new password, which then opens the same keyring on another device; the session may steer again', async () => {
    const { o, code, keyring } = await ownerWithKeys();
    const trustee = await o.addTrustee('grace');
    const r = await resetPassword(o);
    const steer = () => r.api(`/api/trustees/${trustee.id}`, { method: 'PATCH', body: { accessLevel: 'documents-only' } });
    await expect(steer()).rejects.toMatchObject({ status: 403 });

    expect(await kitState(r.api)).toMatchObject({ hasKeys: true, locked: true });
    const device = createDeviceKeyStore(`new-${Math.random()}`);
    const held = await akFromCode(r.api, o.userId, code.toLowerCase().replace(/-/g, ' ')); // typed as a person might
    const opened = await reopenAfterReset({ api: r.api, device }, o.userId, held, r.unlockKey, r.kdf);
    expect(rawKeys(opened)).toEqual(rawKeys(keyring));
    expect(await device.load(o.userId)).toEqual(held);
    await expect(steer()).resolves.toBeTruthy();
    expect(await kitState(r.api)).toMatchObject({ hasKeys: true, locked: false });

    const later = await signInWithKeys<{ id: string }>({ api: testBrowser(o.t).api, derive, device: createDeviceKeyStore(`l-${Math.random()}`) }, o.username, NEW_PASSWORD);
    expect(rawKeys(later.keyring)).toEqual(rawKeys(keyring));
  });

  it('an old code after a new kit is refused, and changes nothing; the new one works', async () => {
    const { o, api, code: oldCode, keyring } = await ownerWithKeys();
    // From Settings on a device that does not hold AK: the password re-auths and opens the server's wrap.
    await expect(newKitWithPassword({ api, derive, device: createDeviceKeyStore(`e-${Math.random()}`) }, { id: o.userId, username: o.username }, 'not my password')).rejects.toMatchObject({ status: 400 });
    const newCode = await newKitWithPassword({ api, derive, device: createDeviceKeyStore(`e-${Math.random()}`) }, { id: o.userId, username: o.username }, o.password);
    expect(newCode).not.toBe(oldCode);
    expect(await kitState(api)).toMatchObject({ hasKeys: true, confirmedAt: null, locked: false });
    // The first kit typed back after the newer one was made (two devices): refused, the newer kit is not marked kept.
    await expect(confirmKitKept(api, o.userId, oldCode)).rejects.toBeInstanceOf(WrongRecoveryCodeError);
    const replaced = await o.t.call('POST', '/api/keys/recovery/confirmed', { akRecovery: `w1.${'A'.repeat(16)}.${'B'.repeat(64)}` }, o.cookie);
    expect(replaced.status).toBe(409);
    expect((await kitState(api)).confirmedAt).toBeNull();
    await confirmKitKept(api, o.userId, newCode);
    expect((await kitState(api)).confirmedAt).toEqual(expect.any(Number));
    const r = await resetPassword(o);
    const before = (await o.t.services.keys.get(o.userId))!;
    await expect(akFromCode(r.api, o.userId, oldCode)).rejects.toBeInstanceOf(WrongRecoveryCodeError);
    expect(await o.t.services.keys.get(o.userId)).toEqual(before);
    // Later, from Settings, with the password and the newest code.
    const opened = await reopenWithPassword({ api: r.api, derive, device: createDeviceKeyStore(`n-${Math.random()}`) }, { id: o.userId, username: o.username }, NEW_PASSWORD, newCode);
    expect(rawKeys(opened)).toEqual(rawKeys(keyring));
  });

  it('with an unlocked device (this browser still holds AK): the new password opens the same keyring', async () => {
    const { o, device, keyring } = await ownerWithKeys();
    const r = await resetPassword(o);
    const held = await device.load(o.userId);
    expect(held).not.toBeNull();
    await reopenAfterReset({ api: r.api, device }, o.userId, held!, r.unlockKey, r.kdf);
    const later = await signInWithKeys<{ id: string }>({ api: testBrowser(o.t).api, derive, device: createDeviceKeyStore(`d-${Math.random()}`) }, o.username, NEW_PASSWORD);
    expect(rawKeys(later.keyring)).toEqual(rawKeys(keyring));
  });

  it('with neither: the words stay sealed, a wrong key is refused before anything is written, and no request can put a wrap back', async () => {
    const { o } = await ownerWithKeys();
    const r = await resetPassword(o);
    const before = (await o.t.services.keys.get(o.userId))!;
    expect(before.akPassword).toBeNull();
    const stranger = { ak: new Uint8Array(32).fill(5), akVersion: 1 };
    await expect(reopenAfterReset({ api: r.api, device: createDeviceKeyStore(`s-${Math.random()}`) }, o.userId, stranger, r.unlockKey, r.kdf)).rejects.toBeInstanceOf(WrongRecoveryCodeError);
    // A hostile client skips the checks: without the proof the wrap is refused.
    const wrap = `w1.${'C'.repeat(16)}.${'D'.repeat(64)}`;
    await expect(r.api('/api/keys/password-wrap', { method: 'PUT', body: { akPassword: wrap, kdf: before.kdf } })).rejects.toMatchObject({ status: 403, bodyText: expect.stringContaining(PROOF_REQUIRED) });
    expect(await o.t.services.keys.get(o.userId)).toEqual(before);
    // Signing in with the new password works, but the words do not open.
    await expect(signInWithKeys({ api: testBrowser(o.t).api, derive, device: createDeviceKeyStore(`x-${Math.random()}`) }, o.username, NEW_PASSWORD)).rejects.toThrow(/recovery code/);
  });

  it('the kit\'s state answers 200 for an account without keys too (Settings shows no failed request)', async () => {
    const o = await ownerOn(createTestApp());
    const { api } = testBrowser(o.t);
    await api('/api/auth/login', { body: { username: o.username, password: o.password } });
    expect(await kitState(api)).toEqual({ hasKeys: false, createdAt: null, confirmedAt: null, locked: false });
  });

  it('PUT /api/keys/password-wrap: only once after a reset, only for the current password\'s KDF parameters, and bad input names its field', async () => {
    const { o, device } = await ownerWithKeys();
    const r = await resetPassword(o);
    const held = (await device.load(o.userId))!;
    const { akProofToken, wrapAccountKey } = await import('../../shared/crypto/keys');
    await r.api('/api/keys/proof', { body: { proof: toB64url(await akProofToken(held.ak, o.userId)) } });
    const akPassword = await wrapAccountKey(r.unlockKey, held.ak, o.userId, 1, 'password');
    const put = (body: unknown) => r.api('/api/keys/password-wrap', { method: 'PUT', body });
    await expect(put({ akPassword: 'nope', kdf: r.kdf })).rejects.toMatchObject({ status: 400, bodyText: expect.stringContaining('"akPassword"') });
    await expect(put({ akPassword, kdf: newKdfParams(r.kdf.alg) })).rejects.toMatchObject({ status: 409 }); // another password's salt
    await expect(put({ akPassword, kdf: r.kdf })).resolves.toEqual({ ok: true });
    await expect(put({ akPassword, kdf: r.kdf })).rejects.toMatchObject({ status: 409 }); // a wrap is there: never replaced this way
  });
});
