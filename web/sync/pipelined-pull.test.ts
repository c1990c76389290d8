/**
 * A sealed account's paged pull opens each page while the page before it merges (issue 41 "A new
 * device is ready in seconds": opening pipelined with the merge, not after it). The real server
 * (Hono over a SQLite file) and the real engine over Dexie on fake-indexeddb; the pull comes in
 * pages of 2. Each page after the first is answered only once the merge of the page before has
 * begun (its first record written, a Dexie `creating` hook), so the order of what follows is the
 * engine's own: the page's opening (its keyring asked for) must come before the page before it
 * has finished merging (the engine's progress moves). Before, the opening read this device's
 * states first (rule 29), which waited for the merge's transaction to end. The freshness check
 * itself still holds each page to the states merged before it (lying-rollback.test.ts).
 */
import { describe, expect, it } from 'vitest';
import type { UserDatabase } from '../db/user-database';
import { createSyncEngine, type SyncSnapshot } from './engine';
import type { SyncKeys } from './sealing';
import { createSealedWorld } from './test-sealed';
import type { Transport } from './transport';

const PAGE = 2;
const DOCUMENTS = 7;

describe('a paged pull of a sealed account', () => {
  it('opens each page while the page before it merges, and every record arrives opened', async () => {
    const w = await createSealedWorld();
    const writer = await w.device();
    await writer.writeMany(Array.from({ length: DOCUMENTS }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: { documentType: 'will', documentName: `Document ${i}`, createdAt: '2026-11-21T12:00:00.000Z' } })));
    const pushing = createSyncEngine({ db: writer, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await pushing.syncNow();
    await pushing.stop();
    writer.close();

    const db: UserDatabase = await w.device();
    const events: string[] = [];
    // The merge of a page has begun when its first record is written (a new device creates them all).
    let mergeBegun: (() => void) | null = null;
    db.dexie.fieldState.hook('creating', () => {
      mergeBegun?.();
      mergeBegun = null;
    });
    let pages = 0;
    const transport: Transport = async (request, signal) => {
      const page = ++pages;
      const merging = page > 1 ? new Promise<void>((resolve) => (mergeBegun = resolve)) : null;
      const res = await w.transport({ ...request, limit: PAGE }, signal);
      await merging; // the page before this one is merging now
      events.push(`fetched ${page}`);
      return res;
    };
    const inner = await w.keysFor();
    const keys: SyncKeys = { ...inner, keyring: () => (events.push('opening'), inner.keyring()) };
    let done = 0;
    const onState = (s: SyncSnapshot) => {
      if (s.progress && s.progress.done !== done) events.push(`merged ${(done = s.progress.done) / PAGE}`);
    };
    const engine = createSyncEngine({ db, transport, keys, env: { locks: null }, intervalMs: 3_600_000, onState });
    await engine.syncNow();
    await engine.stop();

    expect(engine.snapshot().status).toBe('synced');
    expect(pages).toBeGreaterThanOrEqual(4);
    // For each page after the first that the progress shows: page n + 1 was fetched, then opened, before page n finished merging.
    const shown = events.filter((e) => e.startsWith('merged ')).length;
    expect(shown).toBeGreaterThanOrEqual(3);
    for (let n = 1; n < shown; n++) {
      const fetched = events.indexOf(`fetched ${n + 1}`);
      const opened = events.indexOf('opening', fetched);
      expect({ page: n + 1, fetched: fetched >= 0, openedBeforeThePageBeforeMerged: opened >= 0 && opened < events.indexOf(`merged ${n}`) }).toEqual({ page: n + 1, fetched: true, openedBeforeThePageBeforeMerged: true });
    }
    const docs = await db.dexie.entities('documents').toArray();
    expect(docs.map((d) => d.documentName).sort()).toEqual(Array.from({ length: DOCUMENTS }, (_, i) => `Document ${i}`).sort());
    expect(await db.dexie.sealErrors.count()).toBe(0);
    db.close();
  });
});
