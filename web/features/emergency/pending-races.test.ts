/**
 * The offline emergency queue (pending-choices.ts; docs/sharing.md "A choice saved offline") when
 * the person, another tab or an older tab acts while a send is on its way, and the words a row is
 * kept with: a pass writes only over the row it read (compare-and-set on `at`), a Remove is stored
 * so that code which knows no Remove cannot re-grant it, a Remove always asks the server, an
 * unexpected failure backs off and is logged, and a refusal made on the device is not called the
 * server's. The REAL server (createApp over SQLite), the real kits, Dexie over fake-indexeddb.
 */
import 'fake-indexeddb/auto';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { ApiError } from '../../api/client';
import type { Api } from '../keys';
import { removeEmergency, sealEmergency } from './emergency-access';
import { choiceOf, heldOn, racingApi, recordOf, sendDeps, setup, withChoice } from './emergency-test-support';
import { changedBeforeRemovalText, noKitText, refusedForGoodText, removeNotSentText } from './emergency-words';
import { pendingChoicesIn, removalRow, sendPendingChoices } from './pending-choices';

/** The device's api over the real app, where `meanwhile` runs just before the first request whose method is `method`. */
function beforeFirst(x: Awaited<ReturnType<typeof setup>>, method: string, meanwhile: () => Promise<void>, fail?: () => unknown): Api {
  let done = false;
  return async (path, init) => {
    if (!done && (init?.method ?? 'GET') === method) {
      done = true;
      await meanwhile();
      if (fail) throw fail();
    }
    return x.deps.api(path, init);
  };
}

afterEach(() => vi.restoreAllMocks());

describe('a Remove stored so that older code fails safe', () => {
  it('holds no `choice` (code that knows no Remove re-seals `p.choice`: it throws there and the row waits), and is sent as a Remove', async () => {
    const { x, grace, first, queue } = await withChoice();
    const row = removalRow(grace.id, first, 1);
    expect(row).not.toHaveProperty('choice');
    expect(row).toMatchObject({ remove: true, removed: first, basedOn: 1 });
    await queue.set(grace.id, row);
    expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [], removed: [grace.name], notSent: [] });
    expect((await heldOn(x)).settings).toEqual([]);
  });
});

describe('a pass writes only over the row it read', () => {
  it('a newer choice saved while a send is on its way survives it, and is sent next over the choice sent', async () => {
    const { x, grace, first, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...first, waitHours: 6, version: 2 }, basedOn: 1, at: 1 });
    const newer = { trusteeId: grace.id, choice: { ...first, waitHours: 12, version: 2 }, basedOn: 1, at: 2 };
    const api = beforeFirst(x, 'PUT', () => queue.set(grace.id, newer));
    expect((await sendPendingChoices(sendDeps(x, api), queue, await x.source())).sent).toEqual([grace.name]);
    expect((await queue.get(grace.id))?.at).toBe(2); // not deleted by the pass that sent the older one
    expect((await queue.get(grace.id))?.choice?.waitHours).toBe(12);

    expect(await sendPendingChoices(sendDeps(x), queue, await x.source())).toEqual({ sent: [grace.name], removed: [], notSent: [] });
    expect((await heldOn(x)).settings.map((s) => s.waitHours)).toEqual([12]);
    expect(await queue.all()).toEqual({});
  });

  it('"Cancel the removal" pressed while a Remove is on its way and the server is busy: the Remove does not come back', async () => {
    const { x, grace, first, queue } = await withChoice();
    await queue.set(grace.id, removalRow(grace.id, first, 1));
    const api = beforeFirst(x, 'DELETE', () => queue.set(grace.id, null), () => new ApiError(503, '', 'Service Unavailable'));
    await sendPendingChoices(sendDeps(x, api), queue, await x.source());
    expect(await queue.all()).toEqual({});
  });

  it('a row another tab sent meanwhile is not brought back by this tab’s refusal (409), nor told', async () => {
    const { x, grace, first, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...first, waitHours: 6, version: 2 }, basedOn: 1, at: 1 });
    // The other tab sends the same row first and empties it: this tab's PUT (over version 1) is refused.
    const otherTab = async () => {
      await sealEmergency(x.deps, grace, { ...first, waitHours: 6, version: 2 }, await x.source(), { basedOn: 1 });
      await queue.set(grace.id, null);
    };
    const out = await sendPendingChoices(sendDeps(x, beforeFirst(x, 'PUT', otherTab)), queue, await x.source());
    expect(out.notSent).toEqual([]);
    expect(await queue.all()).toEqual({});
  });
});

