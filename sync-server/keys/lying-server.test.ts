/**
 * A server that lies in its answers (issue 39 "No back door", attacks 1–3): the app's own sign-in
 * (web/features/keys/account-flows.ts, sign-in.ts), key session and sync engine, each simulated
 * device with its device-key-store and database over fake-indexeddb, against the real Hono app over
 * a real SQLite file whose answers a test replaces for chosen requests. Every request body (API and
 * sync) is recorded: none may hold the password, a `password` field, a login secret derived from
 * parameters the server chose, or the plaintext of a sealed field; the person is told in the refusal's words.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { KdfParams } from '../../shared/crypto/kdf';
import { derivePasswordKeys } from '../../shared/crypto/kdf';
import type { SyncRequest } from '../../shared/sync/protocol';
import { openOnDevice } from '../../web/db/test-device';
import type { UserDatabase } from '../../web/db/user-database';
import { registerAccount, signInAccount } from '../../web/features/keys/account-flows';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { createKeySession } from '../../web/features/keys/key-session';
import { KNOWN_KEYS_WORDS, NO_KEYS_WORDS, NOT_SEALED_WORDS, WEAK_KDF_WORDS } from '../../web/features/keys/refusal-words';
import type { Api } from '../../web/features/keys/sign-in';
import { createSyncEngine } from '../../web/sync/engine';
import { appTransport } from '../test/client-test-support';
import { createTestApp, type TestApp } from '../test/test-support';
import { testBrowser } from '../test/test-browser';

const PASSWORD = 'Liar-Password-Pangolin 7';
const CANARY = { place: 'Canary-Place-Okapi', beliefs: 'Canary-Beliefs-Quoll' };

/** A lie: given the real answer's thunk, what the server says instead (throw for an error status). */
type Lie = (real: () => Promise<unknown>) => unknown;
const notFound = () => {
  throw Object.assign(new Error('{"error":"No keys"}'), { status: 404, bodyText: '{"error":"No keys"}' });
};

/** One device on `t`: its browser (with `lies` by "METHOD /path"), key store, key session, database; every body it sends. */
function device(t: TestApp, keyStore = createDeviceKeyStore(`dk-${Math.random()}`)) {
  const browser = testBrowser(t);
  const lies = new Map<string, Lie>();
  const sent: string[] = [];
  let derived = 0;
  const api: Api = async <T>(path: string, init: { method?: string; body?: unknown } = {}) => {
    if (init.body !== undefined) sent.push(JSON.stringify(init.body));
    const lie = lies.get(`${init.method ?? (init.body === undefined ? 'GET' : 'POST')} ${path}`);
    return (lie ? lie(() => browser.api(path, init)) : browser.api<T>(path, init)) as T;
  };
  const derive = (password: string, params: KdfParams) => (derived++, derivePasswordKeys(password, params));
  const deps = { api, device: keyStore, derive };
  const session = createKeySession(deps);
  let db: UserDatabase | null = null;
  const flows = { ...deps, session: () => session.getState(), openDb: async (userId: string) => (db ??= await openOnDevice(userId, () => t.deps.now())) };
  /** One sync as web/sync/lifecycle.ts starts it: sealed with the session's keys, else plain. */
  const sync = async () => {
    const inner = appTransport(t, browser.cookie());
    const keys = session.getState().syncKeys() ?? undefined;
    let status = '';
    const engine = createSyncEngine({ db: db!, transport: async (req: SyncRequest, signal) => (sent.push(JSON.stringify(req)), inner(req, signal)), keys, env: { locks: null }, intervalMs: 3_600_000, onState: (s) => (status = s.status), onKept: () => {}, onRejected: () => {}, onClockErrors: () => {} });
    await engine.syncNow();
    await engine.stop();
    return status;
  };
  return { lies, sent, session, flows, keyStore, sync, db: () => db!, derived: () => derived };
}

/** Asserts no body in `sent` carries the password, a `password` field or any of `secrets`. */
function expectNothingUsable(sent: string[], secrets: string[] = []) {
  for (const body of sent) {
    expect(body).not.toContain(PASSWORD);
    expect(body).not.toMatch(/"(password|currentPassword|newPassword)"/);
    for (const s of secrets) expect(body).not.toContain(s);
  }
}

/** A sealed account registered through the app on device `a` (Argon2id at the app's 64 MiB, 3 passes), its plan and beliefs synced sealed. */
async function sealedAccount(t: TestApp) {
  const a = device(t);
  const username = `okapi_${Math.random().toString(36).slice(2, 8)}`;
  const { user } = await registerAccount(a.flows, { firstName: 'Ada', lastName: 'Byron', email: `${username}@example.com`, username }, PASSWORD);
  await a.db().write('profile', user.id, { beliefs: CANARY.beliefs });
  expect(await a.sync()).toBe('synced');
  return { a, user, username };
}

