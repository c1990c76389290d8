/**
 * Sealed sync (shared/sync/README.md rules 24–27): devices of a sealed account over fake-indexeddb,
 * the real sync engine and the REAL server (Hono app over a SQLite file). What people write reaches
 * the other device and never the server in plain text; a hostile server's rewritten responses are
 * refused on the device, shown in words, and never merged over good data.
 */
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { formatEnvelope, parseEnvelope, seal } from '../../shared/crypto/envelope';
import { PROTOCOL_VERSION, type ServerRecord, type SyncResponse } from '../../shared/sync/protocol';
import { serverRecords } from '../../sync-server/test/client-test-support';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine, type SyncSnapshot } from './engine';
import { openHistory, type SyncKeys } from './sealing';
import { createSealedWorld, openRecords, type SealedWorld } from './test-sealed';
import { openOnDevice } from '../db/test-device';
import type { Transport } from './transport';

const CANARY = {
  trustee: 'Canary-Quokka-Trustee',
  phone: 'Canary-Phone-5550123',
  letter: 'Canary-Letter-Zebra, my dearest, this is for you.',
  recipient: 'Canary-Recipient-Okapi',
  obituary: 'Canary-Obituary-Narwhal lived a long and curious life.',
  song: 'Canary-Song-Axolotl',
  task: 'Canary-Task-Pangolin',
  lastName: 'Canary-Lastname-Ibex',
};

const trustee = (name: string) => ({ name, email: 'jo@example.com', accessLevel: 'full', phone: CANARY.phone, createdAt: '2026-11-21T12:00:00.000Z' });

/** One sync of `db` with `keys` through `transport`; returns the engine's last state and the kept notices. */
async function sync(db: UserDatabase, keys: SyncKeys | undefined, transport: Transport) {
  const states: SyncSnapshot[] = [];
  const kept: unknown[] = [];
  const rejected: unknown[] = [];
  const engine = createSyncEngine({
    db,
    transport,
    keys,
    env: { locks: null },
    intervalMs: 3_600_000,
    onState: (s) => states.push({ ...s }),
    onKept: (k) => kept.push(...k),
    onRejected: (r) => rejected.push(...r),
    onClockErrors: () => {},
  });
  await engine.syncNow();
  await engine.stop();
  return { last: states.at(-1)!, kept, rejected };
}

/** A device of the sealed account that wrote its profile (so every record the server holds is sealed). */
async function sealedDevice(w: SealedWorld) {
  const db = await w.device();
  const keys = await w.keysFor();
  return { db, keys };
}

async function writeEverything(db: UserDatabase, userId: string) {
  await db.write('profile', userId, { lastName: CANARY.lastName, profileCompletion: 10 });
  await db.write('trustees', 'tr1', trustee(CANARY.trustee));
  await db.write('messages', 'm1', { recipientName: CANARY.recipient, recipientEmail: 'kid@example.com', messageType: 'text', messageContent: CANARY.letter, deliveryDate: null, createdAt: '2026-11-21T12:00:00.000Z' });
  await db.write('deathPlan', userId, { obituary: CANARY.obituary, musicSelections: [CANARY.song], createdAt: '2026-11-21T12:00:00.000Z' });
  await db.write('survivorTasks', 'task1', {
    title: CANARY.task,
    description: 'Call the bank about the joint account.',
    category: 'financial',
    timeframe: '1w',
    automationLevel: 'manual-with-guidance',
    priority: 2,
    resources: ['The bank card'],
    createdAt: '2026-11-21T12:00:00.000Z',
  });
}

/** A transport that rewrites every response (a hostile server). */
const rewriting =
  (inner: Transport, rewrite: (res: SyncResponse) => SyncResponse): Transport =>
  async (req, signal) =>
    rewrite(await inner(req, signal));

const withRecord = (res: SyncResponse, collection: string, id: string, edit: (r: ServerRecord) => ServerRecord): SyncResponse => ({
  ...res,
  records: res.records.map((r) => (r.collection === collection && r.id === id ? edit(structuredClone(r)) : r)),
});

