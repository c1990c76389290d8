/**
 * Seeded fuzz of the whole sync loop: three devices of one account (Dexie over their own
 * fake-indexeddb) and the REAL server (createApp over a temp SQLite file). A seeded PRNG drives
 * offline edits (same field on two devices, different fields, list items on both sides, delete
 * against edit, the singleton plan created on several devices) and sync rounds whose requests
 * and responses are dropped, duplicated, delayed and reordered, with disconnects. At the end
 * everyone syncs until quiet; then every device and the server hold identical data, and no
 * acknowledged write is lost (rules 4–6, 11, 13). Meanwhile a fourth client, a hostile account on
 * the same server, pushes garbage (issue #15): it never changes the outcome for the honest three.
 * Odd seeds run on a sealed account (rules 24–27: sealed pushes, opened pulls; the server's
 * values are compared opened; no field may fail to open); `FUZZ_SEALED=1` seals every seed.
 * `FUZZ_RUNS=n` runs n seeds; `FUZZ_SEED=s` one.
 */
import { describe, expect, it } from 'vitest';
import { ACCESS_LEVELS } from '../../shared/schema/trustee';
import { FUNERAL_TYPES } from '../../shared/schema/death-plan';
import { COLLECTIONS } from '../../shared/schema/collections';
import type { Change } from '../../shared/sync/change';
import type { ServerRecord, SyncResponse } from '../../shared/sync/protocol';
import { formatHlc } from '../../shared/sync/hlc';
import { materialize } from '../../shared/sync/record';
import { openOnDevice } from '../db/test-device';
import type { UserDatabase } from '../db/user-database';
import { nextRequest, receiveResponse } from './apply-response';
import type { SyncKeys } from './sealing';
import { openRecords, sealAccount, type AccountSealing } from './test-sealed';
import { createSyncEngine } from './engine';
import { createPgTestApp, usePgDatabase } from '../../sync-server/test/pg-test-support';
import { accountTemplate, pgFuzzServer, serverRecords } from '../../sync-server/test/client-test-support';

/** Seeds that once failed: permanent cases, always run. */
/** 36, 43, 66, 103: a refused create left an empty record materialised on the device (fixed in storeState). */
const KEPT_SEEDS: number[] = [36, 43, 66, 103];
const RUNS = Number(process.env.FUZZ_RUNS ?? 200);
const ONLY = process.env.FUZZ_SEED === undefined ? null : Number(process.env.FUZZ_SEED);
const CONCURRENCY = 8;

/** mulberry32: a tiny seeded PRNG. */
function prng(seed: number) {
  let a = seed >>> 0;
  const next = () => {
    a = (a + 0x6d2b79f5) | 0;
    let t = Math.imul(a ^ (a >>> 15), 1 | a);
    t = (t + Math.imul(t ^ (t >>> 7), 61 | t)) ^ t;
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  };
  return {
    next,
    int: (n: number) => Math.floor(next() * n),
    pick: <T>(xs: readonly T[]): T => xs[Math.floor(next() * xs.length)]!,
    chance: (p: number) => next() < p,
  };
}

interface Device {
  db: UserDatabase;
  /** A sealed account's keys on this device (rules 24–27), else undefined. */
  keys?: SyncKeys;
  /** Offset of this device's wall clock from the server's (ms). */
  skew: number;
  online: boolean;
  /** Responses held back, to be applied later and out of order. */
  delayed: SyncResponse[];
}

const TRUSTEE_IDS = ['t0', 't1', 't2'];
const NAMES = ['Ada', 'Bo', 'Cy', 'Di'];
const PLACES = ['Hill', 'Sea', 'Forest', null];
const SONGS = ['Air', 'Blue', 'Calm', 'Dawn', 'Echo'];

type Template = Awaited<ReturnType<typeof accountTemplate>>;
type Prng = ReturnType<typeof prng>;

/**
 * The fourth client (issue #15): a HOSTILE account on the same server pushes garbage: a clock
 * 4 minutes ahead with counter zzzy, partial records under the honest account's ids, `constructor`
 * fields, deep nesting, control characters, oversized lists, another account's outbox. Each push
 * must be answered without a 5xx; none of it may touch the honest account's convergence.
 */
