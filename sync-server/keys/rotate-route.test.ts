/**
 * POST /api/keys/rotate (rotate-route.ts) over the real app and a real SQLite file, with bodies the
 * device's own code makes (shared/crypto/rotation.ts).
 */
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { derivePasswordKeys, renewKdfParams } from '../../shared/crypto/kdf';
import { Keyring, unwrapAccountKey, wrapAccountKey, type StoredKeyring } from '../../shared/crypto/keys';
import { newRecoveryCode, recoveryKey } from '../../shared/crypto/recovery';
import { rotateAccountKey } from '../../shared/crypto/rotation';
import { makeGeneration, openOwnerCopy, sealOwnerCopy } from '../../shared/crypto/trustee-kit';
import { kitsBody, makeKits } from '../test/kit-test-support';
import { toB64url } from '../../shared/crypto/bytes';
import { cookieOf, createTestApp, signUp, type TestApp } from '../test/test-support';
import { keyedAccount, keysOf, rotatedOwnerWithTrustees, rotation } from '../test/test-rotation';

/** A live kit generation row holding `ownerCopy` (the kit routes' own steps need accepted trustees; only the row matters here). */
const kitGeneration = (t: TestApp, userId: string, generation: number, ownerCopy: string) =>
  t.deps.db
    .prepare('INSERT INTO kit_generations (user_id, generation, k, n, check_value, owner_copy, created_at, live_at, retired_at, q_wrap) VALUES (?, ?, 1, 1, ?, ?, 1, NULL, NULL, NULL)')
    .run(userId, generation, 'check', ownerCopy);

