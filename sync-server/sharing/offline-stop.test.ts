/**
 * Stopping a live share while the owner's device is offline (issue 43 "Done when": both features
 * work offline for the owner; docs/sharing.md "Offline"): the Share dialog lists the live shares as
 * the device last read them (known-shares.ts) and Stop takes the share out of its item's live set at
 * once; the server cannot be told, so the stop waits on the device, marked `stopping`
 * (pending-shares.ts stopLiveShare), and the link keeps opening until the server hears, which is the
 * first thing the device does once online (sendPendingShares); then the link opens nothing. Through
 * the app's own share code, Dexie over fake-indexeddb and the real Hono app over SQLite.
 */
import { describe, expect, it } from 'vitest';
import { documentCopy } from '../../web/features/sharing/projections';
import { pendingSharesIn, sendPendingShares, stopLiveShare } from '../../web/features/sharing/pending-shares';
import { knownSharesIn } from '../../web/features/sharing/known-shares';
import { listShares, openShareRows, startSharing, type ShareDeps } from '../../web/features/sharing/share-client';
import { followsShares, waitingShareCount } from '../../web/features/sharing/ShareRefresher';
import { docItem, ORIGIN, WORDS, world } from '../test/lying-share-world';

/** The same deps with no network: every request fails as fetch does offline. */
const offline = (deps: ShareDeps): ShareDeps => ({ ...deps, online: () => false, api: async () => Promise.reject(new TypeError('Failed to fetch')) });
const ref = { kind: 'document' as const, id: 'd1' };

describe('stopping a live share offline', () => {
  it('lists the live share offline as last read, stops it on the device at once, and stops it on the server once online: the link opens until then, and nothing after', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const known = knownSharesIn(h.db.dexie);
    const { share, link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    await known.keep(ref, await listShares(h.deps, ref)); // the dialog, opened online once

    // Offline: the dialog's list comes from the device, opened with the owner's keyring.
    const rows = await openShareRows(offline(h.deps), await known.read(ref), ORIGIN);
    expect(rows.map((r) => [r.share.id, r.name, r.link])).toEqual([[share.id, WORDS.person, link]]);
    expect(await stopLiveShare(offline(h.deps), queue, ref, rows[0]!.share, WORDS.person)).toBe('later');
    expect(await h.deps.live.read(ref)).not.toContain(share.id); // never refreshed again, by any device of the owner's
    expect(await queue.list()).toEqual([expect.objectContaining({ shareId: share.id, name: WORDS.person, sent: true, stopping: true })]);
    expect(followsShares({ documents: [], deathPlan: null, survivorTasks: [], trustees: [], messages: [] }, await waitingShareCount(h.db.dexie))).toBe(true); // the follower stays to send it
    expect(await h.viewer(link)).toMatchObject({ kind: 'open' }); // the server has not heard: the link still opens, as the dialog says

    // Still offline: the stop keeps waiting, and the share is never sent again as a share.
    expect(await sendPendingShares(offline(h.deps), queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 1, refused: [] });
    // Online: the stop reaches the server first thing; the link opens nothing from then on.
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] });
    expect(await queue.list()).toEqual([]);
    expect((await listShares(h.deps, ref)).map((s) => s.phase)).toEqual(['stopped']);
    expect((await h.viewer(link)).kind).toBe('stopped');
  });

  it('online, Stop stops it on the server at once and leaves nothing waiting; a refusal for good is thrown, not queued', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const { share, link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    expect(await stopLiveShare(h.deps, queue, ref, share, WORDS.person)).toBe('stopped');
    expect(await queue.list()).toEqual([]);
    expect((await h.viewer(link)).kind).toBe('stopped');
    const refusing: ShareDeps = { ...h.deps, api: async () => Promise.reject(Object.assign(new Error('Bad request'), { status: 400 })) };
    const other = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Bert', ORIGIN);
    await expect(stopLiveShare(refusing, queue, ref, other.share, 'Bert')).rejects.toThrow('Bad request');
    expect(await queue.list()).toEqual([]);
  });
});