async function attack(send: (body: unknown) => Promise<Response>, r: Prng, ctx: { honestUserId: string; now: number }) {
  const hlc = (ahead = 0, counter = r.int(1000)) => formatHlc({ ms: ctx.now + ahead, counter, node: 'hostile' });
  const name = r.pick(NAMES);
  let deep: unknown = 'x';
  for (let i = 0; i < 60; i++) deep = [deep];
  const garbage = [
    () => ({ collection: 'trustees', id: r.pick(TRUSTEE_IDS), hlc: hlc(4 * 60_000, 36 ** 4 - 2), fields: { name, email: 'x@example.com', accessLevel: 'full', createdAt: new Date(ctx.now).toISOString() } }),
    () => ({ collection: 'trustees', id: r.pick(TRUSTEE_IDS), hlc: hlc(), fields: { name } }),
    () => ({ collection: 'deathPlan', id: ctx.honestUserId, hlc: hlc(), fields: { location: 'Hijacked' } }),
    () => ({ collection: 'trustees', id: r.pick(TRUSTEE_IDS), hlc: hlc(), fields: { constructor: 'x', toString: 1 } }),
    () => ({ collection: 'trustees', id: r.pick(TRUSTEE_IDS), hlc: hlc(), fields: { name: deep } }),
    () => ({ collection: 'trustees', id: r.pick(TRUSTEE_IDS), hlc: hlc(), fields: { name: `${name}\nClick https://evil.example` } }),
    () => ({ collection: 'trustees', id: r.pick(TRUSTEE_IDS), hlc: hlc(), fields: { _deleted: true } }),
    () => ({ collection: 'deathPlan', id: 'x', hlc: hlc(), fields: Object.fromEntries(Array.from({ length: 250 }, (_, i) => [`musicSelections/i${i}`, { text: 'Song', pos: i }])) }),
    () => r.pick([null, 42, 'change', { collection: 'spells' }, { collection: 'trustees', id: '../../etc', hlc: 'now', fields: {} }]),
  ];
  const changes = Array.from({ length: 1 + r.int(6) }, () => r.pick(garbage)());
  const body = { protocol: 2, cursor: r.int(5), changes, ...(r.chance(0.1) ? { account: ctx.honestUserId } : {}) };
  const res = await send(body);
  expect(res.status, `hostile push answered ${res.status}`).toBeLessThan(500);
}

