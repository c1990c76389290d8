/**
 * When every item marked for a trustee's emergency access is deleted, the trustee's bundle is
 * sealed again EMPTY (issue 43: "access stops for new items"; docs/sharing.md listed it as not built:
 * the server kept the last bundle, so a deleted document's words stayed openable in an emergency).
 * The owner is told once, in words; what the server holds opens to no item. The REAL server
 * (createApp over SQLite), the REAL key session and kits, Dexie over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import { TOMBSTONE_FIELD } from '../../../shared/schema/collection-names';
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import { pendingRefreshesIn } from '../sharing';
import { sealEmergency } from './emergency-access';
import { createEmergencyFollower, emergencyBundles, sealedEmpty } from './emergency-follow';
import { allDeletedText } from './emergency-words';
import { openHeld, SECRET_WORDS, setup } from './emergency-test-support';

describe('every item chosen for an emergency deleted', () => {
  it('seals an empty bundle in place of the last one, tells the owner once, and seals nothing more', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const choice: EmergencyChoice = { items: [{ kind: 'document', id: x.doc.id }], waitHours: 48, position: 0 };
    await x.db.write('trustees', grace.id, { emergency: choice });
    await sealEmergency(x.deps, grace, choice, await x.source());
    expect(JSON.stringify((await openHeld(x, grace.id)).items)).toContain(SECRET_WORDS.where);

    // The only chosen document is deleted on this device, and the deletion synced (the follower
    // seals once this device's sync has ended: use-follow.ts useCaughtUp).
    await x.db.write('documents', x.doc.id, { [TOMBSTONE_FIELD]: true });
    await x.sync();
    const follower = createEmergencyFollower(x.deps, pendingRefreshesIn(x.db.dexie, (kind) => kind === 'emergency-bundle'));
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await follower.run()).toEqual([allDeletedText(grace.name)]);

    const held = await openHeld(x, grace.id);
    expect(held.items).toEqual([]);
    expect(JSON.stringify(held)).not.toContain(SECRET_WORDS.where);
    expect(JSON.stringify(held)).not.toContain(SECRET_WORDS.docName);
    // Told once: the empty bundle is what this device sealed, so the next sight seals nothing.
    const sent = x.sent.length;
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(false);
    expect(await follower.run()).toEqual([]);
    expect(x.sent.length).toBe(sent);
  });

  it('never seals empty for an item this device does not hold as deleted (never received, or it did not open): the last bundle stays', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const choice: EmergencyChoice = { items: [{ kind: 'document', id: x.doc.id }], waitHours: 48, position: 0 };
    await x.db.write('trustees', grace.id, { emergency: choice });
    await sealEmergency(x.deps, grace, choice, await x.source());
    // The document's row is gone from this device, with no deletion mark: as on a device whose pull
    // did not bring it, or whose sealed fields did not open.
    await x.db.dexie.fieldState.delete(['documents', x.doc.id]);
    await x.db.dexie.entities('documents').delete(x.doc.id);
    const follower = createEmergencyFollower(x.deps, pendingRefreshesIn(x.db.dexie, (kind) => kind === 'emergency-bundle'));
    await follower.update(emergencyBundles(await x.source()));
    const told = await follower.run();
    expect(told).not.toContain(allDeletedText(grace.name));
    expect(JSON.stringify((await openHeld(x, grace.id)).items)).toContain(SECRET_WORDS.where);
  });

  it('the server refuses an empty refresh while a document chosen still exists', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const choice: EmergencyChoice = { items: [{ kind: 'document', id: x.doc.id }], waitHours: 48, position: 0 };
    await sealEmergency(x.deps, grace, choice, await x.source());
    const sent = x.sent.at(-1) as Record<string, unknown>;
    const res = await x.t.call('PUT', `/api/emergency/trustees/${grace.id}`, { ...sent, items: [], refresh: true }, x.o.cookie);
    expect(res.status).toBe(409);
    expect(JSON.stringify((await openHeld(x, grace.id)).items)).toContain(SECRET_WORDS.where);
  });

  it('the server refuses an empty setting that is not a refresh: a new choice names at least one item', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const res = await x.t.call('PUT', `/api/emergency/trustees/${grace.id}`, { position: 0, waitHours: 48, generation: 1, items: [], gate: 'a'.repeat(43), wrap: `w1.${'a'.repeat(16)}.${'a'.repeat(64)}`, bundle: 's1.aaaa.bbbb' }, x.o.cookie);
    expect(res.status).toBe(400);
    expect(JSON.stringify(await res.json())).toContain('must name at least one item');
  });
});

describe("the owner's toast when every item was deleted", () => {
  it('is told apart from a refusal (the bundle was updated: no alarm)', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    await x.db.write('trustees', grace.id, { emergency: { items: [{ kind: 'document', id: x.doc.id }], waitHours: 48, position: 0 } });
    await x.db.write('documents', x.doc.id, { [TOMBSTONE_FIELD]: true });
    const bundles = emergencyBundles(await x.source());
    expect(sealedEmpty(bundles, allDeletedText(grace.name))).toBe(true);
    const { notUpdatedText } = await import('./emergency-words');
    expect(sealedEmpty(bundles, notUpdatedText(grace.name, false))).toBe(false);
  });
});
