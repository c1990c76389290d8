/**
 * A lying server against the pipelined first-sync pull (issue 39 "No back door", Freshness; issue 41:
 * page n + 1 is opened while page n merges, openAnswer / mergeAnswer). The real server (Hono over a
 * SQLite file) and the real engine over Dexie on fake-indexeddb, pulling in pages of 2; the test
 * rewrites the server's answers as a lying server would: a page serves an older state of a record an
 * earlier page (or the same page) delivered newer, or an older one than the device holds; an old
 * envelope beside a version whose key id was rewritten; a field's envelope is changed in the middle
 * of the pull. Each ends with nothing merged over good data, the
 * refusal recorded (`sealErrors`) and shown (the sync status names the screen), the cursor at the
 * server's last page, the pages after merged, and no request carrying anything but the pull.
 */
import { tamperedEnvelope } from '../../sync-server/test/tamper';
import { describe, expect, it } from 'vitest';
import type { ServerRecord, SyncRequest, SyncResponse } from '../../shared/sync/protocol';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine } from './engine';
import { createSealedWorld, type SealedWorld } from './test-sealed';
import type { Transport } from './transport';
import { formatHlc, parseHlc } from '../../shared/sync/hlc';
import { TOMBSTONE_FIELD, TWIN_PREFIX, VERSION_FIELD } from '../../shared/schema/collection-names';
import { describeSyncError } from './engine';

const PAGE = 2;
const AT = '2026-11-29T04:00:00.000Z';

