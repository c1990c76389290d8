/**
 * A first sync's pages of records this device does not hold (issue 41 "A new device is ready in
 * seconds"): after a page whose records were all new here, the next page's records are added with
 * one bulkAdd instead of each state being read first (a read of a record that is not there cost as
 * much as a third of a page's merge in Chromium). A record the device does hold after all (written
 * here before the pull, or pulled earlier) is found by the add that fails, read and merged as
 * before: nothing of it is lost. Over the REAL server (Hono over SQLite), the real engine, Dexie
 * over fake-indexeddb.
 */
import { afterEach, beforeAll, describe, expect, it, vi } from 'vitest';
import { IDBObjectStore } from 'fake-indexeddb';
import { sealFields } from '../../shared/crypto/sealed-record';
import { formatHlc } from '../../shared/sync/hlc';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine } from './engine';
import { createSealedWorld, type SealedWorld } from './test-sealed';

const PAGE = 500;
const RECORDS = 3 * PAGE;
const documentOf = (i: number) => ({ documentType: 'will', documentName: `Document ${i}`, documentUrl: `https://vault.example.com/d/${i}`, createdAt: '2026-11-21T12:00:00.000Z' });

/** Syncs `db` until the engine says synced (or 50 runs). */
async function syncAll(w: SealedWorld, db: UserDatabase) {
  const engine = createSyncEngine({ db, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000, onClockErrors: () => {} });
  for (let i = 0; i < 50 && engine.snapshot().status !== 'synced'; i++) await engine.syncNow();
  await engine.stop();
  return engine.snapshot();
}

/** Counts IndexedDB reads of one record's field state (IDBObjectStore get on `fieldState`) while `fn` runs. */
async function fieldStateReads(fn: () => Promise<unknown>): Promise<number> {
  const get = IDBObjectStore.prototype.get;
  let reads = 0;
  vi.spyOn(IDBObjectStore.prototype, 'get').mockImplementation(function (this: IDBObjectStore, key: IDBValidKey | IDBKeyRange) {
    if (this.name === 'fieldState') reads++;
    return get.call(this, key);
  });
  await fn();
  return reads;
}

describe('a first sync adds the records this device does not hold without reading them first', () => {
  let w: SealedWorld;
  afterEach(() => vi.restoreAllMocks());

  /** Pushes documents `ids` (documentOf each, `rename` giving its name) from another device, sealed, in one change each. */
  async function push(ids: readonly number[], rename = (i: number) => documentOf(i).documentName) {
    const ring = await w.accountRing();
    const changes = await Promise.all(
      ids.map(async (i) => {
        const hlc = formatHlc({ ms: w.t.deps.now(), counter: i, node: 'seedingdevice000' });
        return { collection: 'documents' as const, id: `doc${i}`, hlc, fields: await sealFields(ring, w.userId, 'documents', `doc${i}`, hlc, { ...documentOf(i), documentName: rename(i) }) };
      }),
    );
    expect((await w.transport({ protocol: PROTOCOL_VERSION, cursor: 1e12, changes, account: w.userId })).accepted).toHaveLength(ids.length);
    w.t.advance(1);
  }
  const range = (from: number, count: number) => Array.from({ length: count }, (_, k) => from + k);

  beforeAll(async () => {
    w = await createSealedWorld();
    for (let b = 0; b < RECORDS / PAGE; b++) await push(range(b * PAGE, PAGE));
  }, 120_000);

  it('reads the states of the first page only, and every record arrives equal to what was written', async () => {
    const db = await w.device();
    const reads = await fieldStateReads(() => syncAll(w, db));
    expect(reads).toBeLessThanOrEqual(PAGE); // the first page's (it tells whether the records are new here); none after
    const docs = new Map((await db.dexie.table('documents').toArray()).map((d: { id: string }) => [d.id, d]));
    expect(docs.size).toBe(RECORDS);
    for (let i = 0; i < RECORDS; i++) expect(docs.get(`doc${i}`)).toMatchObject(documentOf(i));
    expect(await db.dexie.fieldState.count()).toBe(RECORDS + 1); // and the profile
    expect(await db.dexie.sealErrors.count()).toBe(0);
    db.close();
  }, 120_000);

  it('a record on a later page that this device already holds is merged, its newer words kept', async () => {
    const db = await w.device();
    w.t.advance(60_000); // the person's edit here is newer than the server's version
    await db.write('documents', `doc${RECORDS - 7}`, { documentName: 'My own name for it' });
    const status = await syncAll(w, db);
    expect(status.status).toBe('synced');
    expect(await db.dexie.table('documents').get(`doc${RECORDS - 7}`)).toMatchObject({ ...documentOf(RECORDS - 7), documentName: 'My own name for it' });
    expect(await db.dexie.table('documents').get(`doc${RECORDS - 8}`)).toMatchObject(documentOf(RECORDS - 8));
    expect(await db.dexie.table('documents').count()).toBe(RECORDS);
    expect(await db.dexie.outbox.count()).toBe(0); // pushed and acknowledged
    db.close();
  }, 120_000);

  it('a page mixing new records and records this device holds merges the held ones from what it holds', async () => {
    const db = await w.device();
    expect((await syncAll(w, db)).status).toBe('synced');
    await db.write('documents', 'doc3', { documentUrl: 'https://mine.example.com/3' }); // and pushed: the server holds it too
    expect((await syncAll(w, db)).status).toBe('synced');
    w.t.advance(60_000);
    // Elsewhere: a page of new documents, then a page of new ones and names changed on documents this device holds.
    await push(range(RECORDS, PAGE));
    await push([...range(RECORDS + PAGE, PAGE - 100), ...range(0, 100)], (i) => (i < 100 ? `Renamed ${i}` : documentOf(i).documentName));
    expect((await syncAll(w, db)).status).toBe('synced');
    const docs = new Map((await db.dexie.table('documents').toArray()).map((d: { id: string }) => [d.id, d]));
    expect(docs.size).toBe(RECORDS + 2 * PAGE - 100);
    for (let i = 0; i < 100; i++) expect(docs.get(`doc${i}`)).toMatchObject({ ...documentOf(i), documentName: `Renamed ${i}` });
    expect(docs.get('doc3')).toMatchObject({ documentName: 'Renamed 3', documentUrl: 'https://vault.example.com/d/3' }); // the newer push of the whole document won
    for (let i = RECORDS; i < RECORDS + 2 * PAGE - 100; i++) expect(docs.get(`doc${i}`)).toMatchObject(documentOf(i));
    const state = await db.dexie.fieldState.get(['documents', 'doc50']);
    expect(state?.values).toMatchObject({ documentName: 'Renamed 50' });
    expect(await db.dexie.sealErrors.count()).toBe(0);
    db.close();
  }, 120_000);
});
