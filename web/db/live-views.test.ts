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

describe("a live list during a new device's first sync", () => {
  it('reads again as the records double, after a local write and at the end, showing what arrived meanwhile', async () => {
    const w = await createSealedWorld();
    const writer = await w.device();
    await writer.writeMany(Array.from({ length: DOCUMENTS }, (_, i) => ({ collection: 'documents' as const, id: `d${i}`, patch: documentOf(i) })));
    const pushing = createSyncEngine({ db: writer, transport: w.transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await pushing.syncNow();
    await pushing.stop();
    writer.close();

    const db = await w.device();
    let reads = 0;
    let pulling = true;
    const seen: { ids: string[]; pulling: boolean }[] = [];
    let onSeen: (() => void) | null = null;
    const view = liveView(db, () => (reads++, readCollection(db, 'documents')));
    const sub = view.subscribe((docs) => {
      seen.push({ ids: docs.map((d) => d.id), pulling });
      onSeen?.();
    });

    let pages = 0;
    const transport: Transport = async (request, signal) => {
      if (++pages === 8) await db.write('documents', 'mine', documentOf(999)); // the person adds one while the pull goes on
      return w.transport({ ...request, limit: PAGE }, signal);
    };
    const engine = createSyncEngine({ db, transport, keys: await w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
    await engine.syncNow();
    await engine.stop();
    expect(engine.snapshot().status).toBe('synced');
    pulling = false;
    const all = [...Array.from({ length: DOCUMENTS }, (_, i) => `d${i}`), 'mine'].sort();
    const showsAll = () => JSON.stringify([...(seen.at(-1)?.ids ?? [])].sort()) === JSON.stringify(all);
    while (!showsAll()) await new Promise<void>((resolve) => (onSeen = resolve));

    expect(pages).toBeGreaterThanOrEqual(DOCUMENTS / PAGE);
    // Read about once per doubling (10, 20, 40, 80, 160), at the local write, at the start and the end: not once a page.
    expect(reads).toBeLessThanOrEqual(Math.ceil(Math.log2(pages)) + 4);
    // What had arrived was shown while the pull went on, and the person's own record at once.
    expect(seen.some((s) => s.pulling && s.ids.length > 0 && s.ids.length < DOCUMENTS)).toBe(true);
    expect(seen.some((s) => s.pulling && s.ids.includes('mine'))).toBe(true);

    // After the pull the view is live again: the next write shows.
    await db.write('documents', 'later', documentOf(1000));
    while (!seen.at(-1)!.ids.includes('later')) await new Promise<void>((resolve) => (onSeen = resolve));
    sub.unsubscribe();
    db.close();
  }, 60_000);
});
