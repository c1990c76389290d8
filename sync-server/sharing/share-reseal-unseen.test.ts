/**
 * A shared item's copy is sealed again for an edit the share follower did not see happen (issue
 * 43, docs/sharing.md "Always current"): made while the owner's keys were locked (ShareFollow has
 * no follower then), or synced in from another device while no follower ran here. The follower
 * compares each copy with what this device last SEALED (web/features/sharing/sealed-copies.ts, in
 * the device's database), not with its own first sight. Through the app's own share code, Dexie
 * over fake-indexeddb and the real Hono app over SQLite.
 */
import { describe, expect, it } from 'vitest';
import type { LegalDocument } from '../../shared/schema';
import { pendingRefreshesIn } from '../../web/features/sharing/pending-refreshes';
import { documentCopy } from '../../web/features/sharing/projections';
import { refreshSharesTold, startSharing, type ShareDeps } from '../../web/features/sharing/share-client';
import { createShareFollower, type FollowedItem } from '../../web/features/sharing/share-follow';
import { sealedCopiesIn } from '../../web/features/sharing/sealed-copies';
import { liveSharesOn } from '../../web/features/sharing/live-shares';
import { createSyncEngine } from '../../web/sync/engine';
import { docItem, onAnotherDevice, ORIGIN, WORDS, world } from '../test/lying-share-world';

/** A document shared with Maria from this device, and the follower ShareFollow makes while the keys are open (each call: the keys opened again, or a reload). */
async function shared() {
  const h = await world();
  const deps: ShareDeps = { ...h.deps, sealed: sealedCopiesIn(h.db.dexie) }; // as ShareDialog gives them
  const { link } = await startSharing(deps, ...docItem({ id: 'd1', ...h.doc }), 'Maria', ORIGIN);
  const items = async (): Promise<FollowedItem[]> => [{ ref: { kind: 'document', id: 'd1' }, copy: documentCopy((await h.db.dexie.entities('documents').get('d1')) as LegalDocument) }];
  const follower = () => createShareFollower(async ({ ref, copy }) => ({ refused: await refreshSharesTold(deps, ref, copy) }), pendingRefreshesIn(h.db.dexie), sealedCopiesIn(h.db.dexie));
  return { h, link, items, follower };
}

describe('share now: an edit the follower did not see happen is still sealed again', () => {
  it('an edit made while the keys were locked reaches the viewer once they open; nothing is sealed twice', async () => {
    const { h, link, items, follower } = await shared();
    expect(await follower().update(await items())).toBe(false); // the copy the share was made with
    await h.db.write('documents', 'd1', { originalLocation: WORDS.edit }); // keys locked: no follower
    const opened = follower();
    expect(await opened.update(await items())).toBe(true);
    expect(await opened.run()).toEqual([]);
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } });
    expect(await follower().update(await items())).toBe(false); // a reload: what it holds is what it sealed
  });

  it('an edit made on another device and synced in while no follower ran here reaches the viewer', async () => {
    const { h, link, items, follower } = await shared();
    await h.sync(); // the live set reaches the server's records
    await onAnotherDevice(h, (other) => other.write('documents', 'd1', { originalLocation: WORDS.edit }));
    await h.sync(); // this device's tab opens later, and syncs the edit in before its follower starts
    expect((await items())[0]!.copy).toMatchObject({ originalLocation: WORDS.edit });
    const later = follower();
    expect(await later.update(await items())).toBe(true);
    expect(await later.run()).toEqual([]);
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } });
  });

  it("a device whose records are older than the server's seals nothing before its sync has ended, then the newest copy (review s27: its first sight sealed the older copy over the newer one)", async () => {
    const { h, link, items, follower } = await shared();
    await h.sync(); // the live set reaches the server's records
    const old = await h.w.device(); // the owner's old tablet: synced once, then put away
    const syncOld = async () => {
      const engine = createSyncEngine({ db: old, transport: h.w.transport, keys: await h.w.keysFor(), env: { locks: null }, intervalMs: 3_600_000 });
      await engine.syncNow();
      await engine.stop();
    };
    await syncOld();
    await h.db.write('documents', 'd1', { originalLocation: WORDS.edit }); // the owner takes the old words out here
    const here = follower();
    await here.update(await items());
    await here.run();
    await h.sync();
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } });
    // Months later the tablet's keys open: its follower starts before its sync has brought the edit.
    const oldDeps: ShareDeps = { ...h.deps, live: liveSharesOn(h.w.userId, () => old) };
    const oldItems = async (): Promise<FollowedItem[]> => [{ ref: { kind: 'document', id: 'd1' }, copy: documentCopy((await old.dexie.entities('documents').get('d1')) as LegalDocument) }];
    const tablet = createShareFollower(async ({ ref, copy }) => ({ refused: await refreshSharesTold(oldDeps, ref, copy) }), pendingRefreshesIn(old.dexie), sealedCopiesIn(old.dexie));
    expect((await oldItems())[0]!.copy).toMatchObject({ originalLocation: WORDS.where });
    await tablet.update(await oldItems(), false);
    await tablet.run();
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } }); // never the words taken out
    await syncOld(); // its sync ends: its records are the server's
    expect(await tablet.update(await oldItems(), true)).toBe(true); // never sealed here: sealed once, now
    expect(await tablet.run()).toEqual([]);
    expect(await h.viewer(link)).toMatchObject({ kind: 'open', value: { originalLocation: WORDS.edit } });
  });
});
