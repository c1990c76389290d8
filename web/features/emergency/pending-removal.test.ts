/**
 * "Remove emergency access" with no connection (pending-choices.ts; docs/sharing.md "A choice saved
 * offline"), as a choice saved offline is: kept on the device with the choice it was made from
 * (`basedOn`), sent once online, and never sent over a choice saved on another device meanwhile
 * (the check before sending, and the server's own compare-and-set on `?basedOn=`). Then the retry
 * rule of every queued choice: a refusal that will never change ends the retry (kept, with why, told
 * once); a busy or unreachable server is tried again later, with a growing wait. The REAL server
 * (createApp over SQLite), the real kits, Dexie over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { describe, expect, it } from 'vitest';
import type { EmergencyChoice } from '../../../shared/schema/trustee';
import { ApiError } from '../../api/client';
import type { Api } from '../keys';
import { createChoiceMemory } from './choice-memory';
import { removeEmergency, sealEmergency } from './emergency-access';
import { heldOn, racingApi, recordOf, sendDeps, withChoice as givenChoice } from './emergency-test-support';
import { changedBeforeRemovalText, notSentText, refusedForGoodText, removeNotSentText } from './emergency-words';
import { pendingChoicesIn, removalRow, sendPendingChoices } from './pending-choices';

/** Grace given emergency access at version 1 (emergency-test-support.ts withChoice); every path the device asks for is in `paths`. */
async function withChoice() {
  const given = await givenChoice();
  const paths: string[] = [];
  const api: Api = (path, init) => (paths.push(`${init?.method ?? 'GET'} ${path}`), given.x.deps.api(path, init));
  return { ...given, paths, api };
}

describe('Remove emergency access with no connection', () => {
  it('waits on the device (nothing sent offline), then removes on the server the choice it was made from, empties the record and keeps its version', async () => {
    const { x, grace, first, paths, api, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: first, basedOn: 1, at: 1, remove: true });

    expect(await sendPendingChoices(sendDeps(x, api, () => false), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] });
    expect(paths).toEqual([]);
    expect((await heldOn(x)).settings).toHaveLength(1); // Grace can still ask until it is sent
    expect(await recordOf(x, grace.id)).toEqual(first);

    expect(await sendPendingChoices({ ...sendDeps(x, api), seen: createChoiceMemory(x.db.dexie) }, queue, await x.source())).toEqual({ sent: [], removed: [grace.name], notSent: [] });
    expect(paths).toContain(`DELETE /api/emergency/trustees/${grace.id}?basedOn=1`);
    expect((await heldOn(x)).settings).toEqual([]);
    expect((await heldOn(x)).choiceVersions).toEqual({ [grace.id]: 1 });
    expect(await recordOf(x, grace.id)).toBeNull();
    expect(await queue.all()).toEqual({});
    expect(await createChoiceMemory(x.db.dexie).highest(grace.id)).toBe(1); // the next save here is above it
  });

  it('a choice saved on another device meanwhile is not removed: the Remove is kept with why, told once, and the newer choice stands', async () => {
    const { x, grace, first, paths, api, queue } = await withChoice();
    const mine = { trusteeId: grace.id, choice: first, basedOn: 1, at: 1, remove: true as const };
    await queue.set(grace.id, mine);
    await sealEmergency(x.deps, grace, { ...first, waitHours: 6, version: 2 }, await x.source(), { basedOn: 1 }); // another device

    const out = await sendPendingChoices(sendDeps(x, api), queue, await x.source());
    expect(out).toEqual({ sent: [], removed: [], notSent: [removeNotSentText(grace.name, changedBeforeRemovalText(grace.name))] });
    expect(paths.filter((p) => p.startsWith('DELETE'))).toEqual([]);
    expect((await heldOn(x)).settings.map((s) => [s.waitHours, s.choiceVersion])).toEqual([[6, 2]]);
    expect(await queue.get(grace.id)).toEqual({ ...removalRow(grace.id, first, 1), problem: changedBeforeRemovalText(grace.name) }); // stored as Removes were (`choice`), kept as they are now (`removed`)
    expect(await sendPendingChoices(sendDeps(x, api), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] }); // told once
  });

  it('a choice racing the send (after the device read the server): the server refuses the Remove by basedOn, and it is kept with why', async () => {
    const { x, grace, first, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: first, basedOn: 1, at: 1, remove: true });
    const racing = racingApi(x, async () => sealEmergency(x.deps, grace, { ...first, waitHours: 168, version: 2 }, await x.source(), { basedOn: 1 }));
    const out = await sendPendingChoices(sendDeps(x, racing), queue, await x.source());
    expect(out.removed).toEqual([]);
    expect(out.notSent).toEqual([removeNotSentText(grace.name, changedBeforeRemovalText(grace.name))]);
    expect((await heldOn(x)).settings.map((s) => [s.waitHours, s.choiceVersion])).toEqual([[168, 2]]);
    expect(await recordOf(x, grace.id)).toEqual(first);
  });

  it('removed already on another device (or an earlier send whose answer was lost): done, quietly', async () => {
    const { x, grace, first, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: first, basedOn: 1, at: 1, remove: true });
    await removeEmergency(x.deps, grace.id);
    expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [], removed: [grace.name], notSent: [] });
    expect(await recordOf(x, grace.id)).toBeNull();
    expect(await queue.all()).toEqual({});
  });

  it('the server itself refuses a Remove made from another choice than it holds (409 CHOICE_CHANGED), and takes one made from it', async () => {
    const { x, grace } = await withChoice();
    await expect(removeEmergency(x.deps, grace.id, 0)).rejects.toMatchObject({ status: 409 });
    expect((await heldOn(x)).settings).toHaveLength(1);
    expect((await x.o.t.call('DELETE', `/api/emergency/trustees/${grace.id}?basedOn=x`, undefined, x.o.cookie)).status).toBe(400);
    await removeEmergency(x.deps, grace.id, 1);
    expect((await heldOn(x)).settings).toEqual([]);
  });
});

