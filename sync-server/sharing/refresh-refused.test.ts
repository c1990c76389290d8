/**
 * A share's copy the server refuses for good (a 4xx that retrying cannot change: too long, not
 * valid) is told to the owner in words, naming the person and the item, and does not wait to be
 * tried again at every change; a passing refusal (a session to renew, a busy server) still waits.
 * Through the app's own share code, Dexie over fake-indexeddb and the real Hono app over SQLite.
 */
import { describe, expect, it } from 'vitest';
import { documentCopy } from '../../web/features/sharing/projections';
import { refreshSharesTold, startSharing } from '../../web/features/sharing/share-client';
import { createShareFollower, type FollowedItem } from '../../web/features/sharing/share-follow';
import { pendingRefreshesIn } from '../../web/features/sharing/pending-refreshes';
import { docItem, ORIGIN, WORDS, world } from '../test/lying-share-world';

describe('share now: a refresh the server refuses for good', () => {
  it('tells the owner whose view of which item was not updated and why, once; the next edit that fits is sent', async () => {
    const h = await world();
    const { link } = await startSharing(h.deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
    const item = (originalLocation: string): FollowedItem => ({ ref: { kind: 'document', id: 'd1' }, copy: documentCopy({ ...h.doc, originalLocation }) });
    const pending = pendingRefreshesIn(h.db.dexie);
    const follower = createShareFollower(async ({ ref, copy }) => ({ refused: await refreshSharesTold(h.deps, ref, copy) }), pending);

    await follower.update([item(WORDS.where)]);
    await follower.update([item('x'.repeat(70_000))]); // too long for one sealed copy (the server's MAX_COPY_CHARS)
    const words = await follower.run();
    expect(words).toEqual([`Maria's view of "${WORDS.name}" could not be updated: it is too long to send as one copy. Shorten it, and Maria then sees your changes. Until then Maria sees it as it was.`]);
    expect(await pending.list()).toEqual([]); // said once, not tried again at every change
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.where } });

    // A session to renew is not "for good": the refresh still waits.
    const renewing = createShareFollower(async ({ ref, copy }) => ({ refused: await refreshSharesTold({ ...h.deps, api: async () => Promise.reject(Object.assign(new Error('401'), { status: 401, bodyText: '{}' })) }, ref, copy) }), pending);
    await renewing.update([item(WORDS.where)]);
    await renewing.update([item(WORDS.edit)]);
    expect(await renewing.run()).toEqual([]);
    expect(await pending.list()).toHaveLength(1);

    // An edit that fits is sent as before.
    expect(await refreshSharesTold(h.deps, { kind: 'document', id: 'd1' }, documentCopy({ ...h.doc, originalLocation: WORDS.edit }))).toEqual([]);
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } });
  });
});
