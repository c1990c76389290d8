/**
 * Share now made while the owner's device is offline (issue 43 "Done when": the choices are saved
 * on the device): the link is made on the device at once (its key is the device's own), the share
 * waits in this device's database (web/features/sharing/pending-shares.ts) with the item's live set
 * already holding it, and once the device is online it reaches the real server and its first copy
 * is sealed, so the link then opens. A waiting share stopped on the device never reaches the server.
 * Through the app's own share code, Dexie over fake-indexeddb and the real Hono app over SQLite.
 */
import { describe, expect, it } from 'vitest';
import { documentCopy } from '../../web/features/sharing/projections';
import { dropPendingShare, pendingSharesIn, sendPendingShares, shareOrQueue } from '../../web/features/sharing/pending-shares';
import { stopSharing, type ShareDeps } from '../../web/features/sharing/share-client';
import { docItem, ORIGIN, WORDS, world } from '../test/lying-share-world';
import { followsShares, holdsLiveShares, waitingShareCount } from '../../web/features/sharing/ShareRefresher';
import { readCollection } from '../../web/db/live-views';
import type { UserDatabase } from '../../web/db/user-database';

/** The owner's records as the refresher reads them from the device (use-share-source.ts). */
const sourceOn = async (db: UserDatabase) => ({
  documents: await readCollection(db, 'documents'),
  deathPlan: null,
  survivorTasks: await readCollection(db, 'survivorTasks'),
  trustees: await readCollection(db, 'trustees'),
  messages: await readCollection(db, 'messages'),
});

/** The same deps with no network: every request fails as fetch does offline. */
const offline = (deps: ShareDeps): ShareDeps => ({ ...deps, online: () => false, api: async () => Promise.reject(new TypeError('Failed to fetch')) });

