/**
 * Release pieces below the HTTP flow: hashed single-purpose tokens, check-ins written at most once
 * a minute (what counts as one: check-ins.test.ts), the test-only clock (only with AFTERWORD_TEST_CLOCK=1), and the public pages' rate
 * limit and headers.
 */
import { createHash } from 'node:crypto';
import { describe, expect, it } from 'vitest';
import { createApp } from '../app';
import type { AppDeps } from '../app-env';
import type { Config } from '../config';
import { createReleaseStore } from './store/sqlite-release';
import { createSqliteAsyncReleaseStore } from './store/release-store';
import { createTestApp, signUp } from '../test/test-support';
import { createReleaseService } from './service';
import { PAGE_CSP } from './page';
import { createServices } from '../services';
import { DAY_MS } from './state-machine';
import { testClockFromEnv } from './test-clock';
import { mintToken, resolveToken } from './tokens';

describe('tokens', () => {
  it('are 256-bit, stored only as sha-256, single-purpose, expiring and revocable', async () => {
    const t = createTestApp();
    const { user } = await signUp(t);
    const { store } = t.services.release;
    const now = t.deps.now();
    const token = await mintToken(store, { userId: user.id, purpose: 'delivery', subjectId: 'm1', now });
    expect(Buffer.from(token, 'base64url')).toHaveLength(32);
    const rows = t.deps.db.prepare('SELECT * FROM release_tokens').all() as { hash: string }[];
    expect(rows).toHaveLength(1);
    expect(rows[0]!.hash).toBe(createHash('sha256').update(token).digest('hex'));
    expect(JSON.stringify(rows)).not.toContain(token);

    expect((await resolveToken(store, token, 'delivery', now))?.subject_id).toBe('m1');
    expect(await resolveToken(store, token, 'access', now)).toBeNull();
    expect(await resolveToken(store, `${token.slice(0, -1)}x`, 'delivery', now)).toBeNull();
    expect(await resolveToken(store, 'short', 'delivery', now)).toBeNull();
    expect(await resolveToken(store, token, 'delivery', now + 365 * DAY_MS)).toBeNull();
    await store.revokeSubject(user.id, 'm1', now);
    expect(await resolveToken(store, token, 'delivery', now)).toBeNull();
  });
});

describe('check-ins written at most once a minute', () => {
  it('a sync within a minute of the check-in this server recorded reads nothing; one later records it', async () => {
    const t = createTestApp();
    const reads = { n: 0 };
    const store = createSqliteAsyncReleaseStore(t.deps.db, createReleaseStore(t.deps.db));
    const counted: typeof store = { ...store, getState: (userId) => (reads.n++, store.getState(userId)) };
    const release = createReleaseService(t.deps, t.services.records, counted);
    const { user } = await signUp(t);
    await release.checkIn(user.id);
    const first = (await release.state(user.id)).lastCheckInAt;
    reads.n = 0;
    t.advance(30_000);
    for (let i = 0; i < 5; i++) await release.checkIn(user.id);
    expect(reads.n).toBe(0);
    t.advance(60_000);
    await release.checkIn(user.id);
    expect((await release.state(user.id)).lastCheckInAt).toBe(first + 90_000);
  });
});

describe('the test-only clock', () => {
  it('does not exist unless AFTERWORD_TEST_CLOCK=1', async () => {
    expect(testClockFromEnv({})).toBeNull();
    expect(testClockFromEnv({ AFTERWORD_TEST_CLOCK: 'true' })).toBeNull();
    const t = createTestApp();
    const res = await t.call('POST', '/api/test/clock', { advanceMs: DAY_MS });
    expect(res.status).toBe(404);
  });

  it('with AFTERWORD_TEST_CLOCK=1 moves the server clock forward and runs the scheduler', async () => {
    const clock = testClockFromEnv({ AFTERWORD_TEST_CLOCK: '1' })!;
    const base = createTestApp();
    const deps: AppDeps<Config> = { ...base.deps, now: clock.now };
    const services = createServices(deps);
    const fetch = clock.wrap(createApp(deps, services).fetch, services.scheduler);
    const before = clock.now();
    const res = await fetch(
      new Request('http://localhost/api/test/clock', { method: 'POST', body: JSON.stringify({ advanceMs: 3 * DAY_MS }) }),
    );
    expect(res.status).toBe(200);
    expect(clock.now() - before).toBeGreaterThanOrEqual(3 * DAY_MS);
    const bad = await fetch(new Request('http://localhost/api/test/clock', { method: 'POST', body: '{"advanceMs":-1}' }));
    expect(bad.status).toBe(400);
    // Everything else still reaches the app.
    expect((await fetch(new Request('http://localhost/api/release/status'))).status).toBe(401);
  });
});

describe('public link pages', () => {
  it('answer 404 with their own CSP, and are rate limited per IP', async () => {
    const t = createTestApp();
    const res = await t.call('GET', `/api/delivery/${'B'.repeat(43)}`);
    expect(res.status).toBe(404);
    expect(res.headers.get('content-security-policy')).toBe(PAGE_CSP);
    expect(res.headers.get('cache-control')).toBe('no-store');
    expect(await res.text()).toContain('<meta name="referrer" content="same-origin">');
    let status = 0;
    for (let i = 0; i < 130 && status !== 429; i++) status = (await t.call('GET', `/api/trustee/report/${'C'.repeat(43)}`)).status;
    expect(status).toBe(429);
  });
});
