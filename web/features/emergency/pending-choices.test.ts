/**
 * An emergency choice saved offline (pending-choices.ts; docs/sharing.md "A choice saved offline"),
 * kept in the device's database (Dexie over fake-indexeddb) and sent to the REAL server (createApp
 * over SQLite) with the real kits: nothing leaves while offline; once online it is sealed and taken,
 * and written into the trustee's record; a choice changed or removed on another device meanwhile is
 * never overwritten (the check before sending, and the server's own compare-and-set on `basedOn`
 * when the change races it): the owner's choice stays on the device, marked with why.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import type { Api } from '../keys';
import { removeEmergency, sealEmergency } from './emergency-access';
import { choiceOf, heldOn, openHeld, racingApi, recordOf, sendDeps, setup } from './emergency-test-support';
import { changedMeanwhileText, notSentText, refusedForGoodText } from './emergency-words';
import { pendingChoicesIn, sendPendingChoices } from './pending-choices';
import { retryDelay } from '../../api/retry';

const held = heldOn;

describe('an emergency choice saved offline, sent once online', () => {
  it('waits on the device while offline (nothing sent), then is sealed, taken by the server and written into the trustee’s record', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const queue = pendingChoicesIn(x.db.dexie);
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...choiceOf(x.doc), version: 1 }, basedOn: 0, at: 1 });

    expect(await sendPendingChoices(sendDeps(x, x.deps.api, () => false), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] });
    expect(x.sent).toEqual([]);
    const unreachable: Api = () => Promise.reject(new TypeError('Failed to fetch')); // the browser says online, the server is out of reach
    expect(await sendPendingChoices(sendDeps(x, unreachable), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] });
    expect((await queue.get(grace.id))?.problem).toBeUndefined();
    x.t.advance(retryDelay(1)); // unreachable: asked again once its wait is over (pending-removal.test.ts)

    expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [grace.name], removed: [], notSent: [] });
    expect(x.sent).toEqual([expect.objectContaining({ basedOn: 0, choiceVersion: 1, items: [x.doc.id, 'plan-section:music', 'task-list:financial'] })]);
    expect((await held(x)).settings).toEqual([expect.objectContaining({ trusteeId: grace.id, choiceVersion: 1 })]);
    expect(await recordOf(x, grace.id)).toEqual({ ...choiceOf(x.doc), version: 1 });
    expect(await queue.all()).toEqual({});
    expect((await openHeld(x, grace.id)).items).toHaveLength(3);
  });

  it('back online, its wait is over at once (retry.ts due, reconnectedAt), once: a server still out of reach backs it off again', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const queue = pendingChoicesIn(x.db.dexie);
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...choiceOf(x.doc), version: 1 }, basedOn: 0, at: 1 });
    const unreachable: Api = () => Promise.reject(new TypeError('Failed to fetch'));
    await sendPendingChoices(sendDeps(x, unreachable), queue, await x.source());
    expect((await queue.get(grace.id))?.tries).toBe(1);
    x.t.advance(1_000);
    const back = x.t.deps.now(); // the browser's `online` event, 1 s into a 30 s wait
    await sendPendingChoices({ ...sendDeps(x, unreachable), reconnectedAt: () => back }, queue, await x.source());
    expect((await queue.get(grace.id))?.tries).toBe(2); // asked at once; still out of reach: waits again
    x.t.advance(1_000);
    await sendPendingChoices({ ...sendDeps(x, unreachable), reconnectedAt: () => back }, queue, await x.source());
    expect((await queue.get(grace.id))?.tries).toBe(2); // once: not asked again until its new wait ends or the next reconnection
    const again = x.t.deps.now();
    expect(await sendPendingChoices({ ...sendDeps(x), reconnectedAt: () => again }, queue, await x.source())).toEqual({ sent: [grace.name], removed: [], notSent: [] });
    expect(await queue.all()).toEqual({});
  });

  it('is sealed above the highest version the server has held (a Remove made earlier counts), edited from what the server holds', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    await sealEmergency(x.deps, grace, { ...choiceOf(x.doc), version: 5 }, await x.source(), { basedOn: 0 });
    await removeEmergency(x.deps, grace.id);
    await x.db.write('trustees', grace.id, { emergency: null });
    const queue = pendingChoicesIn(x.db.dexie);
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...choiceOf(x.doc), waitHours: 6, version: 1 }, basedOn: 0, at: 1 }); // offline, it knew no higher
    expect((await sendPendingChoices(sendDeps(x), queue, await x.source())).sent).toEqual([grace.name]);
    expect((await held(x)).settings.map((s) => [s.waitHours, s.choiceVersion])).toEqual([[6, 6]]);
    expect((await recordOf(x, grace.id))?.version).toBe(6);
  });

  it('never overwrites a choice removed on another device meanwhile: not sent, the owner told, the choice kept on the device with why, and not retried (security review #20 #1)', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const first: EmergencyChoice = { ...choiceOf(x.doc), version: 1 };
    await sealEmergency(x.deps, grace, first, await x.source(), { basedOn: 0 });
    await x.db.write('trustees', grace.id, { emergency: first });
    const queue = pendingChoicesIn(x.db.dexie);
    const mine = { trusteeId: grace.id, choice: { ...first, waitHours: 1, version: 2 }, basedOn: 1, at: 1 };
    await queue.set(grace.id, mine); // this device, offline, widens it
    await removeEmergency(x.deps, grace.id); // another device removes it
    x.sent.length = 0;

    const out = await sendPendingChoices(sendDeps(x), queue, await x.source());
    expect(out).toEqual({ sent: [], removed: [], notSent: [notSentText(grace.name, changedMeanwhileText(grace.name))] });
    expect(x.sent).toEqual([]);
    expect((await held(x)).settings).toEqual([]); // the Remove stands
    expect(await queue.get(grace.id)).toEqual({ ...mine, problem: changedMeanwhileText(grace.name) });
    expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] }); // told once
  });

  it('a change racing the send (after the device read what the server holds): the server refuses it by basedOn, and the choice is kept with why', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const first: EmergencyChoice = { ...choiceOf(x.doc), version: 1 };
    await sealEmergency(x.deps, grace, first, await x.source(), { basedOn: 0 });
    const queue = pendingChoicesIn(x.db.dexie);
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...first, waitHours: 1, version: 2 }, basedOn: 1, at: 1 });
    // Another device's narrower choice lands just after this device read the server's state.
    const racing = racingApi(x, async () => sealEmergency(x.deps, grace, { ...first, waitHours: 168, version: 3 }, await x.source(), { basedOn: 1 }));
    const out = await sendPendingChoices(sendDeps(x, racing), queue, await x.source());
    expect(out.sent).toEqual([]);
    expect(out.notSent).toEqual([notSentText(grace.name, changedMeanwhileText(grace.name))]);
    expect((await held(x)).settings.map((s) => [s.waitHours, s.choiceVersion])).toEqual([[168, 3]]);
    expect((await queue.get(grace.id))?.problem).toBe(changedMeanwhileText(grace.name));
  });

  it('a choice of a document deleted on another device (the server answers 404, nothing of it waits in this device\'s outbox) is not sent, told once and not retried; one of a document still in the outbox waits for the sync', async () => {
    const x = await setup();
    const grace = x.byName('Grace');
    const queue = pendingChoicesIn(x.db.dexie);
    const written = { documentType: 'will' as const, documentName: 'Written offline', documentUrl: 'https://files.example.com/new.pdf', createdAt: new Date(x.t.deps.now()).toISOString() };
    await x.db.write('documents', 'd-new', written); // on this device only: its change waits in the outbox
    await queue.set(grace.id, { trusteeId: grace.id, choice: { items: [{ kind: 'document', id: 'd-new' }], waitHours: 48, position: 0, version: 1 }, basedOn: 0, at: 1 });
    for (let i = 0; i < 2; i++) expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] });
    expect((await queue.get(grace.id))?.problem).toBeUndefined();

    // Another device deletes the document the choice names; this device has not pulled the delete.
    const mine = { trusteeId: grace.id, choice: { items: [{ kind: 'document' as const, id: x.doc.id }], waitHours: 48, position: 0, version: 1 }, basedOn: 0, at: 2 };
    await queue.set(grace.id, mine);
    expect((await x.t.call('DELETE', `/api/documents/${x.doc.id}`, undefined, x.o.cookie)).status).toBe(200);
    const why = refusedForGoodText('No such document', false);
    expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [notSentText(grace.name, why)] });
    expect(await queue.get(grace.id)).toEqual({ ...mine, problem: why });
    expect((await held(x)).settings).toEqual([]);
    expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] }); // told once
  });
});
