/**
 * The app's key session (web/features/keys/key-session.ts) against the real Hono app over a real
 * SQLite file, each simulated device with its own device-key-store over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { messageScope } from '../../shared/crypto/kid';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { createKeySession } from '../../web/features/keys/key-session';
import { registerWithKeys, signInWithKeys, type Api, upgradeOlderAccount } from '../../web/features/keys/sign-in';
import { createTestApp, type TestApp } from '../test/test-support';
import { testBrowser } from '../test/test-browser';
import { makeDeviceKeys, rememberedDerive } from '../test/test-keys';

const PASSWORD = 'correct horse battery';
const derive = rememberedDerive; // the KDF once per password and salt (test-keys.ts)

const browser = (t: TestApp, net = { online: true }): Api => testBrowser(t, net).api;

const profile = () => ({ firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com', username: `ada_${Math.random().toString(36).slice(2, 10)}` });

describe('the key session (web/features/keys/key-session.ts)', () => {
  it('restores offline from the device, opens the keyring, and gives sealed sync its keys', async () => {
    const t = createTestApp();
    const net = { online: true };
    const api = browser(t, net);
    const device = createDeviceKeyStore(`ks-${Math.random()}`);
    const made = await registerWithKeys<{ id: string }>({ api, derive, device }, profile(), PASSWORD);
    const first = createKeySession({ api, device, derive });
    expect(await first.getState().restore(made.user.id)).toBe('open');
    expect(first.getState().sealedAt).not.toBeNull(); // sealed from birth

    net.online = false; // the next app start is offline
    const later = createKeySession({ api, device, derive });
    expect(await later.getState().restore(made.user.id)).toBe('open');
    expect(later.getState().keyring!.kids()).toEqual(made.keyring.kids());
    const keys = later.getState().syncKeys();
    expect(keys?.keyring()?.kids()).toEqual(made.keyring.kids());

    await later.getState().signOut();
    expect(later.getState().syncKeys()).toBeNull();
    expect(await device.load(made.user.id)).toBeNull();
  });

  it('is locked on a device without AK, and the password unlocks it', async () => {
    const t = createTestApp();
    const api = browser(t);
    const made = await registerWithKeys<{ id: string }>({ api, derive, device: createDeviceKeyStore(`r-${Math.random()}`) }, profile(), PASSWORD);
    const cleared = createDeviceKeyStore(`c-${Math.random()}`); // this browser's storage was cleared
    const session = createKeySession({ api, device: cleared, derive });
    expect(await session.getState().restore(made.user.id)).toBe('locked');
    expect(session.getState().syncKeys()!.keyring()).toBeNull(); // sealed sync waits (KeysLockedError), never sends plaintext
    await expect(session.getState().unlock('wrong password')).rejects.toThrow();
    expect(session.getState().status).toBe('locked');
    await session.getState().unlock(PASSWORD);
    expect(session.getState().status).toBe('open');
    expect(await cleared.load(made.user.id)).not.toBeNull();
  });

  it('opens right after sign-up and sign-in even when the GET /api/keys that follows gets no answer (issue 38 item 5)', async () => {
    const t = createTestApp();
    const net = { online: true };
    const api = browser(t, net);
    const p = profile();
    const deviceA = createDeviceKeyStore(`a-${Math.random()}`);
    const made = await registerWithKeys<{ id: string }>({ api, derive, device: deviceA }, p, PASSWORD);
    net.online = false; // the request after the server's answer is lost
    const a = createKeySession({ api, device: deviceA, derive });
    expect(await a.getState().restore(made.user.id)).toBe('open');
    expect(a.getState().sealedAt).not.toBeNull(); // sealed sync, not plain, and not "locked"

    net.online = true;
    const deviceB = createDeviceKeyStore(`b-${Math.random()}`); // a second device: nothing cached there
    await signInWithKeys({ api, derive, device: deviceB }, p.username, PASSWORD);
    net.online = false;
    const b = createKeySession({ api, device: deviceB, derive });
    expect(await b.getState().restore(made.user.id)).toBe('open');
    expect(b.getState().syncKeys()?.keyring()?.kids()).toEqual(made.keyring.kids());
  });

  it('opens after an older account first gets its keys here, even when the GET /api/keys that follows gets no answer', async () => {
    const t = createTestApp();
    const net = { online: true };
    const api = browser(t, net);
    const p = profile();
    await api('/api/auth/register', { body: { ...p, password: PASSWORD } }); // an account made before keys
    const device = createDeviceKeyStore(`l-${Math.random()}`);
    const signed = await upgradeOlderAccount<{ id: string }>({ api, derive, device }, p.username, PASSWORD); // "Upgrade an older account": keys set up now
    expect(signed.code).not.toBeNull();
    net.online = false;
    const session = createKeySession({ api, device, derive });
    expect(await session.getState().restore(signed.user.id)).toBe('open');
    expect(session.getState().sealedAt).toBeNull(); // not sealed yet: the app seals it next (key-effects.ts needsSealing)
  });

  it('addScope from two devices at once converges by compare-and-set: both keys kept, one keyring', async () => {
    const t = createTestApp();
    const deviceA = createDeviceKeyStore(`a-${Math.random()}`);
    const apiA = browser(t);
    const p = profile();
    const made = await registerWithKeys<{ id: string }>({ api: apiA, derive, device: deviceA }, p, PASSWORD);
    const deviceB = createDeviceKeyStore(`b-${Math.random()}`);
    const apiB = browser(t);
    await signInWithKeys({ api: apiB, derive, device: deviceB }, p.username, PASSWORD);
    const a = createKeySession({ api: apiA, device: deviceA, derive });
    const b = createKeySession({ api: apiB, device: deviceB, derive });
    await Promise.all([a.getState().restore(made.user.id), b.getState().restore(made.user.id)]);

    const sa = messageScope(crypto.randomUUID());
    const sb = messageScope(crypto.randomUUID());
    await Promise.all([a.getState().syncKeys()!.addScope(sa), b.getState().syncKeys()!.addScope(sb)]);
    await a.getState().refreshKeyring();
    await b.getState().refreshKeyring();
    for (const s of [a, b]) {
      expect(s.getState().keyring!.version(sa)).toBe(1);
      expect(s.getState().keyring!.version(sb)).toBe(1);
    }
    expect(a.getState().keyringRev).toBe(3);
    expect(b.getState().keyring!.kids().sort()).toEqual(a.getState().keyring!.kids().sort());
    // The same key on both devices: what A seals, B opens.
    const kid = `${sa}:1`;
    expect(b.getState().keyring!.raw(kid)).toEqual(a.getState().keyring!.raw(kid));
  });

  it('the password change re-wraps AK only and the new password opens the same keyring elsewhere; confirm-password takes the login secret', async () => {
    const t = createTestApp();
    const { api, sent } = testBrowser(t);
    const device = createDeviceKeyStore(`p-${Math.random()}`);
    const p = profile();
    const made = await registerWithKeys<{ id: string }>({ api, derive, device }, p, PASSWORD);
    const session = createKeySession({ api, device, derive });
    await session.getState().restore(made.user.id);

    await api('/api/auth/confirm-password', { body: await session.getState().passwordProof(PASSWORD, made.user.id) });
    const NEW = 'a brand new passphrase';
    await api('/api/auth/password', { body: await session.getState().passwordChangeBody(PASSWORD, NEW, made.user.id) });
    await session.getState().refreshKeyring();
    expect(session.getState().status).toBe('open');
    for (const body of sent) {
      expect(body).not.toContain(PASSWORD);
      expect(body).not.toContain(NEW);
    }

    const other = await signInWithKeys({ api: browser(t), derive, device: createDeviceKeyStore(`q-${Math.random()}`) }, p.username, NEW);
    expect(other.keyring.kids()).toEqual(made.keyring.kids());
    await expect(signInWithKeys({ api: browser(t), derive, device: createDeviceKeyStore(`s-${Math.random()}`) }, p.username, PASSWORD)).rejects.toMatchObject({ status: 401 });
  });

  it('a password asked for before the key session was restored on this device (a dialog in the first seconds after a reload) still never travels: the session restores for the signed-in account first', async () => {
    const t = createTestApp();
    const { api, sent } = testBrowser(t);
    const device = createDeviceKeyStore(`early-${Math.random()}`);
    const made = await registerWithKeys<{ id: string }>({ api, derive, device }, profile(), PASSWORD);
    const NEW = 'a brand new passphrase';
    // A reload: a new session over the same device, not restored yet (the sync lifecycle does that later).
    const proofFirst = createKeySession({ api, device, derive });
    const proof = await proofFirst.getState().passwordProof(PASSWORD, made.user.id);
    expect(proof).not.toHaveProperty('password');
    await api('/api/auth/confirm-password', { body: proof });
    const changeFirst = createKeySession({ api, device, derive });
    const body = await changeFirst.getState().passwordChangeBody(PASSWORD, NEW, made.user.id);
    expect(body).not.toHaveProperty('currentPassword');
    await api('/api/auth/password', { body });
    for (const b of sent) {
      expect(b).not.toContain(PASSWORD);
      expect(b).not.toContain(NEW);
    }
  });

  it("the password change keeps the account's KDF algorithm and parameters (a fresh salt only): PBKDF2 stays PBKDF2 (issue 29 \"The KDF\")", async () => {
    const t = createTestApp();
    const { api } = testBrowser(t);
    const p = profile();
    const id = crypto.randomUUID();
    const dk = await makeDeviceKeys(id, PASSWORD, 'owner', { alg: 'pbkdf2-sha256', iterations: 700_000 }); // chosen once where WASM could not run
    const { lastName: _l, ...plain } = p;
    expect((await t.call('POST', '/api/auth/register', { ...plain, id, ...dk.body })).status).toBe(201);
    const device = createDeviceKeyStore(`k-${Math.random()}`);
    await signInWithKeys({ api, derive, device }, p.username, PASSWORD);
    const session = createKeySession({ api, device, derive });
    expect(await session.getState().restore(id)).toBe('open');

    const NEW = 'a brand new passphrase';
    const body = (await session.getState().passwordChangeBody(PASSWORD, NEW, id)) as { kdf: { alg: string; iterations: number; salt: string } };
    expect(body.kdf).toMatchObject({ alg: 'pbkdf2-sha256', iterations: 700_000 });
    expect(body.kdf.salt).not.toBe(dk.kdf.salt);
    await api('/api/auth/password', { body });
    const other = await signInWithKeys({ api: browser(t), derive, device: createDeviceKeyStore(`o-${Math.random()}`) }, p.username, NEW);
    expect(other.user).toMatchObject({ id });
  });
});
