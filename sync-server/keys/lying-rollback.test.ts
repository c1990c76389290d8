/**
 * A server that lies in its sync answers (issue 39 "No back door", attack 5: rollback): the app's
 * own registration, sign-in, key session and sync engine over fake-indexeddb, against the real Hono
 * app over a real SQLite file, with every `POST /api/sync` answer rewritten by the test the way a
 * lying server would: an envelope the owner replaced served again with its own old HLC, and a
 * record hidden by a plain `_deleted: true` the owner never wrote. On the device that saw the newer
 * state and on a new device: nothing merges over good data, and the person is told (the sync
 * status names the screen; shared/crypto/freshness.ts, shared/sync/README.md rule 29).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { derivePasswordKeys } from '../../shared/crypto/kdf';
import type { ServerRecord, SyncResponse } from '../../shared/sync/protocol';
import { openOnDevice } from '../../web/db/test-device';
import type { UserDatabase } from '../../web/db/user-database';
import { registerAccount, signInAccount } from '../../web/features/keys/account-flows';
import { createDeviceKeyStore } from '../../web/features/keys/device-key-store';
import { createKeySession } from '../../web/features/keys/key-session';
import type { Api } from '../../web/features/keys/sign-in';
import { createSyncEngine, type SyncSnapshot } from '../../web/sync/engine';
import { appTransport } from '../test/client-test-support';
import { createTestApp, type TestApp } from '../test/test-support';
import { testBrowser } from '../test/test-browser';

const PASSWORD = 'Rollback-Password-Tapir 4';

/** How the lying server rewrites the records of every sync answer (the real answer's records in, the served ones out). */
type Rewrite = (records: ServerRecord[]) => ServerRecord[];

/** One device of the account on `t`: its key session, database and a sync whose answers `lie` rewrites. */
function device(t: TestApp) {
  const browser = testBrowser(t);
  const api: Api = (path, init) => browser.api(path, init);
  const deps = { api, device: createDeviceKeyStore(`dk-${Math.random()}`), derive: derivePasswordKeys };
  const session = createKeySession(deps);
  let db: UserDatabase | null = null;
  const flows = { ...deps, session: () => session.getState(), openDb: async (userId: string) => (db ??= await openOnDevice(userId, () => t.deps.now())) };
  const seen: ServerRecord[] = [];
  let lie: Rewrite | null = null;
  const sync = async (): Promise<SyncSnapshot> => {
    const inner = appTransport(t, browser.cookie());
    const transport = async (...args: Parameters<typeof inner>): Promise<SyncResponse> => {
      const res = await inner(...args);
      seen.push(...structuredClone(res.records));
      return lie ? { ...res, records: lie(res.records) } : res;
    };
    const engine = createSyncEngine({ db: db!, transport, keys: session.getState().syncKeys() ?? undefined, env: { locks: null }, intervalMs: 3_600_000, onKept: () => {}, onRejected: () => {}, onClockErrors: () => {} });
    await engine.syncNow();
    await engine.stop();
    return engine.snapshot();
  };
  return { flows, sync, db: () => db!, seen, setLie: (l: Rewrite | null) => (lie = l) };
}

/** The newest state of `collection/id` the real server sent `d` so far. */
const lastSeen = (d: ReturnType<typeof device>, collection: string, id: string) => structuredClone(d.seen.filter((r) => r.collection === collection && r.id === id).at(-1)!);

/** An HLC later than every clock of `record`, as a server minting its own would write it. */
function laterThan(record: ServerRecord): string {
  const newest = Object.values(record.clocks).sort().at(-1)!;
  return `${String(Number(newest.slice(0, 15)) + 1000).padStart(15, '0')}-0000-5e5e5e5e5e5e5e5e`;
}

