/**
 * The app's sign-in with keys (web/features/keys/sign-in.ts) against the real Hono app over a
 * real SQLite file, with the device store over fake-indexeddb: every request body is recorded and
 * scanned for the password.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { derivePasswordKeys } from '../../shared/crypto/kdf';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { NEEDS_NO_UPGRADE_WORDS, NO_KEYS_WORDS } from '../../web/features/keys/refusal-words';
import { registerWithKeys, setupKeys, signInWithKeys, upgradeOlderAccount, type Api } from '../../web/features/keys/sign-in';
import { cookieOf, createTestApp, signUp, type TestApp } from '../test/test-support';
import { rememberedDerive } from '../test/test-keys';

const PASSWORD = 'correct horse battery';

/** apiFetch over the test app: a cookie jar, JSON bodies, an ApiError-like throw. */
function browser(t: TestApp, sent: string[]): Api {
  let cookie = '';
  return async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    if (init.body !== undefined) sent.push(JSON.stringify(init.body));
    const res = await t.call(init.method ?? (init.body === undefined ? 'GET' : 'POST'), path, init.body, cookie || undefined);
    if (res.headers.get('set-cookie')) cookie = cookieOf(res);
    const text = await res.text();
    if (!res.ok) throw Object.assign(new Error(text), { status: res.status, bodyText: text });
    return JSON.parse(text) as T;
  };
}

// The app runs the same derivePasswordKeys in kdf.worker.ts (Argon2id, as newKdfParams makes).
const derive = rememberedDerive; // the KDF once per password and salt (test-keys.ts)

describe('the app signs in with keys (web/features/keys/sign-in.ts)', () => {
  it('register → the kit code → a second browser signs in and opens the same keyring; the password is in no request', async () => {
    const t = createTestApp();
    const sent: string[] = [];
    const deviceA = createDeviceKeyStore(`a-${Math.random()}`);
    const profile = { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', username: `ada_${Date.now()}` };
    const made = await registerWithKeys<{ id: string }>({ api: browser(t, sent), derive, device: deviceA }, profile, PASSWORD);
    expect(made.code).toMatch(/\S{8,}/);
    expect(await deviceA.load(made.user.id)).not.toBeNull();

    const deviceB = createDeviceKeyStore(`b-${Math.random()}`);
    const signedIn = await signInWithKeys<{ id: string }>({ api: browser(t, sent), derive, device: deviceB }, profile.username, PASSWORD);
    expect(signedIn.user.id).toBe(made.user.id);
    expect(signedIn.keyring.kids()).toEqual(made.keyring.kids());
    expect((await deviceB.load(made.user.id))!.ak).toEqual((await deviceA.load(made.user.id))!.ak);
    expect(sent.length).toBeGreaterThanOrEqual(3);
    for (const body of sent) expect(body).not.toContain(PASSWORD);
  });

  it('a legacy account: the sign-in form refuses it, sending only the name; "Upgrade an older account" sends its password once, gets keys, and from then on only the login secret travels', async () => {
    const t = createTestApp();
    const { body } = await signUp(t);
    const sent: string[] = [];
    const device = createDeviceKeyStore(`l-${Math.random()}`);
    await expect(signInWithKeys({ api: browser(t, sent), derive, device }, body.username, body.password)).rejects.toThrow(NO_KEYS_WORDS);
    expect(sent).toEqual([JSON.stringify({ identifier: body.username })]);
    const first = await upgradeOlderAccount<{ id: string }>({ api: browser(t, sent), derive, device }, body.username, body.password);
    expect(first.code).not.toBeNull(); // the kit is shown at once
    // Upgraded: the deliberate page itself now refuses to send the password, here and on another device.
    await expect(upgradeOlderAccount({ api: browser(t, sent), derive, device }, body.username, body.password)).rejects.toThrow(/does not need upgrading|knows your account has keys/);
    const elsewhere: string[] = [];
    await expect(upgradeOlderAccount({ api: browser(t, elsewhere), derive, device: createDeviceKeyStore(`n-${Math.random()}`) }, body.username, body.password)).rejects.toThrow(NEEDS_NO_UPGRADE_WORDS);
    for (const b of elsewhere) expect(b).not.toContain(body.password);
    const later: string[] = [];
    const again = await signInWithKeys<{ id: string }>({ api: browser(t, later), derive, device: createDeviceKeyStore(`m-${Math.random()}`) }, body.username, body.password);
    expect(again.keyring.kids()).toEqual(first.keyring.kids());
    for (const b of later) expect(b).not.toContain(body.password);
  });

  it('two devices setting up a legacy account at once end with one AK', async () => {
    const t = createTestApp();
    const { body } = await signUp(t);
    const login = async () => {
      const api = browser(t, []);
      const user = await api<{ id: string }>('/api/auth/login', { body: { username: body.username, password: body.password } });
      return { api, user };
    };
    const [a, b] = await Promise.all([login(), login()]);
    const dA = createDeviceKeyStore(`x-${Math.random()}`);
    const dB = createDeviceKeyStore(`y-${Math.random()}`);
    await Promise.all([setupKeys({ api: a.api, derive, device: dA }, a.user, body.password), setupKeys({ api: b.api, derive, device: dB }, b.user, body.password)]);
    expect((await dA.load(a.user.id))!.ak).toEqual((await dB.load(b.user.id))!.ak);
  });
});
