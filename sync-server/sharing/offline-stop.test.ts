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
import { pendingSharesIn, retryStop, sendPendingShares, stopLiveShare } from '../../web/features/sharing/pending-shares';
import { ApiError } from '../../web/api/client';
import type { Api } from '../../web/features/keys';
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

  it('a waiting stop the server refuses for good ends the retry: kept listed with why, the owner told once, never sent again by itself; Try again sends it once more', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const { share, link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    expect(await stopLiveShare(offline(h.deps), queue, ref, share, WORDS.person)).toBe('later');
    const asked: string[] = [];
    const refusing: ShareDeps = { ...h.deps, api: ((path, init) => (asked.push(path), path.endsWith('/stop') ? Promise.reject(new ApiError(400, JSON.stringify({ error: 'Invalid share', issues: [] }), 'Bad Request')) : h.deps.api(path, init))) as Api };

    expect(await sendPendingShares(refusing, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [{ shareId: share.id, name: WORDS.person, ref, stop: { why: 'Invalid share' } }] });
    expect(await queue.list()).toEqual([expect.objectContaining({ shareId: share.id, stopping: true, problem: 'Invalid share' })]); // still listed, with why
    expect(await h.deps.live.read(ref)).not.toContain(share.id); // what the owner chose stays: out of the live set
    expect(await h.viewer(link)).toMatchObject({ kind: 'open' }); // said plainly: the link still opens
    asked.length = 0;
    expect(await sendPendingShares(refusing, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] }); // told once
    expect(asked).toEqual([]); // never asked again by itself

    await expect(retryStop(refusing, queue, share.id)).resolves.toEqual({ outcome: 'refused', why: 'Invalid share' });
    expect(await retryStop(h.deps, queue, share.id)).toEqual({ outcome: 'stopped' });
    expect(await queue.list()).toEqual([]);
    expect((await h.viewer(link)).kind).toBe('stopped');
  });

  it('a busy or unreachable server keeps the stop waiting, asked again only once its wait is over, each wait longer than the last', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const { share, link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    expect(await stopLiveShare(offline(h.deps), queue, ref, share, WORDS.person)).toBe('later');
    let fail: 'busy' | 'unreachable' | null = 'busy';
    const asked: string[] = [];
    const flaky: ShareDeps = {
      ...h.deps,
      api: ((path, init) => {
        asked.push(path);
        if (fail === 'busy') return Promise.reject(new ApiError(503, '', 'Service Unavailable'));
        if (fail === 'unreachable') return Promise.reject(new TypeError('Failed to fetch'));
        return h.deps.api(path, init);
      }) as Api,
    };
    const send = () => sendPendingShares(flaky, queue, () => documentCopy(h.doc));
    expect(await send()).toEqual({ sent: 0, waiting: 1, refused: [] });
    const first = (await queue.list())[0]!;
    expect(first.problem).toBeUndefined();
    const wait1 = first.retryAt! - h.w.t.deps.now();
    expect(wait1).toBeGreaterThan(0);
    asked.length = 0;
    expect(await send()).toEqual({ sent: 0, waiting: 1, refused: [] });
    expect(asked).toEqual([]); // its wait is not over

    fail = 'unreachable';
    h.w.t.advance(wait1);
    await send();
    const second = (await queue.list())[0]!;
    expect(second.retryAt! - h.w.t.deps.now()).toBeGreaterThan(wait1);

    fail = null;
    h.w.t.advance(second.retryAt! - h.w.t.deps.now());
    expect(await send()).toEqual({ sent: 0, waiting: 0, refused: [] });
    expect(await queue.list()).toEqual([]);
    expect((await h.viewer(link)).kind).toBe('stopped');
  });
});
