/**
 * A share that waits on the device for its item, when the server answers 404 for the item (issue 43;
 * docs/sharing.md "An item the server no longer has"): when the item's own change no longer waits
 * in this device's outbox, the item is gone from the server (deleted on another device, or it never
 * reached the server): the share stops waiting, leaves the queue and the item's live set, and the
 * person is told once; while the item's change still waits in the outbox, the share waits for it
 * (offline-share.test.ts, "an item the server does not have yet…").
 * Through the app's own share code, Dexie over fake-indexeddb, the real sync engine and the real
 * Hono app over SQLite.
 */
import { describe, expect, it } from 'vitest';
import { documentCopy } from '../../web/features/sharing/projections';
import { pendingSharesIn, sendPendingShares, shareOrQueue } from '../../web/features/sharing/pending-shares';
import { ItemGoneError } from '../../web/features/sharing/item-on-server';
import type { ShareDeps } from '../../web/features/sharing/share-client';
import { docItem, onAnotherDevice, ORIGIN, WORDS, world } from '../test/lying-share-world';

/** The same deps with no network: every request fails as fetch does offline. */
const offline = (deps: ShareDeps): ShareDeps => ({ ...deps, online: () => false, api: async () => Promise.reject(new TypeError('Failed to fetch')) });

/** The owner's other device deletes document `id` and syncs; the first device has not pulled since. */
const deleteOnAnotherDevice = (h: Awaited<ReturnType<typeof world>>, id: string) => onAnotherDevice(h, (other) => other.write('documents', id, { _deleted: true }));

describe('a share whose item the server does not have (404)', () => {
  it('made offline for an item deleted on another device: it stops waiting, is told once, and nothing half-done is kept', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const ref = { kind: 'document' as const, id: 'd1' };
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    await deleteOnAnotherDevice(h, 'd1');

    // This device still holds d1 (it has not pulled the delete): the server's 404 is final.
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [{ shareId: made.shareId, name: 'Maria', ref, gone: true, title: WORDS.name }] });
    expect(await queue.list()).toEqual([]);
    expect(await h.deps.live.read(ref)).not.toContain(made.shareId);
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(404);
    // Told once: the next sync sends nothing and says nothing.
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] });
  });

  it('made offline, then a sync brings its item\'s delete from another device: it leaves the queue and is told once; a delete made here says nothing', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const elsewhere = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    const here = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd2', ...h.doc }), 'Ana', ORIGIN, queue);
    await deleteOnAnotherDevice(h, 'd1');
    await h.db.write('documents', 'd2', { _deleted: true }); // deleted on this device
    await h.sync(); // pulls d1's delete, pushes d2's
    // The app's copy of each item now: neither is on this device any more.
    const copies = new Map<string, ReturnType<typeof documentCopy>>();
    for (const id of ['d1', 'd2']) {
      const d = await h.db.dexie.entities('documents').get(id);
      if (d) copies.set(id, documentCopy(d as typeof h.doc));
    }
    expect(copies.size).toBe(0);
    const copyOf = (r: { id: string }) => copies.get(r.id) ?? null;

    expect(await sendPendingShares(h.deps, queue, copyOf)).toEqual({ sent: 0, waiting: 0, refused: [{ shareId: elsewhere.shareId, name: 'Maria', ref: { kind: 'document', id: 'd1' }, gone: true, title: WORDS.name }] });
    expect(await queue.list()).toEqual([]);
    expect((await h.w.t.call('GET', `/api/shared/${elsewhere.shareId}`)).status).toBe(404);
    expect((await h.w.t.call('GET', `/api/shared/${here.shareId}`)).status).toBe(404);
    // Told once: the next pass says nothing.
    expect(await sendPendingShares(h.deps, queue, copyOf)).toEqual({ sent: 0, waiting: 0, refused: [] });
  });

  it('Share now, online, on an item deleted on another device: refused in words at once, nothing queued, the live set untouched', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const ref = { kind: 'document' as const, id: 'd1' };
    await deleteOnAnotherDevice(h, 'd1');
    await expect(shareOrQueue(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue)).rejects.toBeInstanceOf(ItemGoneError);
    expect(await queue.list()).toEqual([]);
    expect(await h.deps.live.read(ref)).toEqual([]);
    expect((await h.deps.api<{ shares: unknown[] }>('/api/shares')).shares).toEqual([]);
  });
});
