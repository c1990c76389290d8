/**
 * An emergency bundle is sealed again for an edit this device's follower did not see happen
 * (issue 43, docs/sharing.md "Not built yet" until session 27): made while the owner's keys were
 * locked (no follower runs then), or synced in from another device while no follower ran here. The
 * follower compares each bundle with what this device last SEALED (sharing/sealed-copies.ts, kept
 * in the device's database), not with its own first sight. The REAL server (createApp over SQLite),
 * the REAL key session and kits, Dexie over fake-indexeddb (emergency-test-support.ts).
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { pendingRefreshesIn } from '../sharing';
import { sealedCopiesInMemory } from '../sharing/sealed-copies';
import { sealEmergency } from './emergency-access';
import { createEmergencyFollower, emergencyBundles } from './emergency-follow';
import { choiceOf, openHeld, SECRET_WORDS, setup } from './emergency-test-support';

/** Grace's emergency access saved from the dialog on this device (its deps note what was sealed), and a follower as EmergencyFollow makes one while the keys are open. */
async function saved() {
  const x = await setup();
  const grace = x.byName('Grace');
  const deps = x.deps; // what it seals is noted in the device's database (sealedCopiesIn), as in the app
  await x.db.write('trustees', grace.id, { emergency: choiceOf(x.doc) });
  await sealEmergency(deps, grace, choiceOf(x.doc), await x.source()); // the dialog's save
  const follower = () => createEmergencyFollower(deps, pendingRefreshesIn(x.db.dexie, (kind) => kind === 'emergency-bundle'));
  return { x, grace, deps, follower };
}

describe('an emergency bundle is sealed again for an edit the follower did not see happen', () => {
  it('an edit made while the keys were locked is sealed once they open; what was sealed is not sealed twice', async () => {
    const { x, grace, follower } = await saved();
    expect(await follower().update(emergencyBundles(await x.source()))).toBe(false); // what the dialog sealed: nothing to do
    // The keys lock: EmergencyFollow has no follower. An edit of a chosen item is made meanwhile.
    await x.db.write('documents', x.doc.id, { originalLocation: 'The safe at the bank' });
    // The keys open again: a new follower, whose first sight is the edited copy.
    const opened = follower();
    const sentBefore = x.sent.length;
    expect(await opened.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await opened.run()).toEqual([]);
    expect(x.sent.length).toBe(sentBefore + 1);
    expect((await openHeld(x, grace.id)).items[0]!.copy).toMatchObject({ originalLocation: 'The safe at the bank' });
    // A reload: the copy sealed is what the device holds, so nothing is sealed again.
    expect(await follower().update(emergencyBundles(await x.source()))).toBe(false);
    expect(x.sent.length).toBe(sentBefore + 1);
  });

  it('an edit synced in from another device while no follower ran here is sealed at the next sight', async () => {
    const { x, grace, follower } = await saved();
    await x.sync(); // the choice reaches the server's records too
    // Another device edits the document (through the server's records), while this device's tab is closed.
    const res = await x.t.call('PATCH', `/api/documents/${x.doc.id}`, { originalLocation: 'With the solicitor' }, x.o.cookie);
    expect(res.status, await res.clone().text()).toBe(200);
    await x.sync();
    const later = follower();
    expect(await later.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await later.run()).toEqual([]);
    expect((await openHeld(x, grace.id)).items[0]!.copy).toMatchObject({ originalLocation: 'With the solicitor' });
    expect(JSON.stringify((await openHeld(x, grace.id)).items)).not.toContain(SECRET_WORDS.where);
  });

  it('a device that never sealed a bundle seals it once at first sight (it cannot know what another device sealed)', async () => {
    const { x, grace } = await saved();
    expect(await createEmergencyFollower(x.deps).update(emergencyBundles(await x.source()))).toBe(false); // this device sealed it
    const fresh = createEmergencyFollower({ ...x.deps, sealed: sealedCopiesInMemory() }); // the same records on a device that sealed nothing
    expect(await fresh.update(emergencyBundles(await x.source()))).toBe(true);
    const sentBefore = x.sent.length;
    expect(await fresh.run()).toEqual([]);
    expect(x.sent.length).toBeLessThanOrEqual(sentBefore + 1);
    expect(await fresh.update(emergencyBundles(await x.source()))).toBe(false);
    expect((await openHeld(x, grace.id)).items[0]!.copy).toMatchObject({ originalLocation: SECRET_WORDS.where });
  });
});
