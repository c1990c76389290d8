/**
 * The owner's side of emergency access (emergency-access.ts, emergency-follow.ts) against the REAL
 * server (createApp over a SQLite file) with the REAL key session and kits (make-kits.ts), the
 * owner's records read from the device's database (Dexie over fake-indexeddb, after a sync): the
 * PUT body holds no word of any item; the bundle the server holds opens with E (from the gate it
 * holds and the trustee's own kit secret t) to exactly the chosen items; a change of a chosen item
 * re-seals it; a trustee with no kit is refused in words and nothing is sent.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { Trustee } from '../../../shared/schema';
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import { apiOver } from '../keys/test-migrate';
import { getKits } from '../trustees/kits/kits-api';
import { makeKits } from '../trustees/kits/make-kits';
import { choiceFloor, EmergencyAccessError, nextChoice, removeEmergency, saveFailedWords, sealEmergency } from './emergency-access';
import { createChoiceMemory } from './choice-memory';
import { createEmergencyFollower, emergencyBundles, resealStale } from './emergency-follow';
import { choiceOf, openHeld, SECRET_WORDS, setup } from './emergency-test-support';
import { noKitText, notSyncedText, olderChoiceText, serverHoldsOtherText, staleChoiceText, trusteeNotOnServerText } from './emergency-words';

describe('emergency access on the owner’s device, with the real server and kits', () => {
  it('sends no word of any item, and the bundle the server holds opens with the gate and the trustee’s t to exactly the chosen items', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    await sealEmergency(x.deps, grace, choiceOf(x.doc), await x.source());

    const body = JSON.stringify(x.sent);
    for (const words of Object.values(SECRET_WORDS)) expect(body).not.toContain(words);
    expect(x.sent).toEqual([expect.objectContaining({ position: 0, waitHours: 48, generation: 1, items: [x.doc.id, 'plan-section:music', 'task-list:financial'] })]);

    const opened = await openHeld(x, grace.id);
    expect(opened.items.map((i) => `${i.kind}:${i.id}`)).toEqual([`document:${x.doc.id}`, 'plan-section:music', 'task-list:financial']);
    expect(opened.items[0]!.copy).toMatchObject({ kind: 'document', documentName: SECRET_WORDS.docName, originalLocation: SECRET_WORDS.where });
    expect(JSON.stringify(opened)).toContain(SECRET_WORDS.music);
    expect(JSON.stringify(opened)).toContain(SECRET_WORDS.task);
    expect(JSON.stringify(opened)).not.toContain('Car insurance'); // not chosen
    // The server's own view lists the setting, with no gate.
    expect((await x.o.get<{ settings: unknown[] }>('/api/emergency')).settings).toEqual([expect.objectContaining({ trusteeId: grace.id, waitHours: 48 })]);
  });

  it('re-seals a trustee’s bundle when an item marked for an emergency changes on the device, and not for an item that is not marked', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    await x.db.write('trustees', grace.id, { emergency: choiceOf(x.doc) });
    await sealEmergency(x.deps, grace, choiceOf(x.doc), await x.source()); // the dialog's save
    const follower = createEmergencyFollower(x.deps);
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(false); // first sight: a baseline
    await x.db.write('trustees', grace.id, { emergency: { ...choiceOf(x.doc), waitHours: 24 } });
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await follower.run()).toEqual([]);
    expect((await openHeld(x, grace.id)).items[0]!.copy).toMatchObject({ originalLocation: SECRET_WORDS.where });
    const sentBefore = x.sent.length;

    await x.db.write('documents', x.other.id, { originalLocation: 'Glovebox' }); // not marked
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(false);
    await x.db.write('documents', x.doc.id, { originalLocation: 'The safe at the bank' });
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await follower.run()).toEqual([]);
    expect(x.sent.length).toBe(sentBefore + 1);
    expect((await openHeld(x, grace.id)).items[0]!.copy).toMatchObject({ originalLocation: 'The safe at the bank' });
  });

  it('never brings back access removed on another device: a device that had not synced the removal refreshes nothing (security review 20 #1)', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    await x.db.write('trustees', grace.id, { emergency: choiceOf(x.doc) });
    await sealEmergency(x.deps, grace, choiceOf(x.doc), await x.source());
    const follower = createEmergencyFollower(x.deps);
    await follower.update(emergencyBundles(await x.source())); // this device's baseline, choice still set
    await removeEmergency(x.deps, grace.id); // another device removes it (its record change not synced here yet)
    await x.db.write('documents', x.doc.id, { originalLocation: 'The safe at the bank' }); // an edit here
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await follower.run()).toEqual([]);
    expect((await x.o.get<{ settings: unknown[] }>('/api/emergency')).settings).toEqual([]);
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(false); // nothing left waiting
  });

  it('says in words, never silently, why a refresh the server refuses did not happen (a bundle too large: security review 20 #3)', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const choice: EmergencyChoice = { ...choiceOf(x.doc), items: [...choiceOf(x.doc).items, { kind: 'plan-section', id: 'obituary' }] };
    await x.db.write('trustees', grace.id, { emergency: choice });
    await sealEmergency(x.deps, grace, choice, await x.source());
    const follower = createEmergencyFollower(x.deps);
    await follower.update(emergencyBundles(await x.source()));
    // An obituary within its limit (20,000 characters) in a script of 3 bytes a character: the sealed bundle passes the server's 64 KiB.
    await x.db.write('deathPlan', x.o.userId, { obituary: '她一生热爱家人和花园。'.repeat(1_800) });
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    const words = await follower.run();
    expect(words).toHaveLength(1);
    expect(words[0]).toMatch(/^Grace.*could not be updated.*too long/);
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(false); // said once, not tried at every change
  });

  it('seals a bundle again for the trustee’s new kit once the owner re-keys, and leaves a current one alone', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    await x.db.write('trustees', grace.id, { emergency: choiceOf(x.doc) });
    await sealEmergency(x.deps, grace, choiceOf(x.doc), await x.source());
    expect(await resealStale(x.deps, await x.source())).toEqual([]);
    expect(x.sent.length).toBe(1); // current: not sealed again
    const api = apiOver(x.t.call, x.o.cookie);
    await makeKits({ api, account: x.o.userId, withAccountKey: x.s.withAccountKey, keyring: x.s.keyring! }, { k: 2, trustees: [x.byName('Grace'), x.byName('Alan')].map((t) => ({ trusteeId: t.id, level: 'full' as const })), state: await getKits(api) });
    expect(await resealStale(x.deps, await x.source())).toEqual([]);
    const held = x.t.deps.db.prepare('SELECT generation FROM emergency_settings WHERE user_id = ? AND trustee_id = ?').get(x.o.userId, grace.id) as { generation: number };
    expect(held.generation).toBe(2);
    expect((await openHeld(x, grace.id)).items).toHaveLength(3); // opens with the new kit's t
  });

  it('refuses a trustee who has no kit, in words that point to making kits, and sends nothing', async () => {
    const x = await setup();
    const mary = x.byName('Mary');
    const attempt = sealEmergency(x.deps, mary, choiceOf(x.doc), await x.source());
    await expect(attempt).rejects.toThrow(EmergencyAccessError);
    await expect(attempt).rejects.toThrow(noKitText(mary.name));
    expect(noKitText(mary.name)).toMatch(/no trustee kit yet.*Make trustee kits first/);
    expect(x.sent).toEqual([]);
    expect((await x.o.get<{ settings: unknown[] }>('/api/emergency')).settings).toEqual([]);
  });

  it('says which is not on the server: a trustee not there (yet) is named as such, apart from an item not there yet', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const alan = x.byName('Alan');
    const failure = (p: Promise<void>) => p.then(() => null, (err: unknown) => err);
    // A document deleted on the server (another device) that this device still holds: an item not on the server.
    expect((await x.t.call('DELETE', `/api/documents/${x.doc.id}`, undefined, x.o.cookie)).status).toBeLessThan(300);
    const item = await failure(sealEmergency(x.deps, grace, choiceOf(x.doc), await x.source()));
    expect(saveFailedWords(item, grace.name)).toBe(notSyncedText());
    // Alan is no trustee on the server any more (removed elsewhere), while this device still lists him.
    expect((await x.t.call('DELETE', `/api/trustees/${alan.id}`, undefined, x.o.cookie)).status).toBeLessThan(300);
    await x.t.services.scheduler.runOnce(); // the server's list follows the records at its pass
    const trustee = await failure(sealEmergency(x.deps, alan, { ...choiceOf(x.other), items: [{ kind: 'document', id: x.other.id }] }, await x.source()));
    expect(saveFailedWords(trustee, alan.name)).toBe(trusteeNotOnServerText(alan.name));
    expect(trusteeNotOnServerText(alan.name)).toMatch(/^Alan.* not on the server as your trustee/);
    // Anything else is said as the server said it, or as a connection problem.
    expect(saveFailedWords(new EmergencyAccessError('Words.'), 'Alan')).toBe('Words.');
    expect(saveFailedWords(new TypeError('Failed to fetch'), 'Alan')).toBe('Check your connection and try again.');
  });

  it('a device that had not synced a narrower choice cannot seal its wider one: the server refuses it (409), the device syncs, then seals the newest choice', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const wide: EmergencyChoice = { ...choiceOf(x.doc), version: 1 };
    await x.db.write('trustees', grace.id, { emergency: wide });
    await sealEmergency(x.deps, grace, wide, await x.source());
    // Another device narrows it to the document alone and seals that; its record change has not reached this device.
    const narrow: EmergencyChoice = { ...wide, items: [{ kind: 'document', id: x.doc.id }], version: 2 };
    await sealEmergency(x.deps, grace, narrow, await x.source());
    const held = () => x.t.deps.db.prepare('SELECT items, choice_version FROM emergency_settings WHERE user_id = ? AND trustee_id = ?').get(x.o.userId, grace.id);
    expect(held()).toEqual({ items: JSON.stringify([x.doc.id]), choice_version: 2 });

    let resyncs = 0;
    const follower = createEmergencyFollower({ ...x.deps, resync: () => void resyncs++ });
    await follower.update(emergencyBundles(await x.source())); // this device's baseline: the wide choice
    await x.db.write('documents', x.doc.id, { originalLocation: 'The safe at the bank' }); // an edit of an item here
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await follower.run()).toEqual([]); // refused, not said as a failure: the device syncs first
    expect(resyncs).toBe(1);
    expect(held()).toEqual({ items: JSON.stringify([x.doc.id]), choice_version: 2 }); // the narrower choice stands

    // The dialog's save from the stale choice says so in words.
    const refused = await sealEmergency(x.deps, grace, { ...wide, waitHours: 24 }, await x.source()).then(() => null, (err: unknown) => err);
    expect(saveFailedWords(refused, grace.name)).toBe(staleChoiceText(grace.name));

    // The sync brings the narrower choice (as the engine writes it): the waiting bundle is sealed from it.
    await x.db.write('trustees', grace.id, { emergency: narrow });
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await follower.run()).toEqual([]);
    expect(x.sent.at(-1)).toMatchObject({ items: [x.doc.id], choiceVersion: 2 });
    const opened = await openHeld(x, grace.id);
    expect(opened.items.map((i) => `${i.kind}:${i.id}`)).toEqual([`document:${x.doc.id}`]);
    expect(opened.items[0]!.copy).toMatchObject({ originalLocation: 'The safe at the bank' }); // with this device's edit
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(false); // nothing left waiting
  });

  it('after a Remove the next save seals above the highest version the server held, so a device that had not synced cannot bring back its wider choice; a refusal still there after the sync is told once, in words (security review s22 H1)', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const latest = async (id: string) => ((await x.db.dexie.entities('trustees').get(id)) as Trustee | undefined)?.emergency ?? null;
    const wide: EmergencyChoice = { ...choiceOf(x.doc), waitHours: 1, version: 3 };
    await x.db.write('trustees', grace.id, { emergency: wide });
    await sealEmergency(x.deps, grace, wide, await x.source());
    const deviceB = await x.source(); // device B's records: the wide choice, never synced after

    // Device A: Remove, then a narrow choice. Its version is above the 3 the server held, not 1.
    await removeEmergency(x.deps, grace.id);
    await x.db.write('trustees', grace.id, { emergency: null });
    const narrow = nextChoice(null, { items: [{ kind: 'document', id: x.doc.id }], waitHours: 72, position: 0 }, await choiceFloor(x.deps, grace.id));
    expect(narrow.version).toBe(4);
    await sealEmergency(x.deps, grace, narrow, await x.source());
    await x.db.write('trustees', grace.id, { emergency: narrow });
    const held = () => x.t.deps.db.prepare('SELECT items, wait_hours, choice_version FROM emergency_settings WHERE user_id = ? AND trustee_id = ?').get(x.o.userId, grace.id);
    expect(held()).toEqual({ items: JSON.stringify([x.doc.id]), wait_hours: 72, choice_version: 4 });

    // Device B re-seals its wide v3 (an edit of an item in it): refused; it syncs, which brings the narrow choice: nothing told, nothing widened.
    let syncs = 0;
    const b = createEmergencyFollower({ ...x.deps, resync: async () => void syncs++, latest });
    await b.update(emergencyBundles(deviceB));
    await x.db.write('documents', x.doc.id, { originalLocation: 'The safe at the bank' });
    expect(await b.update(emergencyBundles({ ...(await x.source()), trustees: deviceB.trustees }))).toBe(true);
    expect(await b.run()).toEqual([]);
    expect(syncs).toBe(1);
    expect(held()).toEqual({ items: JSON.stringify([x.doc.id]), wait_hours: 72, choice_version: 4 });
    expect(await b.update(emergencyBundles(await x.source()))).toBe(true); // the synced narrow choice, sealed
    expect(await b.run()).toEqual([]);
    expect(x.sent.at(-1)).toMatchObject({ items: [x.doc.id], waitHours: 72, choiceVersion: 4, refresh: true });

    // The server holds a choice the device does not have (here written past the device), and the sync brings nothing newer: told once, in words.
    const other = { ...narrow, waitHours: 24, version: 9 };
    await sealEmergency(x.deps, grace, other, await x.source());
    const c = createEmergencyFollower({ ...x.deps, resync: async () => void syncs++, latest });
    await c.update(emergencyBundles(await x.source()));
    await x.db.write('documents', x.doc.id, { originalLocation: 'The bank, box 12' });
    expect(await c.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await c.run()).toEqual([serverHoldsOtherText(grace.name)]);
    expect(syncs).toBe(2);
    await x.db.write('documents', x.doc.id, { originalLocation: 'The bank, box 13' });
    await c.update(emergencyBundles(await x.source()));
    expect(await c.run()).toEqual([]); // not told again for the same choice
    expect(held()).toMatchObject({ wait_hours: 24, choice_version: 9 });
  });

  it('remembers on the device the highest choice version it has sealed per trustee, and refuses in words to seal an older one a lying server replays (security review s22 L5)', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const seen = createChoiceMemory(x.db.dexie);
    const deps = { ...x.deps, seen };
    const wide: EmergencyChoice = { ...choiceOf(x.doc), version: 2 };
    await sealEmergency(deps, grace, wide, await x.source());
    const narrow: EmergencyChoice = { ...wide, items: [{ kind: 'document', id: x.doc.id }], version: 5 };
    await x.db.write('trustees', grace.id, { emergency: narrow });
    await sealEmergency(deps, grace, narrow, await x.source());
    expect(await createChoiceMemory(x.db.dexie).highest(grace.id)).toBe(5); // kept in the device's database
    expect(await choiceFloor(deps, grace.id)).toBe(5);

    // The server replays the older, wider record: the follower refuses to seal it, says so, sends nothing.
    const follower = createEmergencyFollower(deps);
    await follower.update(emergencyBundles(await x.source()));
    await x.db.write('trustees', grace.id, { emergency: wide });
    const before = x.sent.length;
    expect(await follower.update(emergencyBundles(await x.source()))).toBe(true);
    expect(await follower.run()).toEqual([olderChoiceText(grace.name)]);
    const direct = await sealEmergency(deps, grace, { ...wide, waitHours: 1 }, await x.source()).then(() => null, (err: unknown) => err);
    expect(direct).toBeInstanceOf(EmergencyAccessError);
    expect(saveFailedWords(direct, grace.name)).toBe(olderChoiceText(grace.name));
    expect(x.sent.length).toBe(before);
    const held = x.t.deps.db.prepare('SELECT items, choice_version FROM emergency_settings WHERE user_id = ? AND trustee_id = ?').get(x.o.userId, grace.id);
    expect(held).toEqual({ items: JSON.stringify([x.doc.id]), choice_version: 5 });
  });
});