describe('a server that lies gets no password, no key and no plain text', () => {
  it('attack 1: prelogin `kdf: null` for a sealed account: the sign-in sends no password, a new device and a known one are told', async () => {
    const t = createTestApp();
    const { a, username } = await sealedAccount(t);
    const fresh = device(t);
    fresh.lies.set('POST /api/auth/prelogin', () => ({ kdf: null }));
    await expect(signInAccount(fresh.flows, username, PASSWORD)).rejects.toThrow(NO_KEYS_WORDS);
    expect(fresh.sent).toEqual([JSON.stringify({ identifier: username })]); // the name only
    expectNothingUsable(fresh.sent);
    expect(fresh.derived()).toBe(0);

    // The device that made the account, signed out (its pins stay): told that it knows better.
    await a.session.getState().signOut();
    a.sent.length = 0;
    a.lies.set('POST /api/auth/prelogin', () => ({ kdf: null }));
    await expect(signInAccount(a.flows, username.toUpperCase(), PASSWORD)).rejects.toThrow(KNOWN_KEYS_WORDS);
    expectNothingUsable(a.sent);
    expect(a.sent).toHaveLength(1);
    expect(KNOWN_KEYS_WORDS).toMatch(/^Your server answered as if your account had no keys\. Nothing was sent\./);
  });

  for (const [name, lie, words] of [
    ['GET /api/keys answers 404', notFound, KNOWN_KEYS_WORDS],
    ['GET /api/keys answers `sealedAt: null`', async (real: () => Promise<unknown>) => ({ ...((await real()) as object), sealedAt: null }), NOT_SEALED_WORDS],
  ] as const) {
    it(`attack 2: ${name} on a device that holds the keys: no password in re-auth or a password change, no plain push, keys kept`, async () => {
      const t = createTestApp();
      const { a, user } = await sealedAccount(t);
      a.lies.set('GET /api/keys', lie);
      a.sent.length = 0;
      // The next app start on this device.
      const session = createKeySession({ api: a.flows.api, device: a.keyStore, derive: a.flows.derive });
      expect(await session.getState().restore(user.id)).toBe('open');
      expect(session.getState().refusal).toBe(words);
      expect(session.getState().sealedAt).not.toBeNull();
      await expect(session.getState().passwordProof(PASSWORD, user.id)).resolves.toHaveProperty('loginSecret');
      expect(await a.keyStore.load(user.id)).not.toBeNull();

      await a.db().write('deathPlan', user.id, { location: CANARY.place, createdAt: '2026-11-29T04:00:00.000Z' });
      a.session.setState(session.getState()); // the lifecycle syncs with the app's session
      expect(await a.sync()).toBe('synced');
      expect(await a.db().dexie.entities('profile').get(user.id)).toMatchObject({ beliefs: CANARY.beliefs }); // nothing merged over it
      expect(await a.db().dexie.entities('deathPlan').get(user.id)).toMatchObject({ location: CANARY.place });
      expect(a.sent.length).toBeGreaterThan(0); // the sync went
      expectNothingUsable(a.sent, Object.values(CANARY));

      // A session that never opened (a restore running, a device from before): the password stays.
      const cold = createKeySession({ api: a.flows.api, device: a.keyStore, derive: a.flows.derive });
      cold.setState({ userId: user.id });
      await expect(cold.getState().passwordProof(PASSWORD, user.id)).rejects.toThrow(KNOWN_KEYS_WORDS);
      await expect(cold.getState().passwordChangeBody(PASSWORD, 'a new one entirely', user.id)).rejects.toThrow(KNOWN_KEYS_WORDS);
      expectNothingUsable(a.sent, Object.values(CANARY));
    });
  }

  for (const [name, weak] of [
    ['Argon2id at 19 MiB and 2 passes', { alg: 'argon2id', v: 1, memoryKiB: 19 * 1024, iterations: 2, parallelism: 1 }],
    ['PBKDF2 at 600,000', { alg: 'pbkdf2-sha256', v: 1, iterations: 600_000 }],
  ] as const) {
    it(`attack 3: ${name} for an account pinned at 64 MiB: refused before the password is stretched, at sign-in and in the key session`, async () => {
      const t = createTestApp();
      const { a, user, username } = await sealedAccount(t);
      const weaken = async (real: () => Promise<unknown>) => {
        const r = (await real()) as { kdf: { salt: string } };
        return { ...r, kdf: { ...weak, salt: r.kdf.salt } };
      };
      await a.session.getState().signOut();
      a.sent.length = 0;
      a.lies.set('POST /api/auth/prelogin', weaken);
      const before = a.derived();
      await expect(signInAccount(a.flows, username, PASSWORD)).rejects.toThrow(WEAK_KDF_WORDS);
      expect(a.derived()).toBe(before);
      expect(a.sent).toEqual([JSON.stringify({ identifier: username })]);

      // Signed in honestly again, then GET /api/keys weakens: the session keeps its keys and refuses to unlock or re-wrap with them.
      a.lies.clear();
      await signInAccount(a.flows, username, PASSWORD);
      a.lies.set('GET /api/keys', weaken);
      a.sent.length = 0;
      const session = createKeySession({ api: a.flows.api, device: a.keyStore, derive: a.flows.derive });
      expect(await session.getState().restore(user.id)).toBe('open');
      expect(session.getState().refusal).toBe(WEAK_KDF_WORDS);
      await expect(session.getState().unlock(PASSWORD)).rejects.toThrow(WEAK_KDF_WORDS);
      const change = (await session.getState().passwordChangeBody(PASSWORD, 'a new one entirely', user.id)) as { kdf: KdfParams };
      expect(change.kdf).toMatchObject({ alg: 'argon2id', memoryKiB: 64 * 1024, iterations: 3 });
      expectNothingUsable(a.sent);

      // A new device refuses Argon2id below the app's registration costs too (PBKDF2 it takes, with a note).
      if (weak.alg === 'argon2id') {
        const fresh = device(t);
        fresh.lies.set('POST /api/auth/prelogin', weaken);
        await expect(signInAccount(fresh.flows, username, PASSWORD)).rejects.toThrow(WEAK_KDF_WORDS);
        expect(fresh.derived()).toBe(0);
        expect(fresh.sent).toHaveLength(1);
      }
    });
  }
});
