/**
 * The request path on PostgreSQL (issue #19, db/pg/README.md "The asynchronous switch"): the real
 * Hono app (createApp) over createPgServices on a throwaway PostgreSQL, through register → push →
 * pull → list → logout, and two instances on one database serving one account.
 */
import { describe, expect, it, vi } from 'vitest';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { formatHlc, type SyncResponse } from '../../../shared/sync';
import { loadConfig } from '../../config';
import { cookieOf, newUser, signUp } from '../../test/test-support';
import { SCHEDULER_LEADER_KEY } from '../../services';
import { createPgTestApp, TEST_RELEASE_KEY, usePgDatabase } from '../../test/pg-test-support';
import { pullOneRecordPages, recordPoolQueries } from '../../test/statement-count';

const SECRET = 'a-session-secret-shared-by-both-instances-0123456789';
const trustee = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });

describe('the app on PostgreSQL (DATABASE_URL)', () => {
  const pgdb = usePgDatabase();

  it('register → push → pull → list → logout, with everything stored in PostgreSQL', async () => {
    const t = await createPgTestApp(pgdb.url);
    try {
      expect(t.services.engine).toBe('postgres');
      const { cookie, user, body } = await signUp(t);
      // The account and its profile are PostgreSQL rows, not SQLite ones.
      const users = await pgdb.pool.query('SELECT username FROM users WHERE id = $1', [user.id]);
      expect(users.rows).toEqual([{ username: body.username }]);
      expect(t.deps.db.prepare('SELECT COUNT(*) AS n FROM users').get()).toEqual({ n: 0 });

      const hlc = (n: number) => formatHlc({ ms: t.deps.now(), counter: n, node: 'dev1' });
      const push = await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [
        { collection: 'trustees', id: 't1', hlc: hlc(1), fields: trustee('Sam') },
        { collection: 'trustees', id: 't2', hlc: hlc(2), fields: { name: 42 } },
      ] }, cookie);
      expect(push.status).toBe(200);
      const pushed = (await push.json()) as SyncResponse;
      expect(pushed.accepted).toEqual([hlc(1)]);
      expect(pushed.rejected.map((r) => r.reason)).toEqual([expect.stringMatching(/trustees\.name/)]);
      expect(pushed.records.map((r) => `${r.collection}/${r.id}`).sort()).toEqual([`profile/${user.id}`, 'trustees/t1']);

      // A second device pulls from 0 and gets the same; from the cursor, nothing.
      const pull = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] }, cookie)).json()) as SyncResponse;
      expect(pull.records.map((r) => r.id).sort()).toEqual([user.id, 't1'].sort());
      const none = (await (await t.call('POST', '/api/sync', { protocol: 2, cursor: pull.cursor, changes: [] }, cookie)).json()) as SyncResponse;
      expect(none.records).toEqual([]);

      // REST: the list, a write through the same merge (rule 16), then the list again.
      expect(((await (await t.call('GET', '/api/trustees', undefined, cookie)).json()) as { name: string }[]).map((x) => x.name)).toEqual(['Sam']);
      const created = await t.call('POST', '/api/trustees', { name: 'Ana', email: 'ana@example.com', accessLevel: 'documents-only' }, cookie);
      expect(created.status).toBe(201);
      expect(((await (await t.call('GET', '/api/trustees', undefined, cookie)).json()) as { name: string }[]).map((x) => x.name).sort()).toEqual(['Ana', 'Sam']);
      expect((await t.call('GET', '/api/user/profile', undefined, cookie)).status).toBe(200);

      // Logout deletes the PostgreSQL session row: the cookie stops working at once.
      expect((await t.call('POST', '/api/auth/logout', {}, cookie)).status).toBe(200);
      expect((await t.call('GET', '/api/trustees', undefined, cookie)).status).toBe(401);
      expect((await pgdb.pool.query('SELECT COUNT(*)::int AS n FROM sessions WHERE user_id = $1', [user.id])).rows[0]).toEqual({ n: 0 });

      // Login again (same account, PostgreSQL's case-insensitive username), then a taken name is a 409.
      const login = await t.call('POST', '/api/auth/login', { username: body.username.toUpperCase(), password: body.password });
      expect(login.status).toBe(200);
      expect((await t.call('GET', '/api/trustees', undefined, cookieOf(login))).status).toBe(200);
      const taken = await t.call('POST', '/api/auth/register', newUser({ username: body.username.toUpperCase() }));
      expect(taken.status).toBe(409);
    } finally {
      await t.pool.end();
    }
  });

  it('two instances on one database: a session and the records of one are the other\'s, the cursor never skips', async () => {
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    const b = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    try {
      const { cookie, user } = await signUp(a);
      const hlc = (n: number, node: string) => formatHlc({ ms: a.deps.now(), counter: n, node });
      // Pushes alternate between the instances, as a load balancer would send them.
      for (let i = 0; i < 6; i++) {
        const t = i % 2 === 0 ? a : b;
        const res = await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [{ collection: 'trustees', id: `t${i}`, hlc: hlc(i + 1, i % 2 ? 'devB' : 'devA'), fields: trustee(`T${i}`) }] }, cookie);
        expect(res.status).toBe(200);
      }
      const page = (await (await b.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] }, cookie)).json()) as SyncResponse;
      expect(page.records.filter((r) => r.collection === 'trustees').map((r) => r.id).sort()).toEqual(['t0', 't1', 't2', 't3', 't4', 't5']);
      const seqs = page.records.map((r) => r.seq);
      expect(seqs).toEqual([...seqs].sort((x, y) => x - y));
      const listA = (await (await a.call('GET', '/api/trustees', undefined, cookie)).json()) as unknown[];
      expect(listA).toHaveLength(6);
      // Logout on one ends the session on both.
      expect((await b.call('POST', '/api/auth/logout', {}, cookie)).status).toBe(200);
      expect((await a.call('GET', '/api/trustees', undefined, cookie)).status).toBe(401);
      expect(user.id).toBeTruthy();
    } finally {
      await a.pool.end();
      await b.pool.end();
    }
  });

  it("issue 40: one-record pages pass over the account's index once, not once a page; a write between pages is counted in", async () => {
    const t = await createPgTestApp(pgdb.url);
    try {
      const ran: string[] = [];
      recordPoolQueries(t.pool, ran);
      const seen = await pullOneRecordPages(t, ran);
      expect(seen.pages).toEqual([[8, 7], [8, 6], [8, 5], [8, 4], [8, 3], [8, 2], [8, 1], [undefined, undefined]]);
      expect(seen.passesOverPages).toBe(1); // was 7: every page counted the whole account
      expect(seen.aroundWrite).toEqual([8, 7, 9, 7]);
      expect(seen.passesAfterWrite).toBe(1);
    } finally {
      await t.pool.end();
    }
  });

  it('the per-account limits are shared: writes alternating between two instances are counted once (pg-rate-limiter.ts)', async () => {
    const env = { AFTERWORD_LIMITS: JSON.stringify({ writesPerMinute: 3 }) };
    const clock = { at: Date.UTC(2026, 10, 21, 12), now: () => clock.at, advance: (ms: number) => void (clock.at += ms) };
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET, env, clock });
    const b = await createPgTestApp(pgdb.url, { sessionSecret: SECRET, env, clock });
    try {
      const { cookie } = await signUp(a);
      const push = (t: typeof a, i: number) =>
        t.call('POST', '/api/trustees', { name: `T${i}`, email: `t${i}@example.com`, accessLevel: 'full' }, cookie);
      expect((await push(a, 0)).status).toBe(201);
      expect((await push(b, 1)).status).toBe(201);
      expect((await push(a, 2)).status).toBe(201);
      const fourth = await push(b, 3); // each instance alone has seen at most two
      expect(fourth.status).toBe(429);
      expect(fourth.headers.get('retry-after')).toMatch(/^\d+$/);
      clock.advance(60_000);
      expect((await push(b, 4)).status).toBe(201);
      // Housekeeping (main.ts, hourly) deletes the windows that have ended, and only those.
      const windows = async () => (await pgdb.pool.query('SELECT COUNT(*)::int AS n FROM rate_limit_windows')).rows[0].n as number;
      const before = await windows();
      clock.advance(60 * 60_000);
      await push(a, 5); // opens new windows for requests and writes
      expect(await a.services.purgeRateLimits!()).toBe(before - 2);
      expect(await windows()).toBe(2);
    } finally {
      await a.pool.end();
      await b.pool.end();
    }
  });

  it('the token links are limited per address across instances: release and kit links alternating between two instances pass the limit once', async () => {
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    const b = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    try {
      for (const path of ['/api/delivery/not-a-token/data', '/api/kit/AAAAAAAAAAAAAAAAAAAAAA']) {
        const statuses: number[] = [];
        for (let i = 0; i < 121; i++) statuses.push((await (i % 2 ? b : a).call('GET', path)).status);
        // 120 per address per 10 minutes in all (release/public-routes.ts, kits/public-routes.ts), not per instance.
        expect(statuses.slice(0, 120).every((s) => s === 404), path).toBe(true);
        expect(statuses[120], path).toBe(429);
      }
    } finally {
      await a.pool.end();
      await b.pool.end();
    }
  });

  it('the record limits hold across instances: trustees added alternately on two instances never pass the limit', async () => {
    const env = { AFTERWORD_LIMITS: JSON.stringify({ trustees: 3 }) };
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET, env });
    const b = await createPgTestApp(pgdb.url, { sessionSecret: SECRET, env });
    try {
      const { cookie } = await signUp(a);
      const statuses: number[] = [];
      for (let i = 0; i < 6; i++) {
        const t = i % 2 === 0 ? a : b;
        const hlc = formatHlc({ ms: a.deps.now(), counter: i, node: 'dev' });
        const res = await t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [{ collection: 'trustees', id: `t${i}`, hlc, fields: trustee(`T${i}`) }] }, cookie);
        statuses.push(((await res.json()) as SyncResponse).rejected.length);
        // A REST write on the other instance counts against the same limit.
        const rest = await (t === a ? b : a).call('POST', '/api/trustees', { name: `R${i}`, email: `r${i}@example.com`, accessLevel: 'full' }, cookie);
        statuses.push(rest.status);
      }
      const list = (await (await a.call('GET', '/api/trustees', undefined, cookie)).json()) as unknown[];
      expect(list).toHaveLength(3);
      expect(statuses.slice(0, 3)).toEqual([0, 201, 0]);
      expect(statuses.slice(3)).not.toContain(201);

      // Pushes racing on both instances are admitted one after the other (in the merge's transaction).
      const racer = await signUp(a);
      const batch = (n: number) =>
        Array.from({ length: 2 }, (_, i) => ({ collection: 'trustees', id: `c${n}-${i}`, hlc: formatHlc({ ms: a.deps.now(), counter: n * 2 + i, node: 'dev' }), fields: trustee(`C${n}${i}`) }));
      await Promise.all([0, 1, 2, 3].map((n) => (n % 2 ? b : a).call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: batch(n) }, racer.cookie)));
      expect((await (await b.call('GET', '/api/trustees', undefined, racer.cookie)).json()) as unknown[]).toHaveLength(3);
    } finally {
      await a.pool.end();
      await b.pool.end();
    }
  });

  it('/readyz asks PostgreSQL: 200 while it answers, 503 naming the database once it does not', async () => {
    const t = await createPgTestApp(pgdb.url);
    expect((await t.call('GET', '/readyz')).status).toBe(200);
    await t.pool.end(); // every query of this instance now fails
    t.advance(60_000); // past the readiness cache
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      const res = await t.call('GET', '/readyz');
      expect(res.status).toBe(503);
      expect(await res.json()).toMatchObject({ ok: false, failed: ['database'] });
    } finally {
      errors.mockRestore();
    }
  });

  it('the release lives in PostgreSQL: a check-in on one instance, the invitation sent once by the leader, a deleted account leaves no row', async () => {
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    const b = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    try {
      const { cookie, user, body } = await signUp(a);
      const checkIn = async () => (await pgdb.pool.query('SELECT last_check_in_at FROM release_state WHERE user_id = $1', [user.id])).rows[0]?.last_check_in_at;
      b.advance(3_600_000); // b's clock only: its check-in is the later one (a sync is none: release/check-ins.test.ts)
      expect((await b.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: [] }, cookie)).status).toBe(200);
      expect(Number(await checkIn())).toBe(a.deps.now());
      expect((await b.call('POST', '/api/release/check-in', undefined, cookie)).status).toBe(200);
      expect(Number(await checkIn())).toBe(b.deps.now());

      expect((await b.call('POST', '/api/trustees', { name: 'Grace', email: 'grace@example.com', accessLevel: 'full' }, cookie)).status).toBe(201);
      // One instance leads the scheduler (advisory lock); the other's passes do nothing meanwhile.
      expect((await a.services.scheduler.runOnce()).trustees).toBeGreaterThanOrEqual(1); // earlier tests' accounts have trustees too
      expect(await b.services.scheduler.runOnce()).toEqual({ trustees: 0, transitions: 0, deliveries: 0, sent: 0 });
      const invites = await pgdb.pool.query("SELECT kind, to_addr FROM release_emails WHERE user_id = $1 AND kind = 'trustee-invite'", [user.id]);
      expect(invites.rows).toEqual([{ kind: 'trustee-invite', to_addr: 'grace@example.com' }]);
      // The leader resigns (shutdown): the other takes over at its next pass.
      await a.services.resign!();
      await b.services.scheduler.runOnce();
      expect((await pgdb.pool.query('SELECT COUNT(*)::int AS n FROM release_emails WHERE user_id = $1', [user.id])).rows[0].n).toBe(1);

      const gone = await a.call('POST', '/api/auth/delete-account', { password: body.password }, cookie);
      expect(gone.status).toBe(200);
      for (const table of ['users', 'release_state', 'release_emails', 'release_tokens', 'blobs']) {
        const col = table === 'users' ? 'id' : 'user_id';
        expect((await pgdb.pool.query(`SELECT COUNT(*)::int AS n FROM ${table} WHERE ${col} = $1`, [user.id])).rows[0].n, table).toBe(0);
      }
    } finally {
      await a.services.resign!(); // a leader's lock connection is never idle: the pool would wait for it
      await b.services.resign!();
      await a.pool.end();
      await b.pool.end();
    }
  });

  it('a transaction never waits for a connection of its own pool: more concurrent resends than the pool has connections all answer (no instance freezes)', async () => {
    // Each resend is a release transaction that reads the trustee record. Were that read to take a
    // second connection of the transaction's pool, pool-size transactions would each hold one and
    // wait for another forever: one account's burst would freeze the instance for every family.
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET, env: { AFTERWORD_LIMITS: JSON.stringify({ resendsPerDay: 100 }) } });
    try {
      const { cookie } = await signUp(a);
      const added = await a.call('POST', '/api/trustees', { name: 'Grace', email: 'grace@example.com', accessLevel: 'full' }, cookie);
      const { id } = (await added.json()) as { id: string };
      await a.services.scheduler.runOnce(); // invites Grace (and takes the leader's connection)
      const burst = Array.from({ length: 24 }, () => a.call('POST', `/api/release/trustees/${id}/invite`, {}, cookie).then((r) => r.status));
      const frozen = new Promise<'frozen'>((resolve) => setTimeout(() => resolve('frozen'), 20_000).unref());
      const statuses = await Promise.race([Promise.all(burst), frozen]);
      expect(statuses).not.toBe('frozen');
      expect(new Set(statuses as number[])).toEqual(new Set([200]));
    } finally {
      await a.services.resign!();
      await a.pool.end();
    }
  }, 60_000);

  it('every transaction connection busy for too long: a 503 with Retry-After, not a hang, and the instance serves again once one is free', async () => {
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET, pool: { max: 1, connectTimeoutMs: 500 } });
    try {
      const { cookie } = await signUp(a);
      const held = await a.pool.connect(); // the only transaction connection
      const grace = { name: 'Grace', email: 'grace@example.com', accessLevel: 'full' };
      const busy = await a.call('POST', '/api/trustees', grace, cookie);
      expect(busy.status).toBe(503);
      expect(busy.headers.get('retry-after')).toBe('5');
      expect(await busy.json()).toEqual({ error: 'The server is busy. Please try again in a moment.' });
      held.release();
      expect((await a.call('POST', '/api/trustees', grace, cookie)).status).toBe(201);
    } finally {
      await a.pool.end();
    }
  });

  it('a stopped scheduler runs no pass: a pass asked for after stop() never takes the lead (its connection would keep shutdown waiting)', async () => {
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    const b = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    const leaderLocks = async () =>
      (await pgdb.pool.query<{ n: number }>(
        // pg_locks lists the whole cluster, which the run's files share (pg-global-setup.ts): this database's only.
        "SELECT COUNT(*)::int AS n FROM pg_locks WHERE locktype = 'advisory' AND granted AND classid = $1 AND objid = $2 AND database = (SELECT oid FROM pg_database WHERE datname = current_database())",
        [Number(SCHEDULER_LEADER_KEY >> 32n), Number(SCHEDULER_LEADER_KEY & 0xffffffffn)],
      )).rows[0]!.n;
    try {
      await b.services.scheduler.runOnce(); // b leads
      await a.services.scheduler.runOnce(); // a follows
      await a.services.scheduler.stop(); // a shuts down…
      await b.services.resign!(); // …while b hands the lead on
      expect(await a.services.scheduler.runOnce()).toEqual({ trustees: 0, transitions: 0, deliveries: 0, sent: 0 });
      expect(await leaderLocks()).toBe(0);
    } finally {
      for (const t of [a, b]) {
        await t.services.resign!();
        await t.pool.end();
      }
    }
  });

  it("a single statement waiting on a transaction's row lock gives up after the lock timeout: the request is a 503, the statement connections free again", async () => {
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET, pool: { lockTimeoutMs: 300 } });
    const holder = await pgdb.pool.connect();
    try {
      const { cookie, user, body } = await signUp(a);
      await holder.query('BEGIN');
      await holder.query('SELECT 1 FROM users WHERE id = $1 FOR UPDATE', [user.id]); // e.g. a push in flight, or stuck
      const res = await a.call('POST', '/api/auth/password', { currentPassword: body.password, newPassword: 'an-entirely-new-password-2' }, cookie);
      expect(res.status).toBe(503);
      expect(res.headers.get('retry-after')).toBe('5');
      await holder.query('ROLLBACK');
    } finally {
      holder.release();
      await a.pool.end();
    }
  });

  it('several instances need one SESSION_SECRET: DATABASE_URL without it stops the server, naming the variable', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'afterword-pg-secret-'));
    expect(() => loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgdb.url })).toThrow(/^DATABASE_URL is set: set SESSION_SECRET/);
    expect(loadConfig({ DATA_DIR: dataDir, DATABASE_URL: pgdb.url, SESSION_SECRET: SECRET, RELEASE_KEY: TEST_RELEASE_KEY }).databaseUrl).toBe(pgdb.url);
  });

  it('DATABASE_POOL_SIZE sets the connections of each set (default 10); anything but a whole number from 1 to 500 stops the server, naming it', () => {
    const dataDir = mkdtempSync(join(tmpdir(), 'afterword-pg-pool-'));
    const env = { DATA_DIR: dataDir, DATABASE_URL: pgdb.url, SESSION_SECRET: SECRET, RELEASE_KEY: TEST_RELEASE_KEY };
    expect(loadConfig(env).databasePoolSize).toBe(10);
    expect(loadConfig({ ...env, DATABASE_POOL_SIZE: '25' }).databasePoolSize).toBe(25);
    for (const bad of ['lots', '0', '2.5', '501']) {
      expect(() => loadConfig({ ...env, DATABASE_POOL_SIZE: bad })).toThrow(/^DATABASE_POOL_SIZE must be a whole number from 1 to 500/);
    }
  });

  it('pokes cross instances (rule 19): a device listening on one instance hears a write made on the other, and the leading scheduler hears a write made on a follower', async () => {
    const a = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    const b = await createPgTestApp(pgdb.url, { sessionSecret: SECRET });
    const { cookie, user } = await signUp(a);
    const events = await b.call('GET', '/api/sync/events', undefined, cookie);
    const reader = events.body!.getReader();
    try {
      expect(events.status).toBe(200);
      await readUntil(reader, /event: ready/);
      expect((await a.call('POST', '/api/trustees', { name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }, cookie)).status).toBe(201);
      await readUntil(reader, /event: changed/);

      // The schedulers tick once an hour: only a poke makes the leader look now.
      expect((await a.services.scheduler.runOnce()).trustees).toBeGreaterThanOrEqual(0); // a takes the lead
      a.services.scheduler.start(3_600_000);
      b.services.scheduler.start(3_600_000);
      await a.services.scheduler.runOnce(); // after the pass start() begins: from here on only a poke runs one
      expect((await b.call('POST', '/api/trustees', { name: 'Grace', email: 'grace@example.com', accessLevel: 'full' }, cookie)).status).toBe(201);
      await vi.waitFor(async () => {
        const { rows } = await pgdb.pool.query("SELECT to_addr FROM release_emails WHERE user_id = $1 AND kind = 'trustee-invite' ORDER BY to_addr", [user.id]);
        expect(rows.map((r) => r.to_addr)).toEqual(['grace@example.com', 'sam@example.com']);
      }, { timeout: 10_000, interval: 100 });
    } finally {
      await reader.cancel();
      for (const t of [a, b]) {
        await t.services.scheduler.stop();
        await t.services.close?.();
        await t.services.resign!();
        await t.pool.end();
      }
    }
  });
});

/** Reads the SSE stream until its text so far matches `pattern` (the test's timeout bounds it). */
async function readUntil(reader: ReadableStreamDefaultReader<Uint8Array>, pattern: RegExp): Promise<void> {
  const decoder = new TextDecoder();
  let text = '';
  while (!pattern.test(text)) {
    const { value, done } = await reader.read();
    if (done) throw new Error(`the stream ended before ${pattern}: ${text}`);
    text += decoder.decode(value, { stream: true });
  }
}
