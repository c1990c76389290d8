/**
 * Test-side helpers for AK rotation (rotate-route.ts, SECURITY.md "Replacing the account key"): an
 * account with keys, what GET /api/keys answers, and a rotation body made by the device's own code
 * (shared/crypto/rotation.ts) from the server's current keys.
 */
import { expect } from 'vitest';
import { derivePasswordKeys } from '../../shared/crypto/kdf';
import { Keyring, unwrapAccountKey } from '../../shared/crypto/keys';
import { rotateAccountKey } from '../../shared/crypto/rotation';
import { signUp, type TestApp } from '../test-support';
import { makeDeviceKeys } from './test-keys';

/** An account with keys at AK version 1 (PBKDF2: quick): its cookie, user, password, device keys and unlock key. */
export async function keyedAccount(t: TestApp) {
  const { cookie, user, body } = await signUp(t);
  const dk = await makeDeviceKeys(user.id, body.password);
  expect((await t.call('POST', '/api/keys/setup', dk.body, cookie)).status).toBe(201);
  const { unlockKey } = await derivePasswordKeys(body.password, dk.kdf);
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