describe('share now, offline', () => {
  it('a share made offline gives its link at once, waits on the device, and opens once the device is back online', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN, queue);
    expect(made.pending).toBe(true);
    expect(made.link).toMatch(/\/shared\/[A-Za-z0-9_-]{22}#[A-Za-z0-9_-]{43}$/);
    expect(await queue.list()).toEqual([expect.objectContaining({ shareId: made.shareId, name: WORDS.person, ref: { kind: 'document', id: 'd1' } })]);
    expect(await h.deps.live.read({ kind: 'document', id: 'd1' })).toContain(made.shareId); // the item's live set holds it already
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(404); // not on the server yet

    // Still offline: sending fails and the share keeps waiting.
    expect(await sendPendingShares(offline(h.deps), queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 1, refused: [] });
    // The connection drops after the server took it and before its first copy: it keeps waiting...
    const once: ShareDeps = { ...h.deps, api: async (path, init) => (path === '/api/shares' ? h.deps.api(path, init) : Promise.reject(new TypeError('Failed to fetch'))) };
    expect(await sendPendingShares(once, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 1, refused: [] });
    // ...or after the server took it again (its answer lost): it keeps waiting...
    const lossy: ShareDeps = { ...h.deps, api: async (path, init) => (await h.deps.api(path, init), Promise.reject(new TypeError('Failed to fetch'))) };
    expect(await sendPendingShares(lossy, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 1, refused: [] });
    // ...and online, the server's 409 for an id it lists as the owner's counts as sent: its first copy is sealed, and the link opens.
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 1, waiting: 0, refused: [] });
    expect(await queue.list()).toEqual([]);
    expect(await h.viewer(made.link)).toMatchObject({ kind: 'open', name: WORDS.person, value: { documentName: WORDS.name } });
    expect((await h.deps.api<{ shares: unknown[] }>('/api/shares')).shares).toHaveLength(1); // one share, not two
  });

  it('a waiting share stopped on the device never reaches the server; its link opens nothing', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    expect(await dropPendingShare(h.deps, queue, made.shareId, { kind: 'document', id: 'd1' })).toBe('stopped');
    expect(await h.deps.live.read({ kind: 'document', id: 'd1' })).not.toContain(made.shareId);
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] });
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(404);
    expect((await h.viewer(made.link)).kind).not.toBe('open');
  });

  it('an item the server does not have yet keeps its share waiting until the item has synced', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const d3 = { ...h.doc, documentName: 'Written offline' };
    await h.db.write('documents', 'd3', d3); // not synced yet
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd3', ...d3 }), 'Maria', ORIGIN, queue);
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(d3))).toEqual({ sent: 0, waiting: 1, refused: [] });
    await h.sync();
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(d3))).toEqual({ sent: 1, waiting: 0, refused: [] });
    expect(await h.viewer(made.link)).toMatchObject({ kind: 'open', value: { documentName: 'Written offline' } });
  });

  it('a waiting share of an item deleted meanwhile on the device is dropped, never sent', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    expect(await sendPendingShares(h.deps, queue, () => null)).toEqual({ sent: 0, waiting: 0, refused: [] }); // the item is gone here
    expect(await queue.list()).toEqual([]);
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(404);
  });

  it('Stop on a share the device already sent stops it on the server (review of session 21, offline sharing, finding 1)', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toMatchObject({ sent: 1 });
    expect((await h.viewer(made.link)).kind).toBe('open');
    // The dialog still showed it waiting: its Stop stops the share the server has.
    expect(await dropPendingShare(h.deps, queue, made.shareId, { kind: 'document', id: 'd1' })).toBe('stopped');
    expect((await h.viewer(made.link)).kind).not.toBe('open');
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(410);
  });

  it('a session to renew (401, 403) keeps the share waiting; a 409 listing a share that is not this device\'s is refused and named (findings 3, 5)', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    for (const status of [401, 403, 407]) {
      const answering: ShareDeps = { ...h.deps, api: async () => Promise.reject(Object.assign(new Error(`${status}`), { status, bodyText: '{}' })) };
      expect(await sendPendingShares(answering, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 1, refused: [] });
    }
    // A lying server: 409 for the id, and a listed share of that id with a wrap of its own.
    h.setLie((path, json) => (path.startsWith('/api/shares?') ? { shares: [{ ...(json as { shares: Array<Record<string, unknown>> }).shares[0], ownerWrap: 'w1.AAAAAAAAAAAAAAAA.' + 'A'.repeat(64) }] } : json));
    const conflicting: ShareDeps = {
      ...h.deps,
      api: async (path, init) => (path === '/api/shares' && init?.method === 'POST' ? (await h.deps.api(path, init), h.deps.api(path, init)) : h.deps.api(path, init)),
    };
    const result = await sendPendingShares(conflicting, queue, () => documentCopy(h.doc));
    expect(result).toEqual({ sent: 0, waiting: 0, refused: [{ shareId: made.shareId, name: 'Maria', ref: { kind: 'document', id: 'd1' }, title: WORDS.name }] });
    expect(await queue.list()).toEqual([]);
    expect(await h.deps.live.read({ kind: 'document', id: 'd1' })).not.toContain(made.shareId);
  });

  it('a share stopped on the device while another one is being sent is not sent (one at a time, each row read again: finding 2)', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const first = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    h.w.t.advance(1_000); // made a second later: the queue sends the oldest first
    const second = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd2', ...h.doc, documentName: 'Insurance' }), 'Bert', ORIGIN, queue);
    let stop: Promise<unknown> | null = null;
    const slow: ShareDeps = {
      ...h.deps,
      api: async (path, init) => {
        // While the first is posted, the owner presses Stop on the second.
        if (!stop && path === '/api/shares' && init?.method === 'POST' && (init.body as { shareId?: string }).shareId === first.shareId) stop = dropPendingShare(h.deps, queue, second.shareId, { kind: 'document', id: 'd2' });
        return h.deps.api(path, init);
      },
    };
    const sent = await sendPendingShares(slow, queue, (ref) => documentCopy(ref.id === 'd1' ? h.doc : { ...h.doc, documentName: 'Insurance' }));
    expect(await stop).toBe('stopped');
    expect(sent).toEqual({ sent: 1, waiting: 0, refused: [] });
    expect((await h.viewer(first.link)).kind).toBe('open');
    expect((await h.w.t.call('GET', `/api/shared/${second.shareId}`)).status).toBe(404); // never reached the server
  });

  it('a waiting share whose id a race dropped from its item\'s live set still opens the follower\'s gate, and is sent (issue 43 leftovers, 1)', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    // Another device's write of the live set (not knowing this share) wins the race: no record holds a live share.
    await h.deps.live.write({ kind: 'document', id: 'd1' }, []);
    const source = await sourceOn(h.db);
    expect(holdsLiveShares(source)).toBe(false);
    // The waiting queue itself keeps the follower mounted, so the share is sent at the next sync or when back online.
    expect(await waitingShareCount(h.db.dexie)).toBe(1);
    expect(followsShares(source, await waitingShareCount(h.db.dexie))).toBe(true);
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 1, waiting: 0, refused: [] });
    expect(await h.viewer(made.link)).toMatchObject({ kind: 'open' });
    // Nothing waits and nothing is shared any more once it is stopped: the gate closes.
    expect(followsShares(await sourceOn(h.db), await waitingShareCount(h.db.dexie))).toBe(true); // live again
    expect(await dropPendingShare(h.deps, queue, made.shareId, { kind: 'document', id: 'd1' })).toBe('stopped');
    expect(followsShares(await sourceOn(h.db), await waitingShareCount(h.db.dexie))).toBe(false);
  });
  it('Stop, while offline, of a waiting share whose send reached the server (its answer lost) is not told stopped: the stop waits on the device and reaches the server once online (issue 43 leftovers s23, 1)', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const ref = { kind: 'document' as const, id: 'd1' };
    // The share is sent and its first copy sealed, but the copy's answer is lost: the row stays waiting.
    const made = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    const copyAnswerLost: ShareDeps = {
      ...h.deps,
      api: async (path, init) => (path.endsWith('/copy') ? (await h.deps.api(path, init), Promise.reject(new TypeError('Failed to fetch'))) : h.deps.api(path, init)),
    };
    expect(await sendPendingShares(copyAnswerLost, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 1, refused: [] });
    expect((await h.viewer(made.link)).kind).toBe('open');
    // Offline, the owner presses Stop on it: the link still opens, so "stopped" would be untrue.
    expect(await dropPendingShare(offline(h.deps), queue, made.shareId, ref)).toBe('later');
    expect(await h.deps.live.read(ref)).not.toContain(made.shareId);
    expect(await queue.list()).toEqual([expect.objectContaining({ shareId: made.shareId, stopping: true })]);
    expect(await sendPendingShares(offline(h.deps), queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 1, refused: [] }); // still offline: the stop waits
    // Back online, the device sends the stop itself (never the share again), and the link opens nothing.
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] });
    expect(await queue.list()).toEqual([]);
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(410);
    expect((await h.viewer(made.link)).kind).not.toBe('open');
  });

  it('a share whose first send reached the server with its answer lost is marked sent on the device, so an offline Stop waits for the server (issue 43 leftovers s23, 1)', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const ref = { kind: 'document' as const, id: 'd1' };
    const lossy: ShareDeps = { ...h.deps, api: async (path, init) => (await h.deps.api(path, init), Promise.reject(new TypeError('Failed to fetch'))) };
    const made = await shareOrQueue(lossy, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    expect(made.pending).toBe(true);
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).not.toBe(404); // the server has it
    expect(await dropPendingShare(offline(h.deps), queue, made.shareId, ref)).toBe('later');
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] });
    expect(await queue.list()).toEqual([]);
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(410);
    // A session to renew when Stop is pressed: the stop waits the same way, never dropped.
    const again = await shareOrQueue(lossy, ...docItem({ id: 'd1', ...h.doc }), 'Carl', ORIGIN, queue);
    const renew: ShareDeps = { ...h.deps, api: async () => Promise.reject(Object.assign(new Error('401'), { status: 401, bodyText: '{}' })) };
    expect(await dropPendingShare(renew, queue, again.shareId, ref)).toBe('later');
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] });
    expect((await h.w.t.call('GET', `/api/shared/${again.shareId}`)).status).toBe(410);
    // A share that never left the device is still stopped at once, offline.
    const never = await shareOrQueue(offline(h.deps), ...docItem({ id: 'd1', ...h.doc }), 'Bert', ORIGIN, queue);
    expect(await dropPendingShare(offline(h.deps), queue, never.shareId, ref)).toBe('stopped');
    expect(await queue.list()).toEqual([]);
  });

  it('a waiting share the owner stopped on the server meanwhile (its send had reached it) leaves the queue quietly, never told refused (issue 43 leftovers s23, 1)', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const ref = { kind: 'document' as const, id: 'd1' };
    const lossy: ShareDeps = { ...h.deps, api: async (path, init) => (await h.deps.api(path, init), Promise.reject(new TypeError('Failed to fetch'))) };
    const made = await shareOrQueue(lossy, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN, queue);
    // The dialog lists the server's row too once online; its Stop stops it there.
    await stopSharing(h.deps, ref, made.shareId);
    expect(await sendPendingShares(h.deps, queue, () => documentCopy(h.doc))).toEqual({ sent: 0, waiting: 0, refused: [] });
    expect(await queue.list()).toEqual([]);
    expect(await h.deps.live.read(ref)).not.toContain(made.shareId);
    expect((await h.w.t.call('GET', `/api/shared/${made.shareId}`)).status).toBe(410);
  });
});
