/**
 * The release escrow (escrow.ts, release-key.ts, routes.ts; SECURITY.md "Release escrow") through
 * the real app over a real SQLite file: a deposit leaves no key readable in the database, the
 * escrow opens only once the account is released, and a server with another release key refuses
 * to start rather than seal escrows no release could open.
 */
import { existsSync, mkdtempSync, readFileSync, statSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { toB64url } from '../../../shared/crypto/bytes';
import { startChildServer } from '../../test/child-server';
import { serverBundleOfThisProcess } from '../../test/server-bundle';
import { loadConfig } from '../../config';
import { openDatabase } from '../../db/sqlite';
import { releaseOwnAccount, ownerWithSmtp, type Owner } from '../../test/release-test-support';
import { newKdfParams } from '../../../shared/crypto/kdf';
import { startTestSmtp, type TestSmtp } from '../../test/smtp-test-server';
import { createServices } from '../../services';
import { wrapKey } from '../../../shared/crypto/wrap';
import { EscrowClosedError } from './escrow';
import { releaseSubkey } from './release-key';
import { ESCROW_DEPOSITS_PER_HOUR, maxEscrowKeys } from './routes';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const key = (n: number) => new Uint8Array(32).fill(n).map((b, i) => (b * 31 + i * 7) & 0xff);
/** A message's key id (only messages' keys are left with the escrow: shared/release/released-keys.ts). */
const M = (n: number) => `msg:6f1c2d3e-0000-4000-8000-00000000000${n}~1`;
const deposit = { [M(1)]: key(1), [M(2)]: key(2), [M(3)]: key(3), [M(4)]: key(4) };
const depositJson = { keys: Object.fromEntries(Object.entries(deposit).map(([k, v]) => [k, toB64url(v)])) };

/** Every encoding of `bytes` the scan looks for (the canary scan's list). */
const encodings = (bytes: Uint8Array) => {
  const b = Buffer.from(bytes);
  return [b.toString('hex'), b.toString('base64'), b.toString('base64url'), b.toString('base64').replace(/=+$/, '')];
};

/** The database file and its WAL, as bytes decoded leniently (what a thief with a copy holds). */
const databaseText = (dataDir: string) =>
  ['afterword.db', 'afterword.db-wal']
    .map((f) => join(dataDir, f))
    .filter(existsSync)
    .map((f) => readFileSync(f))
    .map((b) => b.toString('latin1'))
    .join('\n');

/** Gives `o` account keys whose keyring holds `kids` (their wraps are placeholders: the server cannot open them anyway). */
async function withKeyring(o: Owner, kids: readonly string[] = Object.keys(deposit)): Promise<void> {
  const keyring = { v: 1 as const, ak: 1, keys: Object.fromEntries(kids.map((k) => [k, `w1.${'A'.repeat(16)}.${'B'.repeat(64)}`])) };
  const created = await o.t.services.keys.create(o.userId, { kdf: newKdfParams('argon2id'), akVersion: 1, akPassword: `w1.${'C'.repeat(16)}.${'D'.repeat(64)}`, akRecovery: null, keyring, proofHash: 'ab'.repeat(32) }, o.t.deps.now());
  expect(created).toBe(true);
}

describe('the release escrow', () => {
  it('only an account with keys deposits, only keys of its keyring, and not without limit', async () => {
    const o = await ownerWithSmtp(smtp);
    const none = await o.t.call('PUT', '/api/release/escrow', depositJson, o.cookie);
    expect(none.status).toBe(409);
    await withKeyring(o, [M(1), M(2), 'plan~1', 'docs~1']);
    const foreign = await o.t.call('PUT', '/api/release/escrow', depositJson, o.cookie);
    expect(foreign.status).toBe(400);
    const paths = ((await foreign.json()) as { issues: { path: string }[] }).issues.map((i) => i.path).sort();
    expect(paths).toEqual([`keys.${M(3)}`, `keys.${M(4)}`]);
    // A key of the account's own that is not a message's is refused, named: a trustee's level opens only with their kit.
    const level = await o.t.call('PUT', '/api/release/escrow', { keys: { [M(1)]: toB64url(key(1)), 'plan~1': toB64url(key(5)), 'docs~1': toB64url(key(6)) } }, o.cookie);
    expect(level.status).toBe(400);
    expect(((await level.json()) as { issues: { path: string }[] }).issues.map((i) => i.path).sort()).toEqual(['keys.docs~1', 'keys.plan~1']);
    expect(await o.t.services.escrow.status(o.userId)).toBeNull(); // a refused deposit wrote nothing
    await expect(o.t.services.escrow.deposit(o.userId, new Map([['plan~1', key(5)]]))).rejects.toBeInstanceOf(TypeError);
    const mine = { keys: { [M(1)]: depositJson.keys[M(1)]! } };
    const answers: number[] = [];
    for (let i = 0; i < ESCROW_DEPOSITS_PER_HOUR + 1; i++) answers.push((await o.t.call('PUT', '/api/release/escrow', mine, o.cookie)).status);
    expect(answers.slice(0, -1).every((s) => s === 200)).toBe(true);
    expect(answers.at(-1)).toBe(429);
    expect(await o.get('/api/release/escrow')).toMatchObject({ keyCount: 1, kids: [M(1)] });
  });

  it('wraps deposited keys at once: the database holds none of them, and they open only after the release', async () => {
    const o = await ownerWithSmtp(smtp);
    await withKeyring(o);
    const res = await o.t.call('PUT', '/api/release/escrow', depositJson, o.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    expect(await res.json()).toMatchObject({ keyCount: 4 });
    expect(await o.get('/api/release/escrow')).toMatchObject({ keyCount: 4, kids: Object.keys(deposit).sort() });

    const db = databaseText(o.t.deps.config.dataDir);
    expect(db).toContain('release_escrow'); // the scan reads the real file
    for (const raw of Object.values(deposit)) for (const text of encodings(raw)) expect(db).not.toContain(text);
    expect(db.includes(Buffer.from(deposit[M(1)]!).toString('latin1'))).toBe(false); // nor the raw bytes

    await expect(o.t.services.escrow.openReleased(o.userId)).rejects.toBeInstanceOf(EscrowClosedError);
    await releaseOwnAccount(o, smtp);
    const opened = await o.t.services.escrow.openReleased(o.userId);
    expect(Object.fromEntries(opened!)).toEqual(deposit);
  });

  it('an escrow deposited before the gate keeps messages\' keys only once the server starts: the other wraps leave the database file and its WAL', async () => {
    const o = await ownerWithSmtp(smtp);
    const levels = { 'owner~1': key(5), 'plan~1': key(6), 'docs~1': key(7), 'index~1': key(8) };
    await withKeyring(o, [M(1), M(2), ...Object.keys(levels)]);
    // What an older device's deposit left (SECURITY.md "Release escrow"): every scope key, each wrapped under the escrow subkey.
    const escrowKey = await releaseSubkey(o.t.deps.config.releaseKey.raw, 'escrow');
    const old = { [M(1)]: deposit[M(1)]!, [M(2)]: deposit[M(2)]!, ...levels };
    const wraps: Record<string, string> = {};
    for (const [kid, raw] of Object.entries(old)) wraps[kid] = await wrapKey(escrowKey, raw, { userId: o.userId, purpose: 'escrow', id: kid });
    o.t.deps.db.prepare('INSERT INTO release_escrow (user_id, keys, key_count, updated_at) VALUES (?, ?, ?, ?)').run(o.userId, JSON.stringify({ v: 1, keys: wraps }), 6, o.t.deps.now());
    expect(databaseText(o.t.deps.config.dataDir)).toContain(wraps['plan~1']);

    // The server starts again over the same database.
    const restarted = createServices({ config: o.t.deps.config, db: o.t.deps.db, now: o.t.deps.now });
    await restarted.escrow.ready;
    expect((await restarted.escrow.status(o.userId))?.kids).toEqual([M(1), M(2)].sort());
    const db = databaseText(o.t.deps.config.dataDir);
    expect(db).toContain(wraps[M(1)]);
    for (const kid of Object.keys(levels)) expect(db).not.toContain(wraps[kid]);
    await releaseOwnAccount(o, smtp);
    expect(Object.fromEntries((await restarted.escrow.openReleased(o.userId))!)).toEqual({ [M(1)]: deposit[M(1)], [M(2)]: deposit[M(2)] });
  });

  it('a deleted escrow leaves the database file and its WAL (DELETE /api/release/escrow): none of its wraps stays readable', async () => {
    const o = await ownerWithSmtp(smtp);
    await withKeyring(o);
    expect((await o.t.call('PUT', '/api/release/escrow', depositJson, o.cookie)).status).toBe(200);
    const row = o.t.deps.db.prepare<[string], { keys: string }>('SELECT keys FROM release_escrow WHERE user_id = ?').get(o.userId)!;
    const wraps = Object.values((JSON.parse(row.keys) as { keys: Record<string, string> }).keys);
    expect(wraps).toHaveLength(4);
    for (const w of wraps) expect(databaseText(o.t.deps.config.dataDir)).toContain(w); // the scan sees them while they are kept
    const res = await o.t.call('DELETE', '/api/release/escrow', undefined, o.cookie);
    expect(await res.json()).toEqual({ deleted: true });
    const db = databaseText(o.t.deps.config.dataDir);
    for (const w of wraps) expect(db).not.toContain(w);
  });

  it('one account\'s escrow never opens as another\'s: each wrap is bound to its account and key id', async () => {
    const a = await ownerWithSmtp(smtp);
    await withKeyring(a);
    expect((await a.t.call('PUT', '/api/release/escrow', depositJson, a.cookie)).status).toBe(200);
    const row = a.t.deps.db.prepare<[string], { keys: string }>('SELECT keys FROM release_escrow WHERE user_id = ?').get(a.userId)!;
    const stored = JSON.parse(row.keys) as { keys: Record<string, string> };
    // A database writer swaps two wraps: the escrow refuses loudly instead of handing out the wrong key.
    const [k1, k2] = Object.keys(stored.keys);
    [stored.keys[k1!], stored.keys[k2!]] = [stored.keys[k2!]!, stored.keys[k1!]!];
    a.t.deps.db.prepare('UPDATE release_escrow SET keys = ? WHERE user_id = ?').run(JSON.stringify(stored), a.userId);
    await releaseOwnAccount(a, smtp);
    await expect(a.t.services.escrow.openReleased(a.userId)).rejects.toThrow(/does not open/);
  });

  it('refuses bad deposits with 400 naming the field, and anyone signed out with 401', async () => {
    const o = await ownerWithSmtp(smtp);
    const bad = await o.t.call('PUT', '/api/release/escrow', { keys: { 'plan~1': 'short', 'not a kid': toB64url(key(1)) } }, o.cookie);
    expect(bad.status).toBe(400);
    const issues = ((await bad.json()) as { issues: { path: string }[] }).issues.map((i) => i.path);
    expect(issues).toEqual(expect.arrayContaining(['keys.plan~1', 'keys.not a kid']));
    const max = maxEscrowKeys(o.t.deps.config.limits.recordsPerCollection);
    const tooMany = Object.fromEntries(Array.from({ length: max + 1 }, (_, i) => [`msg:m${i}~1`, toB64url(key(i))]));
    expect((await o.t.call('PUT', '/api/release/escrow', { keys: tooMany }, o.cookie)).status).toBe(400);
    expect((await o.t.call('PUT', '/api/release/escrow', depositJson)).status).toBe(401);
    expect(await o.get('/api/release/escrow')).toEqual({ keyCount: 0, updatedAt: null, kids: [], ended: false });
  });
});

describe('the release key', () => {
  it('is read from beside DATA_DIR by default (never inside it), generated once, private to the server\'s user', () => {
    const o = loadConfig({ DATA_DIR: join(tempDir(), 'data') });
    expect(o.releaseKey.source).toBe('default file');
    expect(o.releaseKey.file).toBe(`${o.dataDir}.release-key`);
    expect(statSync(o.releaseKey.file!).mode & 0o777).toBe(0o600);
    expect(loadConfig({ DATA_DIR: o.dataDir }).releaseKey.raw).toEqual(o.releaseKey.raw);
  });

  it('a malformed RELEASE_KEY, or DATABASE_URL without one, stops the server naming the variable', () => {
    const DATA_DIR = join(tempDir(), 'data');
    expect(() => loadConfig({ DATA_DIR, RELEASE_KEY: 'too-short' })).toThrow(/^RELEASE_KEY must be base64url of 32 random bytes/);
    expect(() => loadConfig({ DATA_DIR, DATABASE_URL: 'postgres://x/y', SESSION_SECRET: 'x'.repeat(40) })).toThrow(/^DATABASE_URL is set: set RELEASE_KEY/);
  });

  it('a server started with another release key does not start, and says why', async () => {
    const o = await ownerWithSmtp(smtp);
    await withKeyring(o);
    expect((await o.t.call('PUT', '/api/release/escrow', depositJson, o.cookie)).status).toBe(200);
    const dataDir = o.t.deps.config.dataDir;
    const deps = { config: loadConfig({ DATA_DIR: dataDir, RELEASE_KEY: toB64url(key(9)) }), db: openDatabase(join(dataDir, 'afterword.db')), now: o.t.deps.now };
    await expect(createServices(deps).escrow.ready).rejects.toThrow(/is not the key this database's release escrows were sealed with/);
    // The process itself: main.ts exits before listening.
    const entry = await serverBundleOfThisProcess();
    const first = await startChildServer({ entry });
    await first.stop();
    await expect(startChildServer({ dataDir: first.dataDir, env: { RELEASE_KEY: toB64url(key(8)) }, entry })).rejects.toThrow(/Afterword cannot start: The release key \(RELEASE_KEY\) is not the key/);
  });
});

/** A fresh temp directory (its `data` child does not exist yet). */
const tempDir = (): string => mkdtempSync(join(tmpdir(), 'afterword-rk-'));