async function runSeed(seed: number, template: Pick<Template, 'userId' | 'fresh'>, templateSealing?: AccountSealing): Promise<void> {
  const r = prng(seed);
  const { userId } = template;
  const { t, transport, hostile, close } = template.fresh();
  const sealing = templateSealing?.on(t.services.keys, t.deps.now); // the keys in this server's copy of the file
  const devices: Device[] = [];
  for (let i = 0; i < 3; i++) {
    const d: Device = { db: null as never, skew: r.int(240_000) - 120_000, online: true, delayed: [] }; // within ±2 min
    d.db = await openOnDevice(userId, () => t.deps.now() + d.skew);
    d.keys = await sealing?.keysFor();
    devices.push(d);
  }
  const written = new Map<string, Change>();
  const acknowledged = new Set<string>();
  /** Changes refused because their device's clock ran > 5 min ahead (rule 3): restored, not kept. */
  const refused = new Set<string>();
  const track = (res: SyncResponse) => {
    for (const h of res.accepted) acknowledged.add(h);
    for (const rej of res.rejected) {
      expect(rej.reason, `seed ${seed}: only clock drift is refused`).toMatch(/ahead/);
      refused.add(rej.hlc);
    }
    return res;
  };

  const write = async (d: Device, collection: Change['collection'], id: string, patch: Record<string, unknown>) => {
    const change = await d.db.write(collection, id, patch);
    if (change) written.set(change.hlc, change);
  };
  /** Like the app (web/db/api.ts): an edit of a record the device does not hold is a whole create. */
  const hasLocally = async (d: Device, collection: 'trustees' | 'deathPlan', id: string) =>
    (await d.db.dexie.entities(collection).get(id)) !== undefined;
  const createdAt = () => new Date(t.deps.now()).toISOString();
  const wholeTrustee = () => ({
    name: r.pick(NAMES),
    email: `${r.pick(NAMES).toLowerCase()}@example.com`,
    accessLevel: r.pick(ACCESS_LEVELS),
    createdAt: createdAt(),
  });
  const send = async (d: Device) => {
    const request = await nextRequest(d.db, d.keys);
    return track(await transport(request));
  };

  /** One sync round through a faulty network. */
  const faultyRound = async (d: Device) => {
    if (!d.online || r.chance(0.1)) return; // disconnected, or the request is lost
    const res = await send(d);
    if (r.chance(0.1)) await send(d); // the request is sent twice
    const fate = r.next();
    if (fate < 0.15) return; // the response is lost
    if (fate < 0.35) {
      d.delayed.push(res); // arrives later, out of order
      return;
    }
    await receiveResponse(d.db, d.keys, res);
    if (fate < 0.5) await receiveResponse(d.db, d.keys, res); // delivered twice
  };
  const deliverDelayed = async (d: Device, all: boolean) => {
    while (d.delayed.length) {
      const [res] = d.delayed.splice(r.int(d.delayed.length), 1);
      await receiveResponse(d.db, d.keys, res!);
      if (!all) return;
    }
  };

  const steps = 30 + r.int(30);
  for (let step = 0; step < steps; step++) {
    t.advance(r.int(3000));
    const d = r.pick(devices);
    const op = r.next();
    if (r.chance(0.25)) await attack(hostile, r, { honestUserId: userId, now: t.deps.now() });
    if (op < 0.2) {
      const create = (await hasLocally(d, 'deathPlan', userId)) ? {} : { createdAt: createdAt() };
      await write(d, 'deathPlan', userId, { ...create, ...r.pick([
        { location: r.pick(PLACES) },
        { funeralType: r.pick(FUNERAL_TYPES) },
        { completed: r.chance(0.5) },
        { specialRequests: r.pick(NAMES), location: r.pick(PLACES) },
      ]) });
    } else if (op < 0.35) {
      const plan = await d.db.dexie.entities('deathPlan').get(userId);
      const list = [...(plan?.musicSelections ?? [])];
      if (list.length && r.chance(0.35)) list.splice(r.int(list.length), 1);
      else list.splice(r.int(list.length + 1), 0, `${r.pick(SONGS)} ${r.int(100)}`);
      await write(d, 'deathPlan', userId, { ...(plan ? {} : { createdAt: createdAt() }), musicSelections: list });
    } else if (op < 0.45) {
      await write(d, 'trustees', r.pick(TRUSTEE_IDS), wholeTrustee());
    } else if (op < 0.58) {
      const id = r.pick(TRUSTEE_IDS);
      const edit = r.chance(0.5) ? { name: r.pick(NAMES) } : { accessLevel: r.pick(ACCESS_LEVELS) };
      await write(d, 'trustees', id, (await hasLocally(d, 'trustees', id)) ? edit : { ...wholeTrustee(), ...edit });
    } else if (op < 0.64) {
      await write(d, 'trustees', r.pick(TRUSTEE_IDS), { _deleted: true });
    } else if (op < 0.68) {
      await write(d, 'profile', userId, { beliefs: r.pick(NAMES) });
    } else if (op < 0.9) {
      await faultyRound(d);
    } else if (op < 0.95) {
      await deliverDelayed(d, false);
    } else if (op < 0.96) {
      d.skew += 7 * 60_000; // the device's clock jumps ahead: its writes are now refused (rule 3)
    } else {
      d.online = !d.online;
    }
  }

  // Everyone reconnects, late responses arrive, then each device syncs with the real engine until quiet.
  for (const d of devices) {
    d.online = true;
    await deliverDelayed(d, true);
  }
  for (let pass = 0; pass < 2; pass++) {
    for (const d of devices) {
      const engine = createSyncEngine({ db: d.db, transport: async (req) => track(await transport(req)), keys: d.keys, env: { locks: null }, onClockErrors: () => {} });
      await engine.syncNow();
      expect(engine.snapshot().status, `seed ${seed}: final sync`).toBe('synced');
      await engine.stop();
    }
  }

  const server = await openRecords(sealing, userId, await serverRecords(transport)); // a sealed account's opened values
  for (const d of devices) expect(await d.db.dexie.sealErrors.count(), `seed ${seed}: every field opened`).toBe(0);
  const serverState = new Map(server.map((rec) => [`${rec.collection}/${rec.id}`, rec] as const));
  const expected: Record<string, unknown[]> = {};
  for (const c of COLLECTIONS) {
    expected[c] = server
      .filter((rec) => rec.collection === c)
      .map((rec) => materialize(c, rec.id, rec, userId))
      .filter((e) => e !== null)
      .sort((a, b) => (a.id < b.id ? -1 : 1));
  }
  for (const [i, d] of devices.entries()) {
    expect(await d.db.pendingCount(), `seed ${seed}: device ${i} outbox empty`).toBe(0);
    for (const c of COLLECTIONS) {
      const local = (await d.db.dexie.entities(c).toArray()).sort((a, b) => (a.id < b.id ? -1 : 1));
      expect(local, `seed ${seed}: device ${i} ${c} equals the server's`).toEqual(expected[c]);
    }
    for (const row of await d.db.dexie.fieldState.toArray()) {
      const rec = serverState.get(`${row.collection}/${row.id}`);
      expect({ values: row.values, clocks: row.clocks }, `seed ${seed}: device ${i} state of ${row.collection}/${row.id}`).toEqual({
        values: rec?.values,
        clocks: rec?.clocks,
      });
    }
  }
  // Nothing lost: every local write was acknowledged, and each acknowledged field is on the
  // server, or superseded by a write with a greater HLC.
  for (const [hlc, change] of written) {
    if (refused.has(hlc)) continue;
    expect(acknowledged.has(hlc), `seed ${seed}: change ${hlc} acknowledged`).toBe(true);
    const rec = serverState.get(`${change.collection}/${change.id}`) as ServerRecord;
    for (const [field, value] of Object.entries(change.fields)) {
      const clock = rec.clocks[field]!;
      expect(clock >= hlc, `seed ${seed}: ${change.collection}.${field} of ${hlc} kept or superseded`).toBe(true);
      if (clock === hlc) expect(rec.values[field]).toEqual(value);
    }
  }
  for (const d of devices) d.db.close();
  close();
}

