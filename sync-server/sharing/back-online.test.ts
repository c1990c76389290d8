/**
 * Coming back online cuts a queued change's retry wait (issue 43; docs/sharing.md "Back online"): a
 * stop of a live share queued on the device after a "server busy or unreachable" answer waits its
 * back-off (web/api/retry.ts), but the browser's `online` event, or a sync that succeeds after
 * failing (the server answers again), makes it due at once, once: a server that still refuses backs
 * it off again. Through the app's own share code and wiring (when-online.ts runNowOnlineAndSynced,
 * its signals and clock injected), Dexie over fake-indexeddb and the real Hono app over SQLite.
 */
import { describe, expect, it } from 'vitest';
import { documentCopy } from '../../web/features/sharing/projections';
import { pendingSharesIn, sendPendingShares, stopLiveShare } from '../../web/features/sharing/pending-shares';
import { ApiError } from '../../web/api/client';
import type { Api } from '../../web/features/keys';
import { startSharing, type ShareDeps } from '../../web/features/sharing/share-client';
import { runNowOnlineAndSynced, type ServerSignals } from '../../web/features/sharing/when-online';
import { RETRY_FIRST_MS } from '../../web/api/retry';
import { docItem, ORIGIN, WORDS, world } from '../test/lying-share-world';

const ref = { kind: 'document' as const, id: 'd1' };

/** Signals the test fires by hand: the browser's `online` event, and a sync that ended (recovered: the one before had failed). */
function handSignals() {
  const online = new Set<() => void>();
  const synced = new Set<(recovered: boolean) => void>();
  const signals: ServerSignals = {
    online: (l) => (online.add(l), () => online.delete(l)),
    synced: (l) => (synced.add(l), () => synced.delete(l)),
  };
  return { signals, online: () => online.forEach((l) => l()), synced: (recovered: boolean) => synced.forEach((l) => l(recovered)) };
}

describe('back online, a queued stop is sent at once', () => {
  it('an online event (or a sync after a failed one) makes its wait over, once; a plain sync or a server still busy does not', async () => {
    const h = await world();
    const queue = pendingSharesIn(h.db.dexie);
    const { share, link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), WORDS.person, ORIGIN);
    let busy = true;
    const asked: string[] = [];
    const flaky: ShareDeps = {
      ...h.deps,
      api: ((path, init) => {
        asked.push(path);
        return busy ? Promise.reject(new TypeError('Failed to fetch')) : h.deps.api(path, init);
      }) as Api,
    };
    expect(await stopLiveShare(flaky, queue, ref, share, WORDS.person)).toBe('later');

    const hand = handSignals();
    let pass: Promise<unknown> = Promise.resolve();
    const follow = runNowOnlineAndSynced((reconnectedAt) => void (pass = sendPendingShares({ ...flaky, reconnectedAt }, queue, () => documentCopy(h.doc))), hand.signals, () => h.w.t.deps.now());
    await pass; // the first pass: the server is out of reach, the stop backs off
    const first = (await queue.list())[0]!;
    expect(first.retryAt! - h.w.t.deps.now()).toBe(RETRY_FIRST_MS);

    h.w.t.advance(1_000);
    asked.length = 0;
    hand.synced(false); // a sync like every other: the wait holds
    await pass;
    expect(asked).toEqual([]);

    hand.online(); // back online, still busy: asked once, and it backs off again (a longer wait)
    await pass;
    expect(asked).toHaveLength(1);
    const second = (await queue.list())[0]!;
    expect(second.tries).toBe(2);
    asked.length = 0;
    h.w.t.advance(1_000);
    hand.synced(false);
    await pass;
    expect(asked).toEqual([]); // once: the woken wait does not stay woken

    busy = false;
    h.w.t.advance(1_000);
    hand.synced(true); // a sync after a failed one: the server answers again
    await pass;
    expect(await queue.list()).toEqual([]);
    expect((await h.viewer(link)).kind).toBe('stopped');
    follow();
  });
});
