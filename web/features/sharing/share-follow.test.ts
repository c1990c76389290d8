import { describe, expect, it } from 'vitest';
import type { LegalDocument } from '../../../shared/schema';
import type { DeathPlan } from '../../../shared/schema';
import { documentCopy, shareableItems } from './projections';
import { newDeviceIndexedDb, openOnDevice } from '../../db/test-device';
import { pendingRefreshesIn, pendingRefreshesInMemory } from './pending-refreshes';
import { createShareFollower, type FollowedItem } from './share-follow';
import { copyDigest, followKey, sealedCopiesIn, sealedCopiesInMemory } from './sealed-copies';

const doc = (id: string, originalLocation: string): LegalDocument => ({
  id,
  userId: 'u1',
  documentType: 'will',
  documentName: 'Will',
  documentUrl: 'https://files.example.com/will.pdf',
  originalLocation,
  file: null,
  fileBlobId: null,
  createdAt: '2026-11-21T12:00:00.000Z',
  shares: [],
});

/** A store of sealed copies that holds `items` as this device sealed them (a share made here notes its copy: share-client.ts goLive). */
async function sealedAs(items: readonly FollowedItem[]) {
  const store = sealedCopiesInMemory();
  for (const item of items) await store.set(followKey(item.ref), await copyDigest(item.copy));
  return store;
}

/** The follower's view of documents (as shareableItems gives them). */
const items = (docs: LegalDocument[]): FollowedItem[] => docs.map((d) => ({ ref: { kind: 'document', id: d.id }, copy: documentCopy(d) }));

