/**
 * Sealed sync in batches (shared/sync/README.md rule 26; shared/crypto/README.md "Figures"): a
 * pulled page is opened concurrently, field by field, and the server's earlier versions of a text
 * likewise. Whatever the batch, a field that refuses is refused and named by itself (the right
 * record, field and reason), never dropped silently or merged, while every other field opens.
 * Real engine over fake-indexeddb, the real server over a SQLite file, a real keyring.
 */
import { describe, expect, it, vi } from 'vitest';
import { formatEnvelope, parseEnvelope } from '../../shared/crypto/envelope';
import type { ServerRecord, SyncRequest, SyncResponse } from '../../shared/sync/protocol';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine, type SyncSnapshot } from './engine';
import { openState } from '../../shared/crypto/sealed-record';
import { buildRequest } from './apply-response';
import { openHistory, sealOutbox, type SyncKeys } from './sealing';
import { createSealedWorld } from './test-sealed';
import type { KeyLookup } from '../../shared/crypto/envelope';
import { TWIN_PREFIX, VERSION_FIELD } from '../../shared/crypto/freshness';
import type { OutboxRow } from '../db/schema';

/**
 * The fields of an outbox entry's envelopes opened at its HLC: the change's own fields, with its
 * version (freshness.ts: it names the record's other fields too) and twins checked to be there.
 */
async function openChange(lookup: KeyLookup, userId: string, row: OutboxRow) {
  const { [VERSION_FIELD]: version, ...sealed } = row.sealed!.fields;
  expect(version).toMatch(/^v1\./);
  const clocks = Object.fromEntries(Object.keys(sealed).map((f) => [f, row.hlc]));
  const { values, errors } = await openState(lookup, userId, row.collection, row.id, { values: sealed, clocks });
  const twins = Object.keys(values).filter((f) => f.startsWith(TWIN_PREFIX));
  for (const twin of twins) expect(values[twin]).toEqual(row.fields[twin.slice(TWIN_PREFIX.length)]);
  for (const twin of twins) delete values[twin];
  return { values, errors };
}
import type { Transport } from './transport';

const DOCS = 60;
const doc = (i: number) => ({ documentType: 'will', documentName: `Document ${i} of the family archive`, documentUrl: `https://vault.example.com/d/${i}`, createdAt: '2026-11-21T12:00:00.000Z' });

/** One sync of `db`; returns the engine's last state. */
async function sync(db: UserDatabase, keys: SyncKeys, transport: Transport): Promise<SyncSnapshot> {
  let last: SyncSnapshot | undefined;
  const engine = createSyncEngine({ db, transport, keys, env: { locks: null }, intervalMs: 3_600_000, onState: (s) => (last = { ...s }), onClockErrors: () => {} });
  await engine.syncNow();
  await engine.stop();
  return last!;
}

/** `envelope` with one ciphertext byte changed (its hint left as it was, so only AES-GCM can tell). */
function flipByte(envelope: string): string {
  const e = parseEnvelope(envelope);
  const ct = e.ct.slice();
  ct[8 + 5]! ^= 0x01;
  return formatEnvelope({ ...e, ct });
}

const edit = (res: SyncResponse, id: string, change: (r: ServerRecord) => ServerRecord): SyncResponse => ({
  ...res,
  records: res.records.map((r) => (r.collection === 'documents' && r.id === id ? change(structuredClone(r)) : r)),
});