describe('a Remove always asks the server', () => {
  it('none held when read, but a choice saved on another device before the DELETE: the server refuses it, the owner is told, nothing is emptied here', async () => {
    const { x, grace, first, queue } = await withChoice();
    await removeEmergency(x.deps, grace.id); // another device removed it…
    await queue.set(grace.id, removalRow(grace.id, first, 1));
    // …and gives it again just after this device read that none is held.
    const racing = racingApi(x, async () => sealEmergency(x.deps, grace, { ...first, waitHours: 24, version: 2 }, await x.source(), { basedOn: 0 }));
    const out = await sendPendingChoices(sendDeps(x, racing), queue, await x.source());
    expect(out).toEqual({ sent: [], removed: [], notSent: [removeNotSentText(grace.name, changedBeforeRemovalText(grace.name))] });
    expect((await heldOn(x)).settings.map((s) => s.waitHours)).toEqual([24]);
    expect(await recordOf(x, grace.id)).toEqual(first);
  });
});

describe('failures the queue did not expect, and refusals made on the device', () => {
  it('an unexpected failure (a WebCrypto OperationError) waits a growing while and is logged, not asked again at every sync', async () => {
    const { x, grace, first, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...first, waitHours: 6, version: 2 }, basedOn: 1, at: 1 });
    const logged = vi.spyOn(console, 'error').mockImplementation(() => undefined);
    const broken: Api = () => Promise.reject(new DOMException('The operation failed for an operation-specific reason', 'OperationError'));
    expect(await sendPendingChoices(sendDeps(x, broken), queue, await x.source())).toEqual({ sent: [], removed: [], notSent: [] });
    const row = (await queue.get(grace.id))!;
    expect(row.problem).toBeUndefined();
    expect(row.tries).toBe(1);
    expect(row.retryAt).toBeGreaterThan(x.t.deps.now());
    expect(logged).toHaveBeenCalled();
  });

  it('a trustee with no kit (found on the device): kept with the device’s own words, not “the server refused it”', async () => {
    const x = await setup();
    const mary = x.byName('Mary');
    const queue = pendingChoicesIn(x.db.dexie);
    await queue.set(mary.id, { trusteeId: mary.id, choice: { ...choiceOf(x.doc), version: 1 }, basedOn: 0, at: 1 });
    const out = await sendPendingChoices(sendDeps(x), queue, await x.source());
    const problem = (await queue.get(mary.id))?.problem ?? '';
    expect(out.notSent).toHaveLength(1);
    expect(problem).toContain(noKitText(mary.name));
    expect(problem).not.toMatch(/server refused/);
  });

  it('a server refusal with no words of its own says its status, never “check your connection”', async () => {
    const { x, grace, first, queue } = await withChoice();
    await queue.set(grace.id, { trusteeId: grace.id, choice: { ...first, waitHours: 6, version: 2 }, basedOn: 1, at: 1 });
    const refusing: Api = (path, init) => (init?.method === 'PUT' ? Promise.reject(new ApiError(422, '', 'Unprocessable Content')) : x.deps.api(path, init));
    await sendPendingChoices(sendDeps(x, refusing), queue, await x.source());
    const problem = (await queue.get(grace.id))?.problem ?? '';
    expect(problem).toMatch(/^The server refused it \(error 422\)\. It will not be tried again\./);
    expect(problem).not.toMatch(/connection/);
    expect(refusedForGoodText('The bundle is not one this server can keep', false)).toMatch(/^The server refused it \(The bundle is not one this server can keep\)\. It will not be tried again\./);
  });
});