/** A sealed account made on device `a`, its plan written twice (`Old place`, then `New place`) and a document written, each synced. */
async function accountWithHistory(t: TestApp) {
  const a = device(t);
  const username = `tapir_${Math.random().toString(36).slice(2, 8)}`;
  const { user } = await registerAccount(a.flows, { firstName: 'Ada', lastName: 'Byron', email: `${username}@example.com`, username }, PASSWORD);
  await a.db().write('deathPlan', user.id, { location: 'Old place', createdAt: '2026-11-29T04:00:00.000Z' });
  expect((await a.sync()).status).toBe('synced');
  const oldPlan = lastSeen(a, 'deathPlan', user.id);
  await a.db().write('deathPlan', user.id, { location: 'New place' });
  await a.db().write('documents', 'will', { documentType: 'will', documentName: 'The will', documentUrl: null, createdAt: '2026-11-29T04:00:00.000Z' });
  expect((await a.sync()).status).toBe('synced');
  expect(await a.db().dexie.entities('deathPlan').get(user.id)).toMatchObject({ location: 'New place' });
  return { a, user, username, oldPlan };
}

/** A new device of the account, signed in through the app (its keys opened with the password). */
async function newDevice(t: TestApp, username: string, userId: string) {
  const b = device(t);
  await signInAccount(b.flows, username, PASSWORD);
  await b.flows.openDb(userId);
  return b;
}

/** The fields `db` refused and why (its `sealErrors`), as `collection/id/field: kind`. */
const refusals = async (db: UserDatabase) => (await db.dexie.sealErrors.toArray()).map((r) => `${r.collection}/${r.id}/${r.field}: ${r.error}`).sort();

describe('a lying server cannot roll back or hide what the owner wrote', () => {
  it('an old envelope served with its own old HLC: the device that saw the newer value and a new device refuse it and say so', async () => {
    const t = createTestApp();
    const { a, user, username, oldPlan } = await accountWithHistory(t);
    /** The real plan, its `location` replaced by the envelope of `Old place` with that envelope's own HLC. */
    const replay: Rewrite = (records) => {
      const now = lastSeen(a, 'deathPlan', user.id);
      const rolled = { ...now, values: { ...now.values, location: oldPlan.values.location }, clocks: { ...now.clocks, location: oldPlan.clocks.location! } };
      return [...records.filter((r) => r.collection !== 'deathPlan'), rolled];
    };
    expect(oldPlan.clocks.location! < lastSeen(a, 'deathPlan', user.id).clocks.location!).toBe(true);

    a.setLie(replay);
    const seenBy = await a.sync();
    expect(await a.db().dexie.entities('deathPlan').get(user.id)).toMatchObject({ location: 'New place' });
    expect(await refusals(a.db())).toEqual([`deathPlan/${user.id}/location: rolled-back`]);
    expect(seenBy.unopened).toMatch(/Death plan/);

    const b = await newDevice(t, username, user.id);
    b.setLie(replay);
    const fresh = await b.sync();
    expect((await b.db().dexie.entities('deathPlan').get(user.id))?.location).not.toBe('Old place');
    expect(await refusals(b.db())).toEqual([`deathPlan/${user.id}/location: rolled-back`]);
    expect(fresh.unopened).toMatch(/Death plan/);
  });

  it('a record hidden by a plain `_deleted: true` the owner never wrote: both devices keep it and say so', async () => {
    const t = createTestApp();
    const { a, user, username } = await accountWithHistory(t);
    const hide: Rewrite = (records) => {
      const now = lastSeen(a, 'documents', 'will');
      const hidden = { ...now, values: { ...now.values, _deleted: true }, clocks: { ...now.clocks, _deleted: laterThan(now) } };
      return [...records.filter((r) => r.collection !== 'documents'), hidden];
    };

    a.setLie(hide);
    const seenBy = await a.sync();
    expect(await a.db().dexie.entities('documents').get('will')).toMatchObject({ documentName: 'The will' });
    expect(await refusals(a.db())).toEqual(['documents/will/_deleted: unvouched']);
    expect(seenBy.unopened).toMatch(/Documents/);

    const b = await newDevice(t, username, user.id);
    b.setLie(hide);
    const fresh = await b.sync();
    expect(await b.db().dexie.entities('documents').get('will')).toMatchObject({ documentName: 'The will' });
    expect(await refusals(b.db())).toEqual(['documents/will/_deleted: unvouched']);
    expect(fresh.unopened).toMatch(/Documents/);
  });
});