describe('a pulled page opens concurrently; each refused field is named by itself', () => {
  it('a changed byte in one field, and a value moved between two others, in a page of 60 records: those three are refused and named; every other field opens and merges', async () => {
    const w = await createSealedWorld();
    const a = { db: await w.device(), keys: await w.keysFor() };
    await a.db.writeMany(Array.from({ length: DOCS }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: doc(i) })));
    expect((await sync(a.db, a.keys, w.transport)).status).toBe('synced');

    const b = { db: await w.device(), keys: await w.keysFor() };
    const hostile: Transport = async (req, signal) => {
      let res = await w.transport(req, signal);
      res = edit(res, 'd17', (r) => ({ ...r, values: { ...r.values, documentName: flipByte(r.values.documentName as string) } }));
      const d40 = res.records.find((r) => r.id === 'd40');
      return d40 ? edit(res, 'd41', (r) => ({ ...r, values: { ...r.values, documentUrl: d40.values.documentUrl, documentType: d40.values.documentType } })) : res;
    };
    const last = await sync(b.db, b.keys, hostile);

    const errors = (await b.db.dexie.sealErrors.toArray()).map((e) => `${e.collection}/${e.id}/${e.field}: ${e.error}`).sort();
    expect(errors).toEqual(['documents/d17/documentName: tampered', 'documents/d41/documentType: moved', 'documents/d41/documentUrl: moved']);
    expect(last.unopened).toMatch(/^Some words could not be opened on this device and are not shown \(Documents\)/);
    const docs = await b.db.dexie.entities('documents').toArray();
    expect(docs).toHaveLength(DOCS);
    for (const d of docs) {
      const i = Number(d.id.slice(1));
      const expected: Record<string, unknown> = { ...doc(i) };
      if (i === 17) delete expected.documentName;
      if (i === 41) (delete expected.documentUrl, delete expected.documentType);
      expect(d, d.id).toMatchObject(expected);
      if (i === 17) expect(d.documentName ?? null).toBeNull(); // never the refused value, never another record's
      if (i === 41) expect([d.documentUrl ?? null, d.documentType ?? null]).toEqual([null, null]);
    }
  });

  it('earlier versions open concurrently, in their order; a changed one is named by its HLC while the others open', async () => {
    const w = await createSealedWorld();
    const a = { db: await w.device(), keys: await w.keysFor() };
    const texts = Array.from({ length: 6 }, (_, i) => `Version ${i + 1} of the obituary, with its own words.`);
    for (const text of texts) {
      await a.db.write('deathPlan', w.userId, { obituary: text, createdAt: '2026-11-21T12:00:00.000Z' });
      await sync(a.db, a.keys, w.transport);
    }
    const res = await w.t.call('GET', `/api/sync/history/deathPlan/${w.userId}/obituary`, undefined, w.cookie);
    const { versions } = (await res.json()) as { versions: { text: string; at: string }[] };
    expect(versions).toHaveLength(5);
    const changed = versions.map((v, i) => (i === 2 ? { ...v, text: flipByte(v.text) } : v));
    const opened = await openHistory(a.keys, 'deathPlan', w.userId, 'obituary', changed);
    expect(opened.versions.map((v) => v.text)).toEqual([texts[4], texts[3], texts[1], texts[0]]);
    expect(opened.versions.map((v) => v.at)).toEqual([versions[0]!.at, versions[1]!.at, versions[3]!.at, versions[4]!.at]);
    expect(opened.unopened).toEqual([{ collection: 'deathPlan', id: w.userId, field: 'obituary', error: 'tampered', hlc: versions[2]!.at }]);
  });

  it('an outbox batch is sealed at once: each entry stores the envelopes of its own HLC, which open to what was written; a second pass changes nothing', async () => {
    const w = await createSealedWorld();
    const a = { db: await w.device(), keys: await w.keysFor() };
    await a.db.writeMany(Array.from({ length: DOCS }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: doc(i) })));
    await a.db.write('documents', 'd7', { documentName: 'Renamed while waiting' }); // a later entry of the same record
    await sealOutbox(a.db, a.keys, 500);
    const rows = await a.db.dexie.outbox.toArray();
    expect(rows).toHaveLength(DOCS + 1);
    const ring = a.keys.keyring()!;
    for (const row of rows) {
      expect(row.sealed?.hlc, `${row.id} ${row.hlc}`).toBe(row.hlc);
      expect(await openChange(ring.lookup, w.userId, row)).toEqual({ values: row.fields, errors: {} });
    }
    await sealOutbox(a.db, a.keys, 500);
    expect((await a.db.dexie.outbox.toArray()).map((r) => r.sealed)).toEqual(rows.map((r) => r.sealed));
    const request = await buildRequest(a.db, true);
    expect(request.changes.map((c) => c.fields)).toEqual(rows.map((r) => r.sealed!.fields));
  });

  it('an entry is sealed as its write commits, before any sync: the sync pushes the stored envelopes as they are (offline meanwhile, then online)', async () => {
    const w = await createSealedWorld();
    const a = { db: await w.device(), keys: await w.keysFor() };
    let online = false;
    const sent: SyncRequest[] = [];
    const transport: Transport = async (req, signal) => (sent.push(structuredClone(req)), w.transport(req, signal));
    const engine = createSyncEngine({ db: a.db, transport, keys: a.keys, env: { locks: null, isOnline: () => online }, intervalMs: 3_600_000, debounceMs: 3_600_000, onClockErrors: () => {} });
    engine.start();
    // Two writes, one of them a batch larger than one push: every entry is sealed, none pushed.
    await a.db.writeMany(Array.from({ length: 520 }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: doc(i) })));
    await a.db.write('documents', 'd7', { documentName: 'Renamed while offline' });
    await vi.waitFor(async () => expect((await a.db.dexie.outbox.toArray()).filter((r) => r.sealed?.hlc !== r.hlc)).toEqual([]), { timeout: 20_000 });
    const rows = await a.db.dexie.outbox.toArray();
    expect(rows).toHaveLength(521);
    expect(sent).toEqual([]);
    const ring = a.keys.keyring()!;
    for (const row of [rows[0]!, rows[519]!, rows[520]!]) {
      expect(await openChange(ring.lookup, w.userId, row)).toEqual({ values: row.fields, errors: {} });
    }
    online = true;
    await engine.syncNow();
    await engine.stop();
    expect(await a.db.dexie.outbox.count()).toBe(0);
    expect(sent.flatMap((r) => r.changes.map((c) => c.fields))).toEqual(rows.map((r) => r.sealed!.fields));
  });
});
