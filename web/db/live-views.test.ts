/**
 * A screen's list during a new device's first sync (issue 41 "A new device is ready in seconds"):
 * the real server (Hono over a SQLite file), the real sync engine over Dexie on fake-indexeddb, a
 * sealed account pulled in pages of 10. The live view of the documents (what useCollection shows)
 * read the whole collection again after every page, so a first sync of 100,000 records re-read it
 * hundreds of times; it now reads again only as the records double, after the person's own write,
 * and at the end, still showing what has arrived while the pull goes on.
 */
import 'fake-indexeddb/auto'; // Dexie's liveQuery reads only where a global indexedDB exists (each device below has its own)
import { describe, expect, it } from 'vitest';
import { createSyncEngine } from '../sync/engine';
import { createSealedWorld } from '../sync/test-sealed';
import type { Transport } from '../sync/transport';
import { liveView, readCollection } from './live-views';

const PAGE = 10;
const DOCUMENTS = 160;

const documentOf = (i: number) => ({ documentType: 'will', documentName: `Document ${i}`, createdAt: '2026-11-21T12:00:00.000Z' });

/** A sealed account of DOCUMENTS documents on the real server, pushed from another device. */
async function worldWithDocuments() {
  const w = await createSealedWorld();
  const writer = await w.device();
  await writer.writeMany(Array.from({ length: DOCUMENTS }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: documentOf(i) })));
  const pushing = createSyncEngine({ db: writer, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
  await pushing.syncNow();
  await pushing.stop();
  writer.close();
  return w;
}

/** A new device of `w` with the documents' live view subscribed: what it showed (and whether the pull was still going), how often it read, and a wait for what it shows. */
async function watchedDevice(w: Awaited<ReturnType<typeof worldWithDocuments>>) {
  const db = await w.device();
  const watch = { reads: 0, pulling: true, seen: [] as { ids: string[]; pulling: boolean }[] };
  let onSeen: (() => void) | null = null;
  const sub = liveView(db, () => (watch.reads++, readCollection(db, 'documents'))).subscribe((docs) => {
    watch.seen.push({ ids: docs.map((d) => d.id), pulling: watch.pulling });
    onSeen?.();
  });
  /** Resolves once the view shows something `shows` accepts (the test's timeout fails it otherwise). */
  const until = async (shows: (ids: string[]) => boolean) => {
    while (!shows(watch.seen.at(-1)?.ids ?? [])) await new Promise<void>((resolve) => (onSeen = resolve));
  };
  return { db, watch, until, stop: () => sub.unsubscribe() };
}

describe("a live list during a new device's first sync", () => {
  it('reads again as the records double, after a local write and at the end, showing what arrived meanwhile', async () => {
    const w = await worldWithDocuments();
    const { db, watch, until, stop } = await watchedDevice(w);
    const seen = watch.seen;

    let pages = 0;
    const transport: Transport = async (request, signal) => {
      if (++pages === 8) await db.write('documents', 'mine', documentOf(999)); // the person adds one while the pull goes on
      return w.transport({ ...request, limit: PAGE }, signal);
    };
    const engine = createSyncEngine({ db, transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    expect(engine.snapshot().status).toBe('synced');
    watch.pulling = false;
    const all = [...Array.from({ length: DOCUMENTS }, (_, i) => `d${i}`), 'mine'].sort();
    await until((ids) => JSON.stringify([...ids].sort()) === JSON.stringify(all));

    expect(pages).toBeGreaterThanOrEqual(DOCUMENTS / PAGE);
    // Read about once per doubling (10, 20, 40, 80, 160), at the local write, at the start and the end: not once a page.
    expect(watch.reads).toBeLessThanOrEqual(Math.ceil(Math.log2(pages)) + 4);
    // What had arrived was shown while the pull went on, and the person's own record at once.
    expect(seen.some((s) => s.pulling && s.ids.length > 0 && s.ids.length < DOCUMENTS)).toBe(true);
    expect(seen.some((s) => s.pulling && s.ids.includes('mine'))).toBe(true);

    // After the pull the view is live again: the next write shows.
    await db.write('documents', 'later', documentOf(1000));
    await until((ids) => ids.includes('later'));
    stop();
    db.close();
  }, 60_000);

  it('a pull that fails half-way shows everything that arrived, and the view is live again', async () => {
    const w = await worldWithDocuments();
    const { db, until, stop } = await watchedDevice(w);
    let pages = 0;
    const transport: Transport = async (request, signal) => {
      if (++pages > 6) throw new TypeError('Failed to fetch'); // the network goes
      return w.transport({ ...request, limit: PAGE }, signal);
    };
    const engine = createSyncEngine({ db, transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000, maxBackoffMs: 3_600_000 });
    await engine.syncNow();
    expect(engine.snapshot().status).toBe('error');
    const arrived = await db.dexie.entities('documents').count();
    expect(arrived).toBeGreaterThanOrEqual(5 * PAGE);
    await until((ids) => ids.length === arrived); // not held until a pull that may not come for minutes
    await db.write('documents', 'mine', documentOf(999));
    await until((ids) => ids.includes('mine'));
    await engine.stop();
    stop();
    db.close();
  }, 60_000);
});