describe('POST /api/keys/rotate (SECURITY.md "Replacing the account key")', () => {
  it('swaps AK for a new version: every key re-wrapped, the old AK opens nothing the server now holds, the owner copy sealed again, the new kit unconfirmed', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const made = await makeGeneration({ account: a.user.id, generation: 1, k: 1, trustees: [{ trusteeId: 'tA', level: 'full' }], levelKeys: () => new Map() });
    kitGeneration(t, a.user.id, 1, await sealOwnerCopy(a.dk.ak, a.user.id, made));
    await t.call('POST', '/api/keys/recovery/confirmed', {}, a.cookie);
    const before = await keysOf(t, a.cookie);

    const kits = await (await t.call('GET', '/api/kits', undefined, a.cookie)).json();
    const r = await rotation(t, a, { '1': kits.pending.ownerCopy });
    const res = await t.call('POST', '/api/keys/rotate', r.request, a.cookie);
    expect(res.status).toBe(200);
    const after = await res.json();
    expect(after).toMatchObject({ akVersion: 2, keyringRev: before.keyringRev + 1, recoveryConfirmedAt: null });
    expect(await keysOf(t, a.cookie)).toEqual(after);

    const ring = await Keyring.load(after.keyring, await unwrapAccountKey(a.unlockKey, after.akPassword, a.user.id, 2, 'password'), a.user.id);
    expect(ring.kids().sort()).toEqual(a.dk.keyring.kids().sort());
    for (const kid of ring.kids()) expect(ring.raw(kid)).toEqual(a.dk.keyring.raw(kid));
    await expect(Keyring.load(after.keyring, a.dk.ak, a.user.id)).rejects.toThrow();
    const recovery = await (await t.call('GET', '/api/keys/recovery', undefined, a.cookie)).json();
    expect(recovery).toEqual({ akVersion: 2, akRecovery: r.body.akRecovery });
    const copy = (await (await t.call('GET', '/api/kits', undefined, a.cookie)).json()).pending.ownerCopy;
    expect((await openOwnerCopy(r.ak, a.user.id, copy)).q).toEqual(made.q);
    await expect(openOwnerCopy(a.dk.ak, a.user.id, copy)).rejects.toThrow();
  });

  it('leaves the old wraps nowhere in the SQLite files: rows overwritten (secure_delete) and the WAL checkpointed after the rotation', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const old = (await t.services.keys.get(a.user.id))!;
    const files = () => ['afterword.db', 'afterword.db-wal'].map((f) => join(t.deps.config.dataDir, f)).filter(existsSync).map((f) => readFileSync(f).toString('latin1')).join('\n');
    expect(files().includes(old.akRecovery!)).toBe(true); // the scan can see a wrap
    expect((await t.call('POST', '/api/keys/rotate', (await rotation(t, a)).request, a.cookie)).status).toBe(200);
    const text = files();
    expect([old.akRecovery!, old.akPassword!].filter((wrap) => text.includes(wrap))).toEqual([]);
  });

  it('is keyed on the AK version read: a second rotation from the same version gets 409 with the current keys; two at once, one wins', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const [one, two] = await Promise.all([rotation(t, a), rotation(t, a)]);
    const [r1, r2] = await Promise.all([t.call('POST', '/api/keys/rotate', one.request, a.cookie), t.call('POST', '/api/keys/rotate', two.request, a.cookie)]);
    expect([r1.status, r2.status].sort()).toEqual([200, 409]);
    const lost = r1.status === 409 ? await r1.json() : await r2.json();
    const won = r1.status === 200 ? one : two;
    expect(lost.error).toBe('Your keys changed on another device meanwhile');
    expect(lost.current).toMatchObject({ akVersion: 2, akPassword: won.body.akPassword });
    // The winner's keyring is whole and opens with the winner's AK only.
    const ring = await Keyring.load(lost.current.keyring, won.ak, a.user.id);
    expect(ring.kids().sort()).toEqual(a.dk.keyring.kids().sort());
  });

  it('refuses what would lose a key, naming the field (400), answers 409 when the kit generations changed since they were read, and changes nothing', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const made = await makeGeneration({ account: a.user.id, generation: 2, k: 1, trustees: [{ trusteeId: 'tA', level: 'full' }], levelKeys: () => new Map() });
    const ownerCopy = await sealOwnerCopy(a.dk.ak, a.user.id, made);
    kitGeneration(t, a.user.id, 2, ownerCopy);
    const before = await keysOf(t, a.cookie);
    const r = await rotation(t, a, { '2': ownerCopy });
    const [dropped] = Object.keys(r.request.keyring.keys);
    const without: StoredKeyring = { ...r.request.keyring, keys: Object.fromEntries(Object.entries(r.request.keyring.keys).filter(([kid]) => kid !== dropped)) };
    const cases: [Record<string, unknown>, string][] = [
      [{ ...r.request, keyring: without }, `keyring.keys.${dropped}`],
      [{ ...r.request, keyring: { ...r.request.keyring, keys: { ...r.request.keyring.keys, 'msg:intruder~1': r.request.keyring.keys[dropped!] } } }, 'keyring.keys.msg:intruder~1'],
      [{ ...r.request, keyring: { ...r.request.keyring, ak: 3 } }, 'keyring.ak'],
      [{ ...r.request, akPassword: 'w1.nope' }, 'akPassword'],
    ];
    for (const [body, path] of cases) {
      const res = await t.call('POST', '/api/keys/rotate', body, a.cookie);
      expect(res.status, path).toBe(400);
      expect((await res.json()).issues.map((i: { path: string }) => i.path)).toContain(path);
    }
    // Owner copies for other generations than the live ones: the kits changed since the device read them
    // (made or retired on another device), so 409 with the current keys, naming the generation: it reads again and retries.
    for (const [body, path] of [
      [{ ...r.request, ownerCopies: {} }, 'ownerCopies.2'],
      [{ ...r.request, ownerCopies: { '2': r.body.ownerCopies['2'], '7': r.body.ownerCopies['2'] } }, 'ownerCopies.7'],
    ] as const) {
      const res = await t.call('POST', '/api/keys/rotate', body, a.cookie);
      expect(res.status, path).toBe(409);
      const answer = await res.json();
      expect(answer.issues.map((i: { path: string }) => i.path)).toContain(path);
      expect(answer.current).toEqual(before);
    }
    expect(await keysOf(t, a.cookie)).toEqual(before);
  });

  it('a hostile account cannot rotate another\'s keys: its session rotates only its own, and a copy of the victim\'s body is refused', async () => {
    const t = createTestApp();
    const victim = await keyedAccount(t);
    const hostile = await keyedAccount(t);
    const before = await keysOf(t, victim.cookie);
    const stolen = await rotation(t, victim);
    const res = await t.call('POST', '/api/keys/rotate', stolen.request, hostile.cookie);
    expect([400, 409]).toContain(res.status);
    expect((await t.call('POST', '/api/keys/rotate', stolen.request)).status).toBe(401);
    expect(await keysOf(t, victim.cookie)).toEqual(before);
    expect((await keysOf(t, hostile.cookie)).akVersion).toBe(1);
  });

  it('needs the password entered recently, and with endOtherSessions ends every other session of the account (a lost device)', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const login = await t.call('POST', '/api/auth/login', { identifier: a.user.username, loginSecret: a.dk.loginSecret });
    expect(login.status).toBe(200);
    const other = cookieOf(login);
    t.advance(60 * 60_000); // an hour later: the password must be entered again
    const r = await rotation(t, a, {}, true);
    expect((await t.call('POST', '/api/keys/rotate', r.request, a.cookie)).status).toBe(403);
    expect((await t.call('POST', '/api/auth/confirm-password', { loginSecret: a.dk.loginSecret }, a.cookie)).status).toBe(200);
    expect((await t.call('POST', '/api/keys/rotate', r.request, a.cookie)).status).toBe(200);
    expect((await t.call('GET', '/api/keys', undefined, other)).status).toBe(401); // the other device is signed out
    expect((await t.call('GET', '/api/keys', undefined, a.cookie)).status).toBe(200);
  });

  it('needs the current password in its own body: a signed-in session alone (a device picked up) cannot store junk wraps and lock the owner out; wrong guesses share the password change\'s limit', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const laptop = cookieOf(await t.call('POST', '/api/auth/login', { identifier: a.user.username, loginSecret: a.dk.loginSecret }));
    t.advance(5 * 60_000); // the thief holds only `a.cookie`, 5 minutes after sign-in: the re-auth window is still open
    const before = await keysOf(t, a.cookie);
    const junk = () => `w1.${toB64url(crypto.getRandomValues(new Uint8Array(12)))}.${toB64url(crypto.getRandomValues(new Uint8Array(48)))}`;
    const body = {
      fromAkVersion: before.akVersion,
      rev: before.keyringRev,
      kdf: before.kdf,
      akPassword: junk(),
      akRecovery: junk(),
      keyring: { v: 1, ak: before.akVersion + 1, keys: Object.fromEntries(Object.keys(before.keyring.keys).map((kid) => [kid, junk()])) },
      proof: toB64url(crypto.getRandomValues(new Uint8Array(32))),
      ownerCopies: {},
      endOtherSessions: true,
    };
    const guess = () => toB64url(crypto.getRandomValues(new Uint8Array(32)));
    for (const attempt of [body, { ...body, loginSecret: guess() }]) {
      const res = await t.call('POST', '/api/keys/rotate', attempt, a.cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).issues[0].path).toBe('loginSecret');
    }
    expect(await keysOf(t, a.cookie)).toEqual(before);
    expect((await t.call('GET', '/api/keys', undefined, laptop)).status).toBe(200); // nobody signed out
    expect(await unwrapAccountKey(a.unlockKey, before.akPassword, a.user.id, 1, 'password')).toEqual(a.dk.ak);

    // Guesses count in the password change's window (10 per 15 min per account), through either route.
    const statuses: number[] = [];
    for (let i = 0; i < 10; i++) statuses.push((await t.call('POST', '/api/keys/rotate', { ...body, loginSecret: guess() }, a.cookie)).status);
    expect(statuses).toEqual([...Array(9).fill(400), 429]); // the first guess above was the 1st of 10
    const next = await derivePasswordKeys('a brand new password', renewKdfParams(a.dk.kdf));
    const change = { currentLoginSecret: a.dk.loginSecret, loginSecret: next.loginSecret, kdf: renewKdfParams(a.dk.kdf), akPassword: junk(), akVersion: 1 };
    expect((await t.call('POST', '/api/auth/password', change, a.cookie)).status).toBe(429);
    expect((await t.call('POST', '/api/keys/rotate', (await rotation(t, a)).request, a.cookie)).status).toBe(429); // even with the right secret, until the window ends
    t.advance(15 * 60_000);
    expect((await t.call('POST', '/api/auth/confirm-password', { loginSecret: a.dk.loginSecret }, a.cookie)).status).toBe(200);
    expect((await t.call('POST', '/api/keys/rotate', (await rotation(t, a)).request, a.cookie)).status).toBe(200);
  });

  it('after a rotation, a wrap of the old AK from a device that still holds it is refused (409): a new kit or a new password never stores a key that opens nothing', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    const r = await rotation(t, a);
    expect((await t.call('POST', '/api/keys/rotate', r.request, a.cookie)).status).toBe(200);
    const after = await keysOf(t, a.cookie);

    const { secret } = await newRecoveryCode();
    const staleKit = await wrapAccountKey(await recoveryKey(secret, a.user.id), a.dk.ak, a.user.id, 1, 'recovery');
    const kit = await t.call('POST', '/api/keys/recovery', { akRecovery: staleKit, akVersion: 1 }, a.cookie);
    expect(kit.status).toBe(409);
    expect((await kit.json()).current.akVersion).toBe(2);

    const kdf = renewKdfParams(a.dk.kdf);
    const next = await derivePasswordKeys('a brand new password', kdf);
    const stalePassword = { currentLoginSecret: a.dk.loginSecret, loginSecret: next.loginSecret, kdf, akPassword: await wrapAccountKey(next.unlockKey, a.dk.ak, a.user.id, 1, 'password'), akVersion: 1 };
    const pw = await t.call('POST', '/api/auth/password', stalePassword, a.cookie);
    expect(pw.status).toBe(409);
    expect(await keysOf(t, a.cookie)).toEqual(after);
    expect((await t.call('POST', '/api/auth/login', { identifier: a.user.username, loginSecret: a.dk.loginSecret })).status).toBe(200); // the password is unchanged

    // The same requests for the current version pass.
    const goodKit = await wrapAccountKey(await recoveryKey(secret, a.user.id), r.ak, a.user.id, 2, 'recovery');
    expect((await t.call('POST', '/api/keys/recovery', { akRecovery: goodKit, akVersion: 2 }, a.cookie)).status).toBe(200);
    const good = { ...stalePassword, akPassword: await wrapAccountKey(next.unlockKey, r.ak, a.user.id, 2, 'password'), akVersion: 2 };
    expect((await t.call('POST', '/api/auth/password', good, a.cookie)).status).toBe(200);
  });

  it('outside a rotation the keyring stays under the account\'s AK version: PUT /api/keys/keyring claiming another is refused, naming keyring.ak', async () => {
    const t = createTestApp();
    const a = await keyedAccount(t);
    await a.dk.keyring.rotate('msg:m1');
    for (const ak of [2, 9]) {
      const res = await t.call('PUT', '/api/keys/keyring', { rev: 1, keyring: await a.dk.keyring.save(a.dk.ak, ak) }, a.cookie);
      expect(res.status).toBe(400);
      expect((await res.json()).issues[0].path).toBe('keyring.ak');
    }
    expect((await t.call('PUT', '/api/keys/keyring', { rev: 1, keyring: await a.dk.keyring.save(a.dk.ak, 1) }, a.cookie)).status).toBe(200);
    expect((await keysOf(t, a.cookie)).keyring.ak).toBe(1);
  });

  it('kits made on a device still holding the replaced AK are refused (409): their owner copy would open on none of the owner\'s devices', async () => {
    const { o, trustees } = await rotatedOwnerWithTrustees(['Sam']);

    const made = await makeKits(o, trustees, 1);
    const stale = await o.t.call('POST', '/api/kits', { ...kitsBody(made), akVersion: 1 }, o.cookie);
    expect(stale.status).toBe(409);
    expect((await stale.json()).current.akVersion).toBe(2);
    expect((await (await o.t.call('GET', '/api/kits', undefined, o.cookie)).json()).pending).toBeNull();
    expect((await o.t.call('POST', '/api/kits', { ...kitsBody(made), akVersion: 2 }, o.cookie)).status).toBe(201);
  });
});