describe('a queued choice the server keeps refusing', () => {
  it('a refusal that will never change (a 4xx) ends the retry: kept with the owner’s words, told once, never sent again', async () => {
    const { x, grace, first, paths, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...first, waitHours: 6, version: 2 }, basedOn: 1, at: 1 });
    const refusing: Api = (path, init) => (paths.push(`${init?.method ?? 'GET'} ${path}`), init?.method === 'PUT' ? Promise.reject(new ApiError(422, JSON.stringify({ error: 'The bundle is not one this server can keep', issues: [] }), 'Unprocessable Content')) : x.deps.api(path, init));
    const out = await sendPendingChoices(sendDeps(x, refusing), queue, await x.source());
    const why = refusedForGoodText('The bundle is not one this server can keep', false);
    expect(why).toMatch(/^The server refused it \(The bundle is not one this server can keep\)\. It will not be tried again\. Your choice is kept on this device/);
    expect(out.notSent).toEqual([notSentText(grace.name, why)]);
    expect((await queue.get(grace.id))?.problem).toBe(why);
    paths.length = 0;
    expect(await sendPendingChoices(sendDeps(x, refusing), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] });
    expect(paths).toEqual([]); // not asked again
  });

  it('a busy or unreachable server keeps it waiting, asked again only once its wait is over, each wait longer than the last', async () => {
    const { x, grace, first, paths, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: first, basedOn: 1, at: 1, remove: true });
    let fail: 'busy' | 'unreachable' | null = 'busy';
    const flaky: Api = (path, init) => {
      paths.push(`${init?.method ?? 'GET'} ${path}`);
      if (fail === 'busy') return Promise.reject(new ApiError(503, '', 'Service Unavailable'));
      if (fail === 'unreachable') return Promise.reject(new TypeError('Failed to fetch'));
      return x.deps.api(path, init);
    };
    const pass = async () => sendPendingChoices(sendDeps(x, flaky), queue, await x.source());
    expect(await pass()).toEqual({ sent: [], removed: [], notSent: [] });
    const first1 = (await queue.get(grace.id))!;
    expect(first1.problem).toBeUndefined();
    expect(first1.tries).toBe(1);
    const wait1 = first1.retryAt! - x.t.deps.now();
    expect(wait1).toBeGreaterThan(0);

    paths.length = 0;
    expect(await pass()).toEqual({ sent: [], removed: [], notSent: [] });
    expect(paths).toEqual([]); // its wait is not over: not asked

    fail = 'unreachable';
    x.t.advance(wait1);
    await pass();
    const second = (await queue.get(grace.id))!;
    expect(second.tries).toBe(2);
    expect(second.retryAt! - x.t.deps.now()).toBeGreaterThan(wait1);

    fail = null;
    x.t.advance(second.retryAt! - x.t.deps.now());
    expect(await pass()).toEqual({ sent: [], removed: [grace.name], notSent: [] });
    expect((await heldOn(x)).settings).toEqual([]);
  });
});