/** Rules 24–27: odd seeds run on a sealed account (FUZZ_SEALED=1: every seed). */
const isSealedSeed = (seed: number) => process.env.FUZZ_SEALED !== undefined || seed % 2 === 1;

async function runAll(seeds: number[]) {
  const template = await accountTemplate();
  let sealing: AccountSealing | undefined;
  const sealedTemplate = await accountTemplate({ prepare: async (t, userId, transport) => void (sealing = await sealAccount(t, userId, transport)) });
  const failures: string[] = [];
  let next = 0;
  await Promise.all(
    Array.from({ length: CONCURRENCY }, async () => {
      while (next < seeds.length) {
        const seed = seeds[next++]!;
        const run = isSealedSeed(seed) ? runSeed(seed, sealedTemplate, sealing) : runSeed(seed, template);
        await run.catch((err: unknown) => failures.push(`seed ${seed}${isSealedSeed(seed) ? ' (sealed)' : ''}: ${(err as Error).message}`));
      }
    }),
  );
  expect(failures).toEqual([]);
}

/**
 * Issue #19: the same fuzz against TWO app instances on ONE PostgreSQL, every request sent to
 * either at random (seeded); `FUZZ_PG_RUNS=n` seeds (default 8), one fresh account each.
 */
describe('sync fuzz on PostgreSQL: two instances on one database, each request to either', () => {
  const pgdb = usePgDatabase();
  const seeds = ONLY !== null ? [ONLY] : Array.from({ length: Number(process.env.FUZZ_PG_RUNS ?? 8) }, (_, i) => i + 1);
  it(`${seeds.length} seeds`, { timeout: 60_000 + seeds.length * 5_000 }, async () => {
    const clock = { at: Date.UTC(2026, 10, 21, 12), now: () => clock.at, advance: (ms: number) => void (clock.at += ms) };
    const secret = 'fuzz-session-secret-shared-by-both-instances-0123';
    const apps = [await createPgTestApp(pgdb.url, { sessionSecret: secret, clock }), await createPgTestApp(pgdb.url, { sessionSecret: secret, clock })];
    const failures: string[] = [];
    try {
      for (const seed of seeds) {
        const server = await pgFuzzServer(apps, prng(seed ^ 0x5eed).next);
        await runSeed(seed, server).catch((err: unknown) => failures.push(`seed ${seed}: ${(err as Error).message}`));
      }
    } finally {
      for (const a of apps) await a.pool.end();
    }
    expect(failures).toEqual([]);
  });
});

describe('sync fuzz: three devices and the real server converge and lose nothing, beside a hostile account', () => {
  const seeds = ONLY !== null ? [ONLY] : [...KEPT_SEEDS, ...Array.from({ length: RUNS }, (_, i) => i + 1)];
  it(`${seeds.length} seeds`, { timeout: 60_000 + seeds.length * 5_000 }, async () => {
    await runAll(seeds);
  });
});
