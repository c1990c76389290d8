/**
 * Test-side helpers for AK rotation (rotate-route.ts, SECURITY.md "Replacing the account key"): an
 * account with keys, what GET /api/keys answers, and a rotation body made by the device's own code
 * (shared/crypto/rotation.ts) from the server's current keys.
 */
import { expect } from 'vitest';
import { Keyring, unwrapAccountKey } from '../../shared/crypto/keys';
import { rotateAccountKey } from '../../shared/crypto/rotation';
import { ownerWithTrustees } from './kit-test-support';
import { signUp, type TestApp } from './test-support';
import { makeDeviceKeys, rememberedDerive } from './test-keys';

/** An account with keys at AK version 1 (PBKDF2: quick): its cookie, user, password, device keys and unlock key. */
export async function keyedAccount(t: TestApp) {
  const { cookie, user, body } = await signUp(t);
  const dk = await makeDeviceKeys(user.id, body.password);
  expect((await t.call('POST', '/api/keys/setup', dk.body, cookie)).status).toBe(201);
  const { unlockKey } = await rememberedDerive(body.password, dk.kdf); // as makeDeviceKeys derived it
  return { cookie, user, password: body.password, dk, unlockKey };
}

export type Account = Awaited<ReturnType<typeof keyedAccount>>;

/** What GET /api/keys answers. */
export const keysOf = async (t: TestApp, cookie: string) => (await t.call('GET', '/api/keys', undefined, cookie)).json();

/** A rotation body as the device makes it from the server's current keys, with `ownerCopies` as sent. */
export async function rotation(t: TestApp, a: Account, ownerCopies: Record<string, string> = {}, endOtherSessions = false) {
  const cur = await keysOf(t, a.cookie);
  const ak = await unwrapAccountKey(a.unlockKey, cur.akPassword, a.user.id, cur.akVersion, 'password');
  const keyring = await Keyring.load(cur.keyring, ak, a.user.id);
  const r = await rotateAccountKey({ userId: a.user.id, keyring, oldAk: ak, fromAkVersion: cur.akVersion, unlockKey: a.unlockKey, ownerCopies });
  return { ...r, oldAk: ak, request: { ...r.body, rev: cur.keyringRev, kdf: cur.kdf, endOtherSessions, loginSecret: a.dk.loginSecret } };
}

/**
 * An owner with accepted trustees `names` (kit-test-support.ts), keys at AK version 1, then AK
 * replaced once (version 2): `o` and `trustees` for the kits routes, `a` for the keys routes, `dk`
 * the device keys made before the replacement (their `ak` is the replaced one).
 */
export async function rotatedOwnerWithTrustees(names: string[]) {
  const { o, trustees } = await ownerWithTrustees(names);
  const dk = await makeDeviceKeys(o.userId, o.password);
  expect((await o.t.call('POST', '/api/keys/setup', dk.body, o.cookie)).status).toBe(201);
  const { unlockKey } = await rememberedDerive(o.password, dk.kdf); // as makeDeviceKeys derived it
  const a = { cookie: o.cookie, user: { id: o.userId, username: o.username }, password: o.password, dk, unlockKey } as unknown as Account;
  expect((await o.t.call('POST', '/api/keys/rotate', (await rotation(o.t, a)).request, o.cookie)).status).toBe(200);
  return { o, trustees, dk, a, unlockKey };
}