describe('sealed sync against the real server', () => {
  it('two devices sync a sealed account and read each other’s words; the database file holds none of them', async () => {
    const w = await createSealedWorld();
    const a = await sealedDevice(w);
    await sync(a.db, a.keys, w.transport); // it has seen the account's profile, so its edit is newer
    await writeEverything(a.db, w.userId);
    const first = await sync(a.db, a.keys, w.transport);
    expect(first.last.status).toBe('synced');
    expect(await a.db.dexie.outbox.count()).toBe(0);

    const b = await sealedDevice(w);
    const second = await sync(b.db, b.keys, w.transport);
    expect(second.last.status).toBe('synced');
    expect(second.last.unopened).toBeUndefined();
    expect((await b.db.dexie.entities('trustees').get('tr1'))).toMatchObject({ name: CANARY.trustee, phone: CANARY.phone });
    expect((await b.db.dexie.entities('messages').get('m1'))).toMatchObject({ recipientName: CANARY.recipient, messageContent: CANARY.letter, messageType: 'text' });
    expect((await b.db.dexie.entities('deathPlan').get(w.userId))).toMatchObject({ obituary: CANARY.obituary, musicSelections: [CANARY.song] });
    expect((await b.db.dexie.entities('survivorTasks').get('task1'))).toMatchObject({ title: CANARY.task, resources: ['The bank card'] });
    expect((await b.db.dexie.entities('profile').get(w.userId))).toMatchObject({ lastName: CANARY.lastName });
    expect(await b.db.dexie.sealErrors.count()).toBe(0);

    // B answers; A reads it.
    await b.db.write('trustees', 'tr1', { relationship: 'Canary-Relation-Tapir' });
    await sync(b.db, b.keys, w.transport);
    await sync(a.db, a.keys, w.transport);
    expect((await a.db.dexie.entities('trustees').get('tr1'))?.relationship).toBe('Canary-Relation-Tapir');

    // The server holds envelopes only: no canary in the SQLite file or its WAL (nor the history).
    const dir = w.t.deps.config.dataDir;
    const bytes = Buffer.concat([readFileSync(join(dir, 'afterword.db')), readFileSync(join(dir, 'afterword.db-wal'))]);
    for (const word of [...Object.values(CANARY), 'Canary-Relation-Tapir']) {
      for (const needle of [word, word.split(' ')[0]!]) {
        expect(bytes.includes(Buffer.from(needle, 'utf8')), needle).toBe(false);
        expect(bytes.includes(Buffer.from(needle, 'utf16le')), needle).toBe(false);
      }
    }
    const onServer = (await serverRecords(w.transport)).find((r) => r.collection === 'messages' && r.id === 'm1')!;
    expect(onServer.values.messageContent).toMatch(/^v1\.msg:m1~1\./);
    expect(onServer.values.recipientEmail).toBe('kid@example.com'); // plain: the server delivers to it
  });

  it('rule 25: each entry is sealed once and a retry resends the same envelopes; a new message gets its key first', async () => {
    const w = await createSealedWorld();
    const a = await sealedDevice(w);
    await a.db.write('messages', 'm2', { recipientName: 'Jo', recipientEmail: 'jo@example.com', messageType: 'text', messageContent: 'Hello there, Jo.', deliveryDate: null, createdAt: '2026-11-21T12:00:00.000Z' });
    const sent: unknown[] = [];
    let fail = true;
    const flaky: Transport = async (req, signal) => {
      sent.push(structuredClone(req.changes));
      if (fail) {
        fail = false;
        throw new TypeError('network down');
      }
      return w.transport(req, signal);
    };
    expect(a.keys.keyring()!.version('msg:m2')).toBe(0);
    await sync(a.db, a.keys, flaky);
    expect((await sync(a.db, a.keys, flaky)).last.status).toBe('synced');
    expect(sent).toHaveLength(2);
    expect(sent[1]).toEqual(sent[0]);
    expect((sent[0] as { fields: Record<string, unknown> }[])[0]!.fields.messageContent).toMatch(/^v1\.msg:m2~1\./);
    expect((await w.accountRing()).version('msg:m2')).toBe(1);
  });

  it('rule 26: a stale key is refused as retryable; the device fetches the keyring, seals again and pushes again', async () => {
    const w = await createSealedWorld();
    const a = await sealedDevice(w);
    await a.db.write('trustees', 'tr1', trustee('Ada'));
    await w.rotate('owner'); // another device made owner~2 after A's keyring was loaded
    const { last, rejected } = await sync(a.db, a.keys, w.transport);
    expect(last.status).toBe('synced');
    expect(rejected).toEqual([]); // never shown as a refusal, never dropped
    expect(a.keys.refreshed).toBeGreaterThan(0);
    expect(await a.db.dexie.outbox.count()).toBe(0);
    const tr = (await serverRecords(w.transport)).find((r) => r.id === 'tr1')!;
    expect(tr.values.name).toMatch(/^v1\.owner~2\./);
  });

  it('rules 17, 25: a change refused for a clock far ahead is re-stamped and sealed again for its new HLC', async () => {
    const w = await createSealedWorld();
    const fast = await openOnDevice(w.userId, () => w.t.deps.now() + 7 * 60_000); // 7 minutes fast
    const keys = await w.keysFor();
    await fast.write('trustees', 'tr1', trustee('Ada Fast'));
    const first = (await fast.dexie.outbox.toArray())[0]!.hlc;
    const { last } = await sync(fast, keys, w.transport);
    expect(last.status).toBe('synced');
    const tr = (await serverRecords(w.transport)).find((r) => r.id === 'tr1')!;
    expect(tr.clocks.name).not.toBe(first); // re-stamped…
    const [opened] = await openRecords({ ...w }, w.userId, [tr]); // …and its envelope opens with the new HLC
    expect(opened!.values.name).toBe('Ada Fast');
  });

  it('rule 24: the server refuses plaintext in a sealed field (push: a reason; REST: 422), and plain fields keep their schemas', async () => {
    const w = await createSealedWorld();
    const hlc = `${String(w.t.deps.now()).padStart(15, '0')}-0000-0123456789abcdef`;
    const res = await w.transport({
      protocol: PROTOCOL_VERSION,
      cursor: 0,
      changes: [
        { collection: 'trustees', id: 'p1', hlc, fields: { name: 'Plain Name', email: 'jo@example.com', accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' } },
      ],
    });
    expect(res.rejected).toEqual([expect.objectContaining({ reason: expect.stringMatching(/^trustees\.name: must be sealed/) })]);
    const ring = await w.accountRing();
    const sealedName = await seal(ring.current('owner')!, { userId: w.userId, collection: 'trustees', recordId: 'p2', field: 'name' }, hlc, 'Jo');
    const badEmail = await w.transport({
      protocol: PROTOCOL_VERSION,
      cursor: 0,
      changes: [{ collection: 'trustees', id: 'p2', hlc, fields: { name: sealedName, email: 'not-an-email', accessLevel: 'full', createdAt: '2026-11-21T12:00:00.000Z' } }],
    });
    expect(badEmail.rejected[0]?.reason).toMatch(/trustees\.email/);
    const missing = await w.transport({ protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'trustees', id: 'p2', hlc, fields: { name: sealedName, email: 'jo@example.com', createdAt: '2026-11-21T12:00:00.000Z' } }] });
    expect(missing.rejected[0]?.reason).toMatch(/trustees\.accessLevel: required/); // a record coming to life is whole
    const rest = await w.t.call('POST', '/api/trustees', { name: 'Plain Name', email: 'jo@example.com', accessLevel: 'full' }, w.cookie);
    expect(rest.status).toBe(422);
    expect(await rest.json()).toMatchObject({ error: expect.stringMatching(/trustees\.name: must be sealed/), issues: [expect.objectContaining({ path: 'name' })] });
  });

  it('rule 24: an account with keys that is still being sealed takes envelopes (checked) and plain values alike', async () => {
    const w = await createSealedWorld();
    w.t.deps.db.prepare('UPDATE account_keys SET sealed_at = NULL WHERE user_id = ?').run(w.userId); // keys, not sealed yet
    const a = await sealedDevice(w);
    await a.db.write('trustees', 'tr1', trustee('Sealed Ada'));
    expect((await sync(a.db, a.keys, w.transport)).rejected).toEqual([]);
    const plainPush = await w.t.call('POST', '/api/trustees', { name: 'Plain Bob', email: 'bob@example.com', accessLevel: 'full' }, w.cookie);
    expect(plainPush.status).toBe(201);
    const hlc = `${String(w.t.deps.now()).padStart(15, '0')}-0000-0123456789abcdef`;
    const stale = await w.transport({ protocol: PROTOCOL_VERSION, cursor: 0, changes: [{ collection: 'trustees', id: 'tr1', hlc, fields: { name: 'v1.owner~9.AAAAAAAAAAAAAAAA.AAAA' } }] });
    expect(stale.rejected[0]?.reason).toMatch(/trustees\.name: not a valid sealed value/); // an envelope is still checked
  });

  it('rule 14: a client on protocol 1 gets 426 and keeps its outbox', async () => {
    const w = await createSealedWorld();
    const a = await sealedDevice(w);
    await a.db.write('trustees', 'tr1', trustee('Ada'));
    const old: Transport = (req, signal) => w.transport({ ...req, protocol: 1 }, signal);
    const { last } = await sync(a.db, a.keys, old);
    expect(last.status).toBe('update-required');
    expect(await a.db.dexie.outbox.count()).toBe(1);
    expect((await sync(a.db, a.keys, w.transport)).last.status).toBe('synced');
    expect(await a.db.dexie.outbox.count()).toBe(0);
  });

  it('rule 25: while the keys are locked nothing is pushed and nothing is dropped; the status says why', async () => {
    const w = await createSealedWorld();
    const db = await w.device();
    await db.write('trustees', 'tr1', trustee('Ada'));
    const locked: SyncKeys = { userId: w.userId, keyring: () => null, refreshKeyring: () => Promise.reject(new Error('locked')), addScope: () => Promise.reject(new Error('locked')) };
    const { last } = await sync(db, locked, w.transport);
    expect(last).toMatchObject({ status: 'error', lastError: 'Your keys are locked on this device; sign in again to sync' });
    expect(await db.dexie.outbox.count()).toBe(1);
    expect(await serverRecords(w.transport).then((rs) => rs.filter((r) => r.collection === 'trustees'))).toEqual([]);
  });

  it('rule 27: a kept version whose opened text equals the current one is dismissed quietly on the device', async () => {
    const w = await createSealedWorld();
    const a = await sealedDevice(w);
    const b = await sealedDevice(w);
    await a.db.write('deathPlan', w.userId, { obituary: 'First words of the obituary.', createdAt: '2026-11-21T12:00:00.000Z' });
    await sync(a.db, a.keys, w.transport);
    await sync(b.db, b.keys, w.transport);
    const base = (await b.db.dexie.fieldState.get(['deathPlan', w.userId]))!.clocks.obituary!;
    // Both write the same words without seeing each other's.
    for (const d of [a, b]) await d.db.writeMany([{ collection: 'deathPlan', id: w.userId, patch: { obituary: 'The same new words.' }, bases: { obituary: base } }]);
    await sync(a.db, a.keys, w.transport);
    const bSync = await sync(b.db, b.keys, w.transport);
    const all = await serverRecords(w.transport);
    const plan = all.find((r) => r.collection === 'deathPlan')!;
    const keptKeys = Object.keys(plan.values).filter((k) => k.startsWith('obituary~conflict/'));
    expect(keptKeys.length).toBe(1); // the server cannot compare envelopes: it kept one
    expect(bSync.kept).toEqual([]); // …and the device did not tell the person
    await sync(b.db, b.keys, w.transport);
    const after = (await serverRecords(w.transport)).find((r) => r.collection === 'deathPlan')!;
    expect(after.values[keptKeys[0]!]).toBeNull(); // dismissed on every device
  });

  it('rule 21: the server’s earlier versions are envelopes and open on the device with their own HLC', async () => {
    const w = await createSealedWorld();
    const a = await sealedDevice(w);
    for (const text of ['Version one of the obituary.', 'Version two of the obituary.', 'Version three of the obituary.']) {
      await a.db.write('deathPlan', w.userId, { obituary: text, createdAt: '2026-11-21T12:00:00.000Z' });
      await sync(a.db, a.keys, w.transport);
    }
    const res = await w.t.call('GET', `/api/sync/history/deathPlan/${w.userId}/obituary`, undefined, w.cookie);
    const { versions } = (await res.json()) as { versions: { text: string; at: string }[] };
    expect(versions.map((v) => v.text).every((t) => t.startsWith('v1.plan~1.'))).toBe(true);
    const opened = await openHistory(a.keys, 'deathPlan', w.userId, 'obituary', versions);
    expect(opened.versions.map((v) => v.text)).toEqual(['Version two of the obituary.', 'Version one of the obituary.']);
    const moved = await openHistory(a.keys, 'deathPlan', w.userId, 'specialRequests', versions);
    expect(moved.unopened.map((u) => u.error)).toEqual(['moved', 'moved']);
  });
});