/** Pushes what `db` wrote, with the real transport. */
async function push(w: SealedWorld, db: UserDatabase) {
  const engine = createSyncEngine({ db, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await engine.stop();
  expect(engine.snapshot().status).toBe('synced');
}

/** The server's stored state of `documents/<id>`, as a pull serves it. */
async function stored(w: SealedWorld, id: string): Promise<ServerRecord> {
  return structuredClone((await w.t.services.store.get(w.userId, 'documents', id))!);
}

/**
 * An account whose document `d0` was written as `Old will`, then `New will` (both pushed), and
 * `DOCUMENTS - 1` documents written after it (so `d0` comes on an early page, the others after).
 * Returns the state the server held of `d0` before its change.
 */
async function accountWithHistory(documents: number) {
  const w = await createSealedWorld();
  const writer = await w.device();
  await writer.write('documents', 'd0', { documentType: 'will', documentName: 'Old will', createdAt: AT });
  await push(w, writer);
  const old = await stored(w, 'd0');
  await writer.write('documents', 'd0', { documentName: 'New will' });
  await push(w, writer);
  await writer.writeMany(Array.from({ length: documents - 1 }, (_, i) => ({ collection: 'documents' as const, id: `d${i + 1}`, patch: { documentType: 'will', documentName: `Document ${i + 1}`, createdAt: AT } })));
  await push(w, writer);
  writer.close();
  return { w, old };
}

/** How the lying server rewrites page `page` (1-based) of a pull, given every record it served before. */
type Lie = (page: number, res: SyncResponse, before: readonly ServerRecord[]) => SyncResponse;

/** A pull of `db` in pages of 2 whose answers `lie` rewrites; every request sent is kept. */
async function pull(w: SealedWorld, db: UserDatabase, lie: Lie) {
  const requests: SyncRequest[] = [];
  const served: ServerRecord[] = [];
  let pages = 0;
  const transport: Transport = async (request, signal) => {
    requests.push(structuredClone(request));
    const res = await w.transport({ ...request, limit: PAGE }, signal);
    const out = lie(++pages, res, served);
    served.push(...structuredClone(res.records));
    return out;
  };
  const engine = createSyncEngine({ db, transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
  await engine.syncNow();
  await engine.stop();
  return { snapshot: engine.snapshot(), requests, pages, last: await w.transport({ protocol: requests[0]!.protocol, cursor: 0, changes: [] }) };
}

/** The fields `db` refused and why, as `collection/id/field: kind` (sealErrors), for `id`'s record. */
const refusals = async (db: UserDatabase, id: string) =>
  (await db.dexie.sealErrors.toArray()).filter((r) => r.id === id).map((r) => `${r.collection}/${r.id}/${r.field}: ${r.error}`).sort();

/** Every document's name on `db`, by id. */
const names = async (db: UserDatabase) => Object.fromEntries((await db.dexie.entities('documents').toArray()).map((d) => [d.id, d.documentName]));

/**
 * What every lie must end with: the pull done, `refusal` recorded and the Documents screen named in
 * the sync status, the cursor at the server's last page, and no request but pulls (nothing pushed).
 */
async function expectRefusedAndShown(db: UserDatabase, pulled: Awaited<ReturnType<typeof pull>>, id: string, refusal: string) {
  expect(pulled.snapshot.status).toBe('synced');
  expect(await refusals(db, id)).toContain(refusal);
  expect(pulled.snapshot.unopened).toMatch(/Documents/);
  expect(await db.getMeta('cursor')).toBe(pulled.last.cursor);
  expect(pulled.requests.map((r) => r.changes.length).filter((n) => n > 0)).toEqual([]);
}

describe('a lying server against the pipelined pull', () => {
  it('an older state of a record an earlier page delivered newer, and an old envelope with its old HLC, are refused; the pages after merge', async () => {
    const { w, old } = await accountWithHistory(7);
    const now = await stored(w, 'd0');
    const db = await w.device();
    let shownOn = 0;
    const lie: Lie = (page, res, before) => {
      const delivered = before.some((r) => r.id === 'd0');
      if (res.records.some((r) => r.id === 'd0')) shownOn = page;
      // The page after the one that delivered `d0`: its whole older state; the page after that: its
      // current state with the name's old envelope and HLC.
      if (delivered && page === shownOn + 1) return { ...res, records: [...res.records, structuredClone(old)] };
      if (delivered && page === shownOn + 2) return { ...res, records: [...res.records, { ...now, values: { ...now.values, documentName: old.values.documentName }, clocks: { ...now.clocks, documentName: old.clocks.documentName! } }] };
      return res;
    };
    const pulled = await pull(w, db, lie);
    expect(pulled.pages).toBeGreaterThanOrEqual(shownOn + 3);
    expect(await names(db)).toEqual({ d0: 'New will', ...Object.fromEntries(Array.from({ length: 6 }, (_, i) => [`d${i + 1}`, `Document ${i + 1}`])) });
    await expectRefusedAndShown(db, pulled, 'd0', 'documents/d0/documentName: rolled-back');
    db.close();
  });

  it('an older state served with the newer one in the same page, its newer name left out: the old name is not taken', async () => {
    const { w, old } = await accountWithHistory(5);
    const db = await w.device();
    const lie: Lie = (_page, res) => {
      const i = res.records.findIndex((r) => r.id === 'd0');
      if (i < 0) return res;
      const stripped = structuredClone(res.records[i]!);
      delete stripped.values.documentName;
      delete stripped.clocks.documentName;
      return { ...res, records: [...res.records.slice(0, i), stripped, ...res.records.slice(i + 1), structuredClone(old)] };
    };
    const pulled = await pull(w, db, lie);
    expect((await names(db)).d0).not.toBe('Old will');
    await expectRefusedAndShown(db, pulled, 'd0', 'documents/d0/documentName: rolled-back');
    db.close();
  });

  it('an old envelope served beside a version whose key id the server changed (so that it reads as a key this device lacks): refused, not taken unchecked', async () => {
    const { w, old } = await accountWithHistory(3);
    const db = await w.device();
    const lie: Lie = (_page, res) => ({
      ...res,
      records: res.records.map((r) => {
        if (r.id !== 'd0') return r;
        const version = (r.values._version as string).replace(/^v1\.docs~\d+\./, 'v1.docs~9.');
        return { ...r, values: { ...r.values, _version: version, documentName: old.values.documentName }, clocks: { ...r.clocks, documentName: old.clocks.documentName! } };
      }),
    });
    const pulled = await pull(w, db, lie);
    expect((await names(db)).d0).not.toBe('Old will');
    await expectRefusedAndShown(db, pulled, 'd0', 'documents/d0/documentName: missing-key');
    db.close();
  });

  it('a device that holds the newer state: an older one on a later page of its next pull is refused, the rest merges', async () => {
    const { w, old } = await accountWithHistory(3);
    const db = await w.device();
    await pull(w, db, (_page, res) => res);
    expect((await names(db)).d0).toBe('New will');
    const writer = await w.device();
    await writer.writeMany(Array.from({ length: 6 }, (_, i) => ({ collection: 'documents' as const, id: `e${i}`, patch: { documentType: 'will', documentName: `Later ${i}`, createdAt: AT } })));
    await push(w, writer);
    writer.close();
    const pulled = await pull(w, db, (page, res) => (page === 2 ? { ...res, records: [...res.records, structuredClone(old)] } : res));
    const got = await names(db);
    expect(got.d0).toBe('New will');
    expect(Array.from({ length: 6 }, (_, i) => got[`e${i}`])).toEqual(Array.from({ length: 6 }, (_, i) => `Later ${i}`));
    await expectRefusedAndShown(db, pulled, 'd0', 'documents/d0/documentName: rolled-back');
    db.close();
  });

  it('a changed envelope on page 3 of 5: that field is refused and named, every other field and page merges, and the cursor keeps its place', async () => {
    const w = await createSealedWorld();
    const writer = await w.device();
    await writer.writeMany(Array.from({ length: 9 }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: { documentType: 'will', documentName: `Document ${i}`, originalLocation: `Drawer ${i}`, createdAt: AT } })));
    await push(w, writer);
    writer.close();
    const db = await w.device();
    let tampered = '';
    const lie: Lie = (page, res) => {
      if (page !== 3) return res;
      const i = res.records.findIndex((r) => r.collection === 'documents');
      const r = structuredClone(res.records[i]!);
      tampered = r.id;
      const env = r.values.documentName as string;
      r.values.documentName = tamperedEnvelope(env);
      return { ...res, records: res.records.map((x, k) => (k === i ? r : x)) };
    };
    const pulled = await pull(w, db, lie);
    expect(pulled.pages).toBeGreaterThanOrEqual(5);
    const docs = Object.fromEntries((await db.dexie.entities('documents').toArray()).map((d) => [d.id, d] as const));
    expect(Object.keys(docs).sort()).toEqual(Array.from({ length: 9 }, (_, i) => `d${i}`));
    for (const [id, d] of Object.entries(docs)) {
      expect(d.originalLocation).toBe(`Drawer ${id.slice(1)}`);
      if (id !== tampered) expect(d.documentName).toBe(`Document ${id.slice(1)}`);
    }
    expect(docs[tampered]!.documentName ?? null).toBeNull(); // never the changed envelope, never shown as text
    expect(await refusals(db, tampered)).toEqual([`documents/${tampered}/documentName: tampered`]);
    await expectRefusedAndShown(db, pulled, tampered, `documents/${tampered}/documentName: tampered`);
    // Nothing of the refused field is held (neither value nor HLC), so the owner's true value still
    // merges when the record comes again (its owner changes another field) and the refusal clears.
    const owner = await w.device();
    await push(w, owner); // the owner's device pulls first, then writes on top
    await owner.write('documents', tampered, { originalLocation: 'The safe' });
    await push(w, owner);
    owner.close();
    const honest = await pull(w, db, (_page, res) => res);
    expect(await db.dexie.entities('documents').get(tampered)).toMatchObject({ documentName: `Document ${tampered.slice(1)}`, originalLocation: 'The safe' });
    expect(await refusals(db, tampered)).toEqual([]);
    expect(honest.snapshot.unopened).toBeUndefined();
    db.close();
  });
  it('an answer whose cursor goes back behind the request (cursor 0) with a record\'s version stripped and a plain deletion: refused, nothing merged, the cursor not moved back', async () => {
    const { w } = await accountWithHistory(3);
    const db = await w.device();
    await pull(w, db, (_page, res) => res); // an honest first sync: the device holds d0 and its version
    const cursor = (await db.getMeta('cursor'))!;
    expect(cursor).toBeGreaterThan(0);
    const now = await stored(w, 'd0');
    const later = formatHlc({ ...parseHlc(Object.values(now.clocks).sort().at(-1)!)!, ms: Date.now() + 60_000 });
    const values = Object.fromEntries(Object.entries(now.values).filter(([k]) => k !== VERSION_FIELD && !k.startsWith(TWIN_PREFIX)));
    const clocks = Object.fromEntries(Object.entries(now.clocks).filter(([k]) => k !== VERSION_FIELD && !k.startsWith(TWIN_PREFIX)));
    const hidden: ServerRecord = { ...now, values: { ...values, [TOMBSTONE_FIELD]: true }, clocks: { ...clocks, [TOMBSTONE_FIELD]: later } };
    const pulled = await pull(w, db, (_page, res) => ({ ...res, cursor: 0, hasMore: false, records: [hidden] }));
    expect(await names(db)).toMatchObject({ d0: 'New will' }); // still there
    expect(await db.getMeta('cursor')).toBe(cursor);
    expect(pulled.snapshot.status).toBe('error');
    expect(pulled.snapshot.lastError).not.toBe(describeSyncError(new Error('x'))); // named, not 'stopped unexpectedly'
    expect(pulled.snapshot.lastError).toMatch(/older/);
    expect(pulled.requests.map((r) => r.changes.length).filter((n) => n > 0)).toEqual([]);
    db.close();
  });
});
