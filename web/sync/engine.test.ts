import { describe, expect, it, vi } from 'vitest';
import type { RejectedChange } from '../../shared/sync/protocol';
import { materialize } from '../../shared/sync/record';
import { newDeviceIndexedDb, openOnDevice } from '../db/test-device';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine, type SyncEngineOptions, type SyncSnapshot } from './engine';
import { appTransport, createTestApp, serverRecords, signedInTransport, type TestApp } from '../../sync-server/test/client-test-support';
import { otherTabLocks } from './test-locks';
import { SyncHttpError, type Transport } from './transport';

const trustee = (name: string) => ({ name, email: `${name.toLowerCase()}@example.com`, accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' });

async function setup() {
  const t = createTestApp();
  const account = await signedInTransport(t);
  const device = (skew = 0) => openOnDevice(account.userId, () => t.deps.now() + skew);
  return { t, ...account, device };
}

/** An engine with no timers of consequence (runs are driven by syncNow), recording its states. */
function engineFor(db: UserDatabase, transport: Transport, extra: Partial<SyncEngineOptions> = {}) {
  const states: SyncSnapshot[] = [];
  const rejected: RejectedChange[] = [];
  const engine = createSyncEngine({
    db,
    transport,
    env: { locks: null },
    intervalMs: 3_600_000,
    onState: (s) => states.push({ ...s }),
    onRejected: (r) => rejected.push(...r),
    ...extra,
  });
  return { engine, states, rejected };
}

async function table<C extends 'trustees' | 'deathPlan'>(db: UserDatabase, name: C) {
  return (await db.dexie.entities(name).toArray()).sort((a, b) => (a.id < b.id ? -1 : 1));
}

describe('sync engine against the real server', () => {
  it('rules 10–11: bad changes are rejected alone, the rest is accepted, and the outbox moves on', async () => {
    const { device, transport, userId } = await setup();
    const db = await device();
    await db.write('trustees', 'good-1', trustee('Ada'));
    // A bad value also written locally, so the rejection must restore the field (rule 11).
    await db.write('trustees', 'good-2', trustee('Bob'));
    const badHlc = db.clock.tick();
    await db.dexie.transaction('rw', db.allTables(), async () => {
      const state = await db.readState('trustees', 'good-2');
      await db.storeState('trustees', 'good-2', { values: { ...state.values, name: 42 }, clocks: { ...state.clocks, name: badHlc } });
      await db.dexie.outbox.bulkAdd([
        { collection: 'trustees', id: 'good-2', hlc: badHlc, fields: { name: 42 } },
        { collection: 'trustees', id: 'x1', hlc: db.clock.tick(), fields: { favouriteColour: 'blue' } },
        { collection: 'messages', id: 'm1', hlc: db.clock.tick(), fields: { messageContent: 'x'.repeat(30_000) } },
      ]);
    });
    await db.write('trustees', 'good-3', trustee('Cy'));
    const { engine, rejected, states } = engineFor(db, transport);
    await engine.syncNow();
    expect(rejected.map((r) => r.reason)).toEqual([
      expect.stringMatching(/trustees\.name/),
      expect.stringMatching(/trustees\.favouriteColour: unknown field/),
      expect.stringMatching(/messages\.messageContent/),
    ]);
    expect(await db.dexie.outbox.count()).toBe(0);
    expect(states.at(-1)?.status).toBe('synced');
    expect((await db.dexie.entities('trustees').get('good-2'))?.name).toBe('Bob');
    const onServer = (await serverRecords(transport)).filter((r) => r.collection === 'trustees');
    expect(onServer.map((r) => r.id).sort()).toEqual(['good-1', 'good-2', 'good-3']);
    expect(materialize('trustees', 'good-2', onServer.find((r) => r.id === 'good-2')!, userId)?.name).toBe('Bob');
  });

  it('rule 11: two rejected changes of one record carry its state once, and both fields are restored from it', async () => {
    const { device, transport } = await setup();
    const db = await device();
    await db.write('trustees', 'tr', trustee('Ada'));
    await engineFor(db, transport).engine.syncNow();
    const [h1, h2] = [db.clock.tick(), db.clock.tick()];
    await db.dexie.transaction('rw', db.allTables(), async () => {
      const state = await db.readState('trustees', 'tr');
      await db.storeState('trustees', 'tr', {
        values: { ...state.values, name: 42, email: 'not an address' },
        clocks: { ...state.clocks, name: h1, email: h2 },
      });
      await db.dexie.outbox.bulkAdd([
        { collection: 'trustees', id: 'tr', hlc: h1, fields: { name: 42 } },
        { collection: 'trustees', id: 'tr', hlc: h2, fields: { email: 'not an address' } },
      ]);
    });
    const { engine, rejected } = engineFor(db, transport);
    await engine.syncNow();
    expect(rejected.map((r) => r.record !== null)).toEqual([true, false]); // issue #15: the state once
    const local = await db.dexie.entities('trustees').get('tr');
    expect({ name: local?.name, email: local?.email }).toEqual({ name: 'Ada', email: trustee('Ada').email });
    expect(await db.dexie.outbox.count()).toBe(0);
  });

  it("issue #3 done-when: two devices of one account, one offline for a while, both edit, reconnect and end identical", async () => {
    const { t, device, transport, userId } = await setup();
    const a = await device(-40_000);
    const b = await device(25_000);
    let aOnline = true;
    const aTransport: Transport = (req, signal) => (aOnline ? transport(req, signal) : Promise.reject(new TypeError('Failed to fetch')));
    const ea = engineFor(a, aTransport, { maxBackoffMs: 10 });
    const eb = engineFor(b, transport);
    await a.write('deathPlan', userId, { location: 'Hill', musicSelections: ['Song A'], createdAt: '2026-11-21T12:00:00.000Z' });
    await a.write('trustees', 'tr', trustee('Ada'));
    await ea.engine.syncNow();
    await eb.engine.syncNow();
    expect(await table(b, 'deathPlan')).toEqual(await table(a, 'deathPlan'));

    aOnline = false;
    t.advance(60_000);
    await a.write('deathPlan', userId, { location: 'Sea', musicSelections: ['Song A', 'Song B'] });
    await a.write('trustees', 'tr', { phone: '123' });
    await a.write('trustees', 'a-only', trustee('Anna'));
    await ea.engine.syncNow();
    expect(ea.states.at(-1)).toMatchObject({ status: 'error', lastError: 'Cannot reach the server' });
    expect(await a.pendingCount()).toBe(3);
    t.advance(30_000);
    await b.write('deathPlan', userId, { location: 'Forest', musicSelections: ['Song A', 'Song C'], obituary: 'A life' });
    await b.write('trustees', 'tr', { _deleted: true });
    await eb.engine.syncNow();

    aOnline = true;
    for (let i = 0; i < 2; i++) {
      await ea.engine.syncNow();
      await eb.engine.syncNow();
    }
    const plan = (await table(a, 'deathPlan'))[0]!;
    expect(plan.location).toBe('Forest'); // b wrote later (greater HLC)
    expect(plan.musicSelections.slice().sort()).toEqual(['Song A', 'Song B', 'Song C']); // rule 6
    expect(plan.obituary).toBe('A life');
    expect(await table(a, 'trustees')).toEqual(await table(b, 'trustees'));
    expect((await table(a, 'trustees')).map((r) => r.id)).toEqual(['a-only']); // rule 5: delete wins over the edit
    expect(await table(a, 'deathPlan')).toEqual(await table(b, 'deathPlan'));
    expect(await a.dexie.fieldState.toArray()).toEqual(await b.dexie.fieldState.toArray());
    expect(await a.pendingCount()).toBe(0);
  });

  it('rule 13: a pulled record never overwrites a newer local field that is not yet pushed', async () => {
    const { t, device, transport, userId } = await setup();
    const a = await device();
    const b = await device();
    await a.write('deathPlan', userId, { location: 'Old', specialRequests: 'None', createdAt: '2026-11-21T12:00:00.000Z' });
    await engineFor(a, transport).engine.syncNow();
    t.advance(1_000);
    await b.write('deathPlan', userId, { location: 'Mine' }); // unpushed, newer than a's
    const pulled = await serverRecords(transport);
    const { applyResponse } = await import('./apply-response');
    await applyResponse(b, { accepted: [], rejected: [], records: pulled, cursor: 0, hasMore: false, serverTime: Date.now() });
    const plan = await b.dexie.entities('deathPlan').get(userId);
    expect(plan).toMatchObject({ location: 'Mine', specialRequests: 'None' });
    expect(await b.pendingCount()).toBe(1);
  });

  it('a 401 pauses syncing, asks for sign-in and keeps the outbox; resume() continues', async () => {
    const { t, device, cookie } = await setup();
    const db = await device();
    await db.write('trustees', 't1', trustee('Ada'));
    let signedIn = false;
    const transport: Transport = (req) => (signedIn ? appTransport(t, cookie)(req) : appTransport(t, 'session=nope')(req));
    const unauthorized = vi.fn();
    const { engine, states } = engineFor(db, transport, { onUnauthorized: unauthorized });
    await engine.syncNow();
    expect(states.at(-1)?.status).toBe('needs-sign-in');
    expect(unauthorized).toHaveBeenCalledTimes(1);
    expect(await db.pendingCount()).toBe(1);
    await engine.syncNow(); // paused: nothing sent
    expect(await db.pendingCount()).toBe(1);
    signedIn = true;
    engine.resume();
    await vi.waitFor(async () => expect(await db.pendingCount()).toBe(0));
    expect(states.at(-1)?.status).toBe('synced');
  });

  it('rule 14: a 426 stops syncing with update-required', async () => {
    const { device } = await setup();
    const db = await device();
    await db.write('trustees', 't1', trustee('Ada'));
    const transport: Transport = () => Promise.reject(new SyncHttpError(426, 'This version of Afterword is out of date.'));
    const { engine, states } = engineFor(db, transport);
    await engine.syncNow();
    expect(states.at(-1)).toMatchObject({ status: 'update-required' });
    expect(await db.pendingCount()).toBe(1);
  });

  it('failures are retried with backoff until the server answers; local writes trigger a debounced sync', async () => {
    const { device, transport } = await setup();
    const db = await device();
    let failuresLeft = 3;
    let calls = 0;
    const flaky: Transport = (req, signal) => {
      calls++;
      return failuresLeft-- > 0 ? Promise.reject(new SyncHttpError(503, 'Busy')) : transport(req, signal);
    };
    const { engine, states } = engineFor(db, flaky, { maxBackoffMs: 20, debounceMs: 5 });
    engine.start();
    await db.write('trustees', 't1', trustee('Ada'));
    await vi.waitFor(async () => expect(await db.pendingCount()).toBe(0), { timeout: 5_000 });
    expect(calls).toBeGreaterThanOrEqual(4);
    expect(states).toContainEqual(expect.objectContaining({ status: 'error', lastError: 'The server had a problem; retrying' })); // never the server's raw text (issue 14 finding 7)
    await vi.waitFor(() => expect(engine.snapshot().status).toBe('synced'));
    await db.write('trustees', 't2', trustee('Bo'));
    await vi.waitFor(async () => expect(await db.pendingCount()).toBe(0), { timeout: 5_000 });
    await engine.stop();
  });

  it('one tab at a time: while another tab holds the Web Lock, this tab does not sync', async () => {
    const { transport, userId, t } = await setup();
    const deviceDb = newDeviceIndexedDb();
    const db = await openOnDevice(userId, () => t.deps.now(), deviceDb);
    await db.write('trustees', 't1', trustee('Ada'));
    const { locks, requested, release } = otherTabLocks();
    let calls = 0;
    const counting: Transport = (req) => {
      calls++;
      return transport(req);
    };
    const { engine } = engineFor(db, counting, { env: { locks } });
    await engine.syncNow();
    expect(requested).toEqual([`afterword-sync-${userId}`]);
    expect(calls).toBe(0);
    release();
    await vi.waitFor(async () => expect(await db.pendingCount()).toBe(0), { timeout: 5_000 });
    await engine.stop();
  });
});
