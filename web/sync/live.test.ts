/**
 * Finding 6 of issue 14 (rule 19 of shared/sync/README.md): the server pokes an account's devices
 * over Server-Sent Events after a write, and they pull at once. The real app over a real SQLite
 * file behind a real HTTP listener; the engines' interval is an hour, so a pull can only come from
 * the poke.
 */
import { afterEach, describe, expect, it, vi } from 'vitest';
import { openOnDevice } from '../db/test-device';
import { createPokeHub } from '../../sync-server/live/poke-hub';
import { createSyncEngine, type SyncEngine } from './engine';
import { createTestApp, signedInTransport, type TestApp } from '../../sync-server/test/client-test-support';
import { httpLive, httpTransport, listen } from './test-live';

const trustee = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });
const cleanups: (() => Promise<void> | void)[] = [];
afterEach(async () => {
  for (const c of cleanups.splice(0).reverse()) await c();
});

async function served(t: TestApp) {
  const server = await listen(t.app);
  cleanups.push(server.close);
  return server.base;
}

describe('live updates (issue 14 finding 6)', () => {
  it("rule 19: a push by device A makes device B's engine pull because of the poke", async () => {
    const t = createTestApp();
    const { userId, cookie } = await signedInTransport(t);
    const base = await served(t);
    const transport = httpTransport(base, cookie);
    const a = await openOnDevice(userId, () => t.deps.now());
    const b = await openOnDevice(userId, () => t.deps.now());
    const seen = { pokes: 0 };
    let bPulls = 0;
    const countingTransport: typeof transport = (req, signal) => {
      bPulls++;
      return transport(req, signal);
    };
    const engines: SyncEngine[] = [];
    const engine = (db: typeof a, tr: typeof transport, live?: ReturnType<typeof httpLive>) => {
      const e = createSyncEngine({ db, transport: tr, env: { locks: null }, intervalMs: 3_600_000, debounceMs: 0, live });
      engines.push(e);
      return e;
    };
    cleanups.push(async () => {
      for (const e of engines) await e.stop();
    });
    const eb = engine(b, countingTransport, httpLive(base, cookie, seen));
    eb.start();
    await vi.waitFor(() => expect(eb.snapshot().status).toBe('synced'), { timeout: 5_000 });
    const pullsBefore = bPulls;
    const ea = engine(a, transport);
    await a.write('trustees', 'tr1', trustee('Ada'));
    await ea.syncNow();
    await vi.waitFor(async () => expect((await b.dexie.entities('trustees').get('tr1'))?.name).toBe('Ada'), { timeout: 5_000 });
    expect(seen.pokes).toBeGreaterThanOrEqual(1);
    expect(bPulls).toBeGreaterThan(pullsBefore);
  });

  it('rule 19: the stream needs a session, and a REST write pokes the account', async () => {
    const t = createTestApp();
    const { cookie } = await signedInTransport(t);
    const base = await served(t);
    expect((await fetch(`${base}/api/sync/events`)).status).toBe(401);
    const seen = { pokes: 0 };
    const opened = vi.fn();
    const close = httpLive(base, cookie, seen)({ onOpen: opened, onPoke: () => {}, onError: () => {} });
    cleanups.push(close);
    await vi.waitFor(() => expect(opened).toHaveBeenCalled(), { timeout: 5_000 });
    const res = await fetch(`${base}/api/trustees`, {
      method: 'POST',
      headers: { 'Content-Type': 'application/json', Cookie: cookie },
      body: JSON.stringify({ name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }),
    });
    expect(res.status).toBeLessThan(300);
    await vi.waitFor(() => expect(seen.pokes).toBe(1), { timeout: 5_000 });
  });

  it('rule 19: a pull that merged nothing pokes no one (no echo between devices)', async () => {
    const t = createTestApp();
    const { cookie } = await signedInTransport(t);
    const base = await served(t);
    const seen = { pokes: 0 };
    const opened = vi.fn();
    cleanups.push(httpLive(base, cookie, seen)({ onOpen: opened, onPoke: () => {}, onError: () => {} }));
    await vi.waitFor(() => expect(opened).toHaveBeenCalled(), { timeout: 5_000 });
    await httpTransport(base, cookie)({ protocol: 2, cursor: 0, changes: [] });
    await httpTransport(base, cookie)({ protocol: 2, cursor: 0, changes: [] });
    // A write after the pulls: its poke is the first one the stream sees.
    await fetch(`${base}/api/trustees`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }) });
    await vi.waitFor(() => expect(seen.pokes).toBe(1), { timeout: 5_000 });
  });

  it('rule 19: the hub keeps at most 10 connections per account, closing the oldest', () => {
    const hub = createPokeHub();
    const closed: number[] = [];
    const pokes: number[] = [];
    for (let i = 0; i < 12; i++) hub.add('u1', { poke: () => pokes.push(i), close: () => closed.push(i) });
    expect(closed).toEqual([0, 1]);
    expect(hub.count('u1')).toBe(10);
    hub.poke('u1');
    hub.poke('u2');
    expect(pokes).toEqual([2, 3, 4, 5, 6, 7, 8, 9, 10, 11]);
  });

  it('rule 19: a live connection that fails is reopened with backoff, and each (re)open pulls once', async () => {
    const t = createTestApp();
    const { userId, cookie } = await signedInTransport(t);
    const base = await served(t);
    const db = await openOnDevice(userId, () => t.deps.now());
    let attempts = 0;
    const real = httpLive(base, cookie);
    // The first two connections fail at once (a server restart, a dropped network); then the real stream.
    const flaky: Parameters<typeof createSyncEngine>[0]['live'] = (h) => {
      attempts++;
      if (attempts <= 2) {
        queueMicrotask(() => h.onError());
        return () => {};
      }
      return real(h);
    };
    let pulls = 0;
    const transport = httpTransport(base, cookie);
    const engine = createSyncEngine({ db, transport: (r, s) => (pulls++, transport(r, s)), env: { locks: null }, intervalMs: 3_600_000, maxBackoffMs: 40, live: flaky });
    cleanups.push(() => engine.stop());
    engine.start();
    await vi.waitFor(() => expect(attempts).toBe(3), { timeout: 5_000 });
    await vi.waitFor(() => expect(pulls).toBeGreaterThanOrEqual(2), { timeout: 5_000 }); // start, then the open
    await fetch(`${base}/api/trustees`, { method: 'POST', headers: { 'Content-Type': 'application/json', Cookie: cookie }, body: JSON.stringify({ name: 'Sam', email: 'sam@example.com', accessLevel: 'full' }) });
    await vi.waitFor(async () => expect(await db.dexie.entities('trustees').count()).toBe(1), { timeout: 5_000 });
  });
});