describe('share follower: which shared documents are sealed again', () => {
  it('sends nothing at first sight of what it sealed, refreshes a document whose shared words changed, and not one that did not', async () => {
    const sent: string[] = [];
    const f = createShareFollower(async ({ ref, copy }) => (sent.push(`${ref.id}:${copy.kind === 'document' ? copy.originalLocation : ''}`), { refused: [] }), undefined, await sealedAs(items([doc('d1', 'desk'), doc('d2', 'bank')])));
    expect(await f.update(items([doc('d1', 'desk'), doc('d2', 'bank')]))).toBe(false);
    expect(await f.update(items([doc('d1', 'desk'), { ...doc('d2', 'bank'), createdAt: '2027-01-01T00:00:00.000Z' }]))).toBe(false); // not a shared field
    expect(await f.update(items([doc('d1', 'safe'), doc('d2', 'bank')]))).toBe(true);
    expect(await f.run()).toEqual([]);
    expect(sent).toEqual(['d1:safe']);
    expect(await f.run()).toEqual([]);
    expect(sent).toEqual(['d1:safe']); // done: not sent again
  });

  it('keeps a refresh that failed (offline) and sends it at the next run; reports shares refused', async () => {
    let online = false;
    const sent: string[] = [];
    const f = createShareFollower(async ({ copy }) => {
      if (!online) throw new TypeError('Failed to fetch');
      sent.push(copy.kind === 'document' ? copy.originalLocation! : '');
      return { refused: ['s-swapped'] };
    });
    await f.update(items([doc('d1', 'desk')]));
    await f.update(items([doc('d1', 'safe')]));
    expect(await f.run()).toEqual([]);
    expect(sent).toEqual([]);
    online = true;
    expect(await f.run()).toEqual(['s-swapped']);
    expect(sent).toEqual(['safe']);
  });

  it('one path for every kind: an edit to one plan section queues that section only', async () => {
    const plan = { id: 'u1', userId: 'u1', funeralType: null, location: 'Hill', burialPreference: null, musicSelections: ['Song'], readings: [], specialRequests: null, obituary: null, completed: false, createdAt: '2026-11-21T12:00:00.000Z' } as unknown as DeathPlan;
    const sent: string[] = [];
    const source = (p: DeathPlan) => shareableItems({ documents: [doc('d1', 'desk')], deathPlan: p, survivorTasks: [], trustees: [], messages: [] });
    const f = createShareFollower(async ({ ref }) => (sent.push(`${ref.kind}:${ref.id}`), { refused: [] }), undefined, await sealedAs(source(plan)));
    expect(await f.update(source(plan))).toBe(false);
    expect(await f.update(source({ ...plan, musicSelections: ['Song', 'Another'] }))).toBe(true);
    await f.run();
    expect(sent).toEqual(['plan-section:music']);
  });

  it('a refresh that waits (offline) survives a reload: a fresh Dexie over the same device still holds it, and it is done later, once', async () => {
    const device = newDeviceIndexedDb();
    const now = () => Date.UTC(2026, 10, 21, 12);
    const first = await openOnDevice('u1', now, device);
    const sealed = sealedCopiesIn(first.dexie);
    for (const [key, copy] of items([doc('d1', 'desk'), doc('d2', 'bank')]).map((i) => [followKey(i.ref), i.copy] as const)) await sealed.set(key, await copyDigest(copy)); // shared from this device
    const offline = createShareFollower(async () => {
      throw new TypeError('Failed to fetch');
    }, pendingRefreshesIn(first.dexie), sealed);
    await offline.update(items([doc('d1', 'desk'), doc('d2', 'bank')]));
    expect(await offline.update(items([doc('d1', 'safe'), doc('d2', 'bank')]))).toBe(true);
    expect(await offline.run()).toEqual([]);
    first.close(); // the tab is closed, or reloaded

    const again = await openOnDevice('u1', now, device);
    const sent: string[] = [];
    const online = createShareFollower(async ({ ref, copy }) => (sent.push(`${ref.id}:${copy.kind === 'document' ? copy.originalLocation : ''}`), { refused: [] }), pendingRefreshesIn(again.dexie), sealedCopiesIn(again.dexie));
    // After the reload, d2 is as it was sealed: only the refresh that waited is due.
    expect(await online.update(items([doc('d1', 'safe'), doc('d2', 'bank')]))).toBe(true);
    expect(await online.run()).toEqual([]);
    expect(sent).toEqual(['d1:safe']);
    expect(await online.run()).toEqual([]);
    expect(sent).toEqual(['d1:safe']); // done: not sent again
    again.close();
    const third = await openOnDevice('u1', now, device);
    expect(await createShareFollower(async () => ({ refused: [] }), pendingRefreshesIn(third.dexie), sealedCopiesIn(third.dexie)).update(items([doc('d1', 'safe')]))).toBe(false);
    third.close();
  });

  it('two tabs of one device: a copy a slow tab sealed over a newer one the other tab sealed meanwhile is sealed again, newest last (review s27)', async () => {
    const device = newDeviceIndexedDb();
    const now = () => Date.UTC(2026, 10, 21, 12);
    const [one, two] = [await openOnDevice('u1', now, device), await openOnDevice('u1', now, device)];
    await sealedCopiesIn(one.dexie).set('document:d1', await copyDigest(items([doc('d1', 'desk')])[0]!.copy));
    let server = 'desk'; // the share's copy: the last one put wins (share-client.ts publish retries a 409 over the newer revision with its own copy)
    let release = () => {};
    const slow = new Promise<void>((r) => (release = r)); // the slow tab's seal of 'safe' is held until released
    const tab = (db: typeof one) =>
      createShareFollower(async ({ copy }) => {
        const words = copy.kind === 'document' ? copy.originalLocation! : '';
        if (words === 'safe') await slow;
        server = words;
        return { refused: [] };
      }, pendingRefreshesIn(db.dexie), sealedCopiesIn(db.dexie));
    const [first, second] = [tab(one), tab(two)];
    await first.update(items([doc('d1', 'desk')]));
    await second.update(items([doc('d1', 'desk')]));
    expect(await second.update(items([doc('d1', 'safe')]))).toBe(true);
    const secondRun = second.run(); // its seal of 'safe' is on the way, slowly
    expect(await first.update(items([doc('d1', 'bank')]))).toBe(true); // the owner's next edit, sealed by the other tab first
    await first.run();
    expect(server).toBe('bank');
    await second.update(items([doc('d1', 'bank')])); // the slow tab sees the edit: noted sealed by the other tab
    release();
    await secondRun; // 'safe' lands over 'bank'
    await second.run();
    await first.run();
    expect(server).toBe('bank'); // the newest copy, never the older one the slow tab sealed last
    one.close();
    two.close();
  });

  it("a change made after another tab's run cleared the item is not cleared by a slower tab's run of the first change (its stamp is never reused; review s27)", async () => {
    const db = await openOnDevice('u1', () => Date.UTC(2026, 10, 21, 12), newDeviceIndexedDb());
    for (const pending of [pendingRefreshesIn(db.dexie), pendingRefreshesInMemory()]) {
      const ref = { kind: 'document' as const, id: 'd1' };
      await pending.changed('document:d1', ref);
      const { stamp } = (await pending.list())[0]!; // both tabs' runs read it
      await pending.done('document:d1', stamp); // the fast tab's run sealed it
      await pending.changed('document:d1', ref); // the owner's next edit
      await pending.done('document:d1', stamp); // the slow tab's run of the first change ends
      expect(await pending.list()).toHaveLength(1); // the next edit still waits
    }
    db.close();
  });
});