describe('a hostile server (rule 26): refused on the device, shown in words, never merged over good data', () => {
  async function twoDevices() {
    const w = await createSealedWorld();
    const a = await sealedDevice(w);
    await a.db.write('trustees', 'tr1', trustee('Ada Good'));
    await a.db.write('trustees', 'tr2', trustee('Bob Good'));
    await a.db.write('deathPlan', w.userId, { obituary: 'The good obituary text.', location: 'Good place', createdAt: '2026-11-21T12:00:00.000Z' });
    await sync(a.db, a.keys, w.transport);
    const b = await sealedDevice(w);
    await sync(b.db, b.keys, w.transport);
    return { w, a, b };
  }

  /** A edits `field` of `id`; B pulls it through `rewrite`; B keeps its good value and names the screen. */
  async function refused(rewrite: (res: SyncResponse, older: ServerRecord[]) => SyncResponse, expected: string, edit: { collection: 'trustees' | 'deathPlan'; id?: string; patch: Record<string, unknown> }, check: (b: UserDatabase, userId: string) => Promise<void>) {
    const { w, a, b } = await twoDevices();
    const older = await serverRecords(w.transport);
    await a.db.write(edit.collection, edit.id ?? w.userId, edit.patch);
    await sync(a.db, a.keys, w.transport);
    const { last } = await sync(b.db, b.keys, rewriting(w.transport, (res) => rewrite(res, older)));
    const errors = await b.db.dexie.sealErrors.toArray();
    expect(errors.map((e) => e.error), JSON.stringify(errors)).toContain(expected);
    expect(last.unopened, JSON.stringify(errors)).toMatch(/^Some words could not be opened on this device and are not shown \((Trustees|Death plan)\)/);
    await check(b.db, w.userId);
  }

  it('a value moved to another record is refused (WrongPlace); the good value stays', async () => {
    await refused(
      (res) => {
        const tr1 = res.records.find((r) => r.id === 'tr1');
        return tr1 ? { ...res, records: [...res.records, { ...structuredClone(tr1), id: 'tr2' }] } : res;
      },
      'moved',
      { collection: 'trustees', id: 'tr1', patch: { name: 'Ada Renamed' } },
      async (b) => expect((await b.dexie.entities('trustees').get('tr2'))?.name).toBe('Bob Good'),
    );
  });

  it('a value moved to another field is refused; the good value stays', async () => {
    await refused(
      (res, _older) => {
        const plan = res.records.find((r) => r.collection === 'deathPlan');
        if (!plan) return res;
        return withRecord(res, 'deathPlan', plan.id, (r) => ({ ...r, values: { ...r.values, location: r.values.obituary }, clocks: { ...r.clocks, location: r.clocks.obituary! } }));
      },
      'moved',
      { collection: 'deathPlan', patch: { obituary: 'A new obituary text here.' } },
      async (b, userId) => expect((await b.dexie.entities('deathPlan').get(userId))).toMatchObject({ location: 'Good place', obituary: 'A new obituary text here.' }),
    );
  });

  it('an envelope replayed from an older HLC under a newer one is refused (WrongHlc); the good value stays', async () => {
    await refused(
      (res, older) => {
        const old = older.find((r) => r.collection === 'deathPlan')!;
        return withRecord(res, 'deathPlan', old.id, (r) => ({ ...r, values: { ...r.values, obituary: old.values.obituary } }));
      },
      'replayed',
      { collection: 'deathPlan', patch: { obituary: 'The newer obituary words.' } },
      async (b, userId) => expect((await b.dexie.entities('deathPlan').get(userId))?.obituary).toBe('The good obituary text.'),
    );
  });

  it('a truncated ciphertext is refused; the good value stays', async () => {
    await refused(
      (res) =>
        withRecord(res, 'trustees', 'tr1', (r) => {
          const e = parseEnvelope(r.values.name as string);
          return { ...r, values: { ...r.values, name: formatEnvelope({ ...e, ct: e.ct.slice(0, -16) }) } };
        }),
      'truncated',
      { collection: 'trustees', id: 'tr1', patch: { name: 'Ada Renamed' } },
      async (b) => expect((await b.dexie.entities('trustees').get('tr1'))?.name).toBe('Ada Good'),
    );
  });

  it('a stale or unknown kid is refused after one keyring refresh; the good value stays', async () => {
    await refused(
      (res) => withRecord(res, 'trustees', 'tr1', (r) => ({ ...r, values: { ...r.values, name: (r.values.name as string).replace('.owner~1.', '.owner~7.') } })),
      'missing-key',
      { collection: 'trustees', id: 'tr1', patch: { name: 'Ada Renamed' } },
      async (b) => expect((await b.dexie.entities('trustees').get('tr1'))?.name).toBe('Ada Good'),
    );
  });

  it('plaintext where an envelope belongs is refused, never shown as content', async () => {
    await refused(
      (res) => withRecord(res, 'trustees', 'tr1', (r) => ({ ...r, values: { ...r.values, name: 'Injected by the server' } })),
      'malformed',
      { collection: 'trustees', id: 'tr1', patch: { name: 'Ada Renamed' } },
      async (b) => expect((await b.dexie.entities('trustees').get('tr1'))?.name).toBe('Ada Good'),
    );
  });

  it('a field that opens again later clears its error and the words', async () => {
    const { w, a, b } = await twoDevices();
    await a.db.write('trustees', 'tr1', { name: 'Ada Second' });
    await sync(a.db, a.keys, w.transport);
    await sync(b.db, b.keys, rewriting(w.transport, (res) => withRecord(res, 'trustees', 'tr1', (r) => ({ ...r, values: { ...r.values, name: 'x' } }))));
    expect(await b.db.dexie.sealErrors.count()).toBe(1);
    await a.db.write('trustees', 'tr1', { name: 'Ada Third' });
    await sync(a.db, a.keys, w.transport);
    const { last } = await sync(b.db, b.keys, w.transport);
    await vi.waitFor(async () => expect(await b.db.dexie.sealErrors.count()).toBe(0));
    expect(last.unopened).toBeUndefined();
    expect((await b.db.dexie.entities('trustees').get('tr1'))?.name).toBe('Ada Third');
  });
});
