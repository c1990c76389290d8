/**
 * Issue 40 item 2: a route that hashes refuses first. `POST /api/keys/setup` on an account that
 * already has keys, and a rotation that is stale, answer without running scrypt; every hash of the
 * server goes through `services.hasher` (accounts/hasher.ts), whose `runs` is counted here, and at most
 * `passwordHashesAtOnce` run at once, so a victim's ordinary day beside four accounts looping key
 * setup is served in full. The real app over HTTP on a real SQLite file.
 */
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { startLiveServer, type Account, type LiveServer } from '../test/hostile-tenant-support';
import { cookieOf, newUser } from '../test/test-support';
import { victimDay, victimFile } from '../test/victim-workload';
import { makeDeviceKeys } from '../test/test-keys';

let s: LiveServer;
beforeEach(async () => {
  s = await startLiveServer();
});
afterEach(async () => {
  await s.close();
});

/** A legacy account with its keys set up (201); its account, password and the setup body. */
async function withKeys(): Promise<{ a: Account; password: string; body: unknown }> {
  const user = newUser();
  const res = await s.call('POST', '/api/auth/register', user);
  expect(res.status).toBe(201);
  const a = { id: ((await res.json()) as { id: string }).id, cookie: cookieOf(res) };
  const dk = await makeDeviceKeys(a.id, user.password);
  expect((await s.call('POST', '/api/keys/setup', dk.body, a.cookie)).status).toBe(201);
  return { a, password: user.password, body: dk.body };
}

describe('routes that hash refuse first (issue 40, item 2)', () => {
  it('key setup on an account that has keys answers 409 and runs no hash', async () => {
    const { a, body } = await withKeys();
    const { hasher } = s.t.services;
    const before = hasher.runs;
    for (let i = 0; i < 5; i++) {
      const again = await s.call('POST', '/api/keys/setup', body, a.cookie);
      expect(again.status).toBe(409);
      expect(((await again.json()) as { error: string }).error).toBe('This account already has keys');
    }
    expect(hasher.runs).toBe(before);
  });

  it('a stale rotation is refused before the password is checked (no hash)', async () => {
    const { a, body } = await withKeys();
    const { hasher } = s.t.services;
    const setup = body as { loginSecret: string; kdf: unknown; keys: { keyring: unknown; akPassword: string; proof: string } };
    const before = hasher.runs;
    // fromAkVersion 7 names a version the account never had: 409 (its current keys), no hash.
    const rotate = {
      fromAkVersion: 7,
      rev: 1,
      loginSecret: setup.loginSecret,
      kdf: setup.kdf,
      keyring: setup.keys.keyring,
      akPassword: setup.keys.akPassword,
      akRecovery: setup.keys.akPassword,
      proof: setup.keys.proof,
      ownerCopies: {},
      endOtherSessions: false,
    };
    const res = await s.call('POST', '/api/keys/rotate', rotate, a.cookie);
    expect(res.status, await res.clone().text()).toBe(409);
    expect(((await res.json()) as { error: string }).error).toBe('Your keys changed on another device meanwhile');
    expect(hasher.runs).toBe(before);
  });

  it('beside four accounts looping key setup, a victim\'s day is served, and hashes run at most passwordHashesAtOnce at once', { timeout: 120_000 }, async () => {
    const attackers = await Promise.all([withKeys(), withKeys(), withKeys(), withKeys()]);
    const { hasher } = s.t.services;
    const victim = await s.register();
    const chunk = await victimFile(s, victim); // a file chunk too: read on libuv's threads, as scrypt runs
    const runsBefore = hasher.runs; // after the victim's registration (one hash)
    let stop = false;
    const statuses: Record<number, number> = {};
    const loops = attackers.map(async ({ a, body }) => {
      while (!stop) {
        const res = await s.call('POST', '/api/keys/setup', body, a.cookie);
        await res.arrayBuffer();
        statuses[res.status] = (statuses[res.status] ?? 0) + 1;
      }
    });
    const day = await victimDay(s, victim, 12, { chunk }).finally(() => {
      stop = true;
    });
    await Promise.all(loops);
    expect(day.failures).toEqual([]);
    // 409 (has keys), then 429 once an attacker's minute of writes (120) is spent.
    expect(statuses[409]).toBeGreaterThan(0);
    expect(Object.keys(statuses).filter((x) => x !== '409' && x !== '429')).toEqual([]);
    expect(hasher.runs).toBe(runsBefore); // the attackers' refused setups ran no hash
    expect(hasher.peak).toBeLessThanOrEqual(ACCOUNT_LIMITS.passwordHashesAtOnce);
  });

  it('sign-ins at once take turns: never more than passwordHashesAtOnce hashes run together, and all succeed', { timeout: 60_000 }, async () => {
    const users = await Promise.all(
      Array.from({ length: 8 }, async () => {
        const user = newUser();
        expect((await s.call('POST', '/api/auth/register', user)).status).toBe(201);
        return user;
      }),
    );
    const statuses = await Promise.all(users.map(async (u) => (await s.call('POST', '/api/auth/login', { username: u.username, password: u.password })).status));
    expect(statuses).toEqual(Array(8).fill(200));
    expect(s.t.services.hasher.peak).toBe(ACCOUNT_LIMITS.passwordHashesAtOnce); // they did run side by side, up to the cap
  });
});
