/**
 * The release through trustees' kits, the whole server path through the real Hono app over a real
 * SQLite file with the test clock (contract §2): kits made (kitcore's makeGeneration) and handed
 * over, the escrow ends, check-ins lapse, the waiting period, awaiting-confirmations with its
 * e-mails, k−1 confirmations release nothing (no Q stored), a wrong share is named, "I'm still
 * here" cancels and erases, k confirmations release, and a kit's access opens its level's keys.
 */
import { describe, expect, it } from 'vitest';
import { fromB64url, toB64url } from '../../../shared/crypto/bytes';
import { EXECUTOR_KIT_ID, openTrusteeBlob, trusteeAccessKey } from '../../../shared/crypto/trustee-kit';
import type { KitInfo } from '../../../shared/schema/kits';
import type { ReleaseReadiness } from '../../../shared/schema/release';
import { outboxFiles, runFor, type Owner } from '../../test/release-test-support';
import { DAY_MS } from '../state-machine';
import { kitCall, LEVEL_KEYS, ownerWithTrustees, postKits } from '../../test/kit-test-support';

const share = (made: Awaited<ReturnType<typeof postKits>>['made'], i: number) => toB64url(made.kits[i]!.kit.share);
const confirm = (o: Owner, token: string, s: string) => kitCall(o, 'POST', `/api/kit/${token}/confirm`, { share: s });
const phase = async (o: Owner) => (await o.t.services.release.state(o.userId)).phase;
const mails = (o: Owner, subject: RegExp) => outboxFiles(o.t.deps.config.dataDir).filter((e) => subject.test(e.subject));
const activity = async (o: Owner) => (await o.t.services.release.store.activity(o.userId)).map((a) => a.text);

/** Kits for ann, bob and cy (2 of 3; or ann, bob and the executor kit), all three handed over; check-ins every 30 days. */
async function kitsHandedOver(executor = false) {
  const { o, trustees } = await ownerWithTrustees(executor ? ['ann', 'bob'] : ['ann', 'bob', 'cy'], ['full', 'documents-only', 'messages-only']);
  await o.t.services.escrow.deposit(o.userId, new Map([['msg:6f1c2d3e-0000-4000-8000-000000000001~1', new Uint8Array(32).fill(9)]]));
  const { made, tokens } = await postKits(o, trustees, 2, 1, executor);
  for (const i of [0, 1, 2]) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/handover`, { commitment: made.kits[i]!.commitment })).status).toBe(204);
  expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 7 }, o.cookie)).status).toBe(200);
  return { o, trustees, made, tokens };
}

/** Lets the check-ins lapse: reminders, then the waiting period, then its end (45 days, a day at a time). */
async function lapseUntilAwaiting(o: Owner) {
  for (let day = 0; day < 60 && (await phase(o)) !== 'awaiting-confirmations'; day++) await runFor(o, 1, DAY_MS);
  expect(await phase(o)).toBe('awaiting-confirmations');
}

describe('Release through trustee kits', () => {
  it('waits for k confirmations after the waiting period; a wrong share is named; "I\'m still here" erases; k confirmations release and a kit opens its level', async () => {
    const { o, trustees, made, tokens } = await kitsHandedOver();
    expect(await o.t.services.escrow.status(o.userId)).toBeNull(); // the escrow ended
    expect((await o.t.call('PUT', '/api/release/escrow', { keys: { 'msg:6f1c2d3e-0000-4000-8000-000000000001~1': toB64url(new Uint8Array(32)) } }, o.cookie)).status).toBe(409);

    await lapseUntilAwaiting(o);
    expect(await activity(o)).toContain('The waiting period ended. Your trustees were asked to confirm with their kits; nothing is released until enough of them do.');
    // Every trustee with a kit is asked, with their kit page and no fragment.
    const asked = mails(o, /^Please confirm only if you know Ada has died$/);
    expect(asked.map((e) => e.to[0]).sort()).toEqual(trustees.map((t) => o.addr(t.who)).sort());
    for (const [i, t] of trustees.entries()) {
      const e = asked.find((m) => m.to[0] === o.addr(t.who))!;
      expect(e.links).toEqual([`http://afterword.test/kit/${tokens[i]}`]);
      expect(e.text).toContain('Confirm only if you know Ada has died.');
    }
    expect(mails(o, /^Your trustees are being asked to confirm$/)).toHaveLength(1);

    // k − 1 confirmations release nothing and store no Q.
    expect(await (await confirm(o, tokens[0]!, share(made, 0))).json()).toEqual({ confirmations: 1, needed: 2, released: false });
    expect(await phase(o)).toBe('awaiting-confirmations');
    expect((await o.t.services.release.store.kitGeneration(o.userId, 1))!.q_wrap).toBeNull();
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[0]}/access`)).status).toBe(403);
    expect(await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).json()).toMatchObject({ phase: 'awaiting-confirmations', confirmed: true, confirmations: 1 });

    // A wrong share (ann's sent with bob's kit) is refused, named, and written to the owner's activity.
    const wrong = await confirm(o, tokens[1]!, share(made, 0));
    expect(wrong.status).toBe(422);
    expect(((await wrong.json()) as { issues: Array<{ path: string }> }).issues.map((i) => i.path)).toEqual(['share']);
    expect(await activity(o)).toContain(`The share sent with ${o.addr('bob')}'s kit is not the one it was made with; it was not used.`);
    expect(await phase(o)).toBe('awaiting-confirmations');

    // "I'm still here" from the owner's e-mail: cancelled, every confirmation and stored share erased, nothing combined.
    const stillHere = mails(o, /^Your trustees are being asked to confirm$/)[0]!.links;
    expect(stillHere).toHaveLength(1);
    expect(stillHere[0]).toMatch(/^http:\/\/afterword\.test\/api\/still-here\//);
    expect((await o.open(stillHere[0]!, 'POST')).status).toBe(200);
    expect(await phase(o)).toBe('active');
    const afterCancel = await o.t.services.release.store.kitsOf(o.userId, 1);
    expect(afterCancel.map((k) => [k.confirmed_at, k.share_wrap])).toEqual([
      [null, null],
      [null, null],
      [null, null],
    ]);
    expect((await o.t.services.release.store.kitGeneration(o.userId, 1))!.q_wrap).toBeNull();
    expect((await confirm(o, tokens[1]!, share(made, 1))).status).toBe(409); // nothing asks for it now

    expect(await activity(o)).toContain("You said \u201cI'm still here\u201d. Your trustees' confirmations were erased and nothing was released.");
    // Lapse again: asked again; k confirmations release.
    await lapseUntilAwaiting(o);
    expect(mails(o, /^Please confirm only if you know Ada has died$/)).toHaveLength(6);
    expect(await (await confirm(o, tokens[0]!, share(made, 0))).json()).toMatchObject({ confirmations: 1, released: false });
    expect(await (await confirm(o, tokens[1]!, share(made, 1))).json()).toEqual({ confirmations: 2, needed: 2, released: true });
    expect(await phase(o)).toBe('released');
    expect(await activity(o)).toContain('Your trustees confirmed with their kits. Your account was released.');

    // A trustee who did not confirm opens their level with their kit: q, gate and blob from the server, t from the kit.
    const res = await kitCall(o, 'GET', `/api/kit/${tokens[2]}/access`);
    expect(res.status).toBe(200);
    const access = (await res.json()) as { q: string; gate: string; blob: string; level: string; pageToken: string; trusteeId: string };
    expect(access).toMatchObject({ level: 'messages-only', trusteeId: trustees[2]!.id, blob: made.kits[2]!.blob });
    expect(fromB64url(access.q)).toEqual(made.q);
    const ctx = { account: o.userId, trusteeId: trustees[2]!.id, generation: 1 };
    const key = await trusteeAccessKey(fromB64url(access.q)!, fromB64url(access.gate)!, made.kits[2]!.kit.t, ctx);
    expect(await openTrusteeBlob(key, ctx, access.blob)).toEqual(new Map(LEVEL_KEYS['messages-only']));
    // Without the kit's t the blob opens nothing.
    const guess = await trusteeAccessKey(fromB64url(access.q)!, fromB64url(access.gate)!, new Uint8Array(16), ctx);
    await expect(openTrusteeBlob(guess, ctx, access.blob)).rejects.toThrow();
    // The page token opens the trustee's page data.
    expect((await o.t.call('GET', `/api/trustee/access/${access.pageToken}/data`)).status).toBe(200);

    // The access e-mails point to each trustee's kit page.
    await o.t.services.scheduler.runOnce();
    const left = mails(o, /^What Ada left for you$/);
    expect(left).toHaveLength(3);
    for (const [i, t] of trustees.entries()) expect(left.find((m) => m.to[0] === o.addr(t.who))!.links).toEqual([`http://afterword.test/kit/${tokens[i]}`]);
  });

  it('says plainly when fewer kits are held than the release needs (two of three holders removed)', async () => {
    const { o, trustees } = await kitsHandedOver();
    for (const t of trustees.slice(1)) expect((await o.t.call('DELETE', `/api/trustees/${t.id}`, undefined, o.cookie)).status).toBeLessThan(300);
    const readiness = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(readiness.kits).toMatchObject({ n: 1, k: 2, removedHolders: 2 });
    expect(readiness.missing).toContain("Only 1 working kit is held (your trustees'), and 2 are needed: nothing sealed can be released. Make new kits.");
  });

  it('after a trustee is removed and the kits re-keyed, the removed trustee\'s kit is refused and n = k + 1 still releases with one kit lost', async () => {
    const { o, trustees, made, tokens } = await kitsHandedOver();
    // cy is removed: their kit stops at once; the owner re-keys for ann, bob and dan.
    expect((await o.t.call('DELETE', `/api/trustees/${trustees[2]!.id}`, undefined, o.cookie)).status).toBeLessThan(300);
    const readiness = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(readiness.kits).toMatchObject({ n: 2, removedHolders: 1 });
    expect(readiness.missing).toContain('A trustee who held a kit is no longer your trustee. Make new kits, so that only your trustees hold one.');
    expect(readiness.missing).toContain('2 of 2 trustee kits are needed: if one kit is lost, nothing can be released. Give kits to at least 3 trustees.');
    const dan = { id: (await o.addTrustee('dan', 'full')).id, level: 'full' as const };
    await o.t.services.scheduler.runOnce();
    expect(await o.t.services.release.acceptInvitation(o.userId, dan.id)).toBe(true);
    const next = await postKits(o, [trustees[0]!, trustees[1]!, dan], 2, 2);
    // The old generation stays live until k new kits are handed over.
    expect(await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).json()).toMatchObject({ status: 'current' });
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[2]}`)).status).toBe(404); // the removed trustee's kit
    for (const i of [0, 2]) expect((await kitCall(o, 'POST', `/api/kit/${next.tokens[i]}/handover`, { commitment: next.made.kits[i]!.commitment })).status).toBe(204);
    expect(await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).json()).toMatchObject({ status: 'retired' });
    await lapseUntilAwaiting(o);
    // Only the current generation's kits are asked (bob's new kit was never handed over, and is lost: n = k + 1).
    const asked = mails(o, /^Please confirm only if you know Ada has died$/).flatMap((e) => e.links);
    expect(asked.sort()).toEqual(next.tokens.map((t) => `http://afterword.test/kit/${t}`).sort());
    // The removed trustee's share and an old kit are refused.
    expect((await confirm(o, tokens[2]!, share(made, 2))).status).toBe(404);
    expect((await confirm(o, tokens[0]!, share(made, 0))).status).toBe(410);
    expect(await (await confirm(o, next.tokens[0]!, share(next.made, 0))).json()).toMatchObject({ released: false });
    expect(await (await confirm(o, next.tokens[2]!, share(next.made, 2))).json()).toEqual({ confirmations: 2, needed: 2, released: true });
    expect(await phase(o)).toBe('released');
  });

  it('a newer generation handed over once the waiting period has begun does not replace the kits the release goes through, nor their blobs and gates', async () => {
    const { o, trustees, made, tokens } = await kitsHandedOver();
    const next = await postKits(o, trustees, 2, 2); // a re-key, not yet handed over
    await lapseUntilAwaiting(o);
    // Two trustees open their new kits now: recorded, but the kits in force stay in force.
    for (const i of [0, 1]) expect((await kitCall(o, 'POST', `/api/kit/${next.tokens[i]}/handover`, { commitment: next.made.kits[i]!.commitment })).status).toBe(204);
    expect(await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).json()).toMatchObject({ status: 'current' });
    for (const i of [0, 1]) expect((await confirm(o, tokens[i]!, share(made, i))).status).toBe(200);
    expect(await phase(o)).toBe('released');
    // Another late handover after the release changes nothing either: the released kit still opens its level.
    expect((await kitCall(o, 'POST', `/api/kit/${next.tokens[2]}/handover`, { commitment: next.made.kits[2]!.commitment })).status).toBe(204);
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[0]}/access`)).status).toBe(200);
    // Opening the page again and again gives the same page token and stores no new row.
    const rows = () => (o.t.deps.db.prepare("SELECT COUNT(*) AS n FROM release_tokens WHERE purpose = 'access'").get() as { n: number }).n;
    const before = rows();
    const pages = new Set<string>();
    for (let i = 0; i < 3; i++) pages.add(((await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}/access`)).json()) as { pageToken: string }).pageToken);
    expect([pages.size, rows()]).toEqual([1, before]);
    // Nor can the blobs a kit opens be replaced after the waiting period began.
    expect((await o.t.call('PUT', '/api/kits/1/blobs', { blobs: { [trustees[0]!.id]: made.kits[1]!.blob } }, o.cookie)).status).toBe(409);
  });

  it('a newer generation handed over while trustees were asked comes into force when the owner says "I\'m still here"', async () => {
    const { o, trustees, made, tokens } = await kitsHandedOver();
    const next = await postKits(o, trustees, 2, 2);
    await lapseUntilAwaiting(o);
    for (const i of [0, 1]) expect((await kitCall(o, 'POST', `/api/kit/${next.tokens[i]}/handover`, { commitment: next.made.kits[i]!.commitment })).status).toBe(204);
    expect((await o.t.call('POST', '/api/release/cancel', undefined, o.cookie)).status).toBe(200);
    expect(await phase(o)).toBe('active');
    // Its k handovers were recorded: no third one is needed for the new kits to replace the old.
    expect(await (await kitCall(o, 'GET', `/api/kit/${next.tokens[0]}`)).json()).toMatchObject({ status: 'current' });
    expect(await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).json()).toMatchObject({ status: 'retired' });
    expect(await activity(o)).toContain('2 of your new trustee kits have been handed over: they replace the old kits, which no longer work.');
    // The old kits confirm nothing any more.
    expect((await confirm(o, tokens[0]!, share(made, 0))).status).toBeGreaterThanOrEqual(400);
  });

  it('a share confirmed by a trustee who is removed afterwards no longer counts', async () => {
    const { o, trustees, made, tokens } = await kitsHandedOver();
    await lapseUntilAwaiting(o);
    expect(await (await confirm(o, tokens[2]!, share(made, 2))).json()).toMatchObject({ confirmations: 1, released: false });
    expect((await o.t.call('DELETE', `/api/trustees/${trustees[2]!.id}`, undefined, o.cookie)).status).toBeLessThan(300);
    expect(await (await confirm(o, tokens[0]!, share(made, 0))).json()).toMatchObject({ released: false });
    expect(await phase(o)).toBe('awaiting-confirmations');
    expect(await (await confirm(o, tokens[1]!, share(made, 1))).json()).toMatchObject({ released: true });
  });

  it('names a combination that is not Q (a wrong check value) and releases nothing', async () => {
    const { o, trustees } = await ownerWithTrustees(['ann', 'bob', 'cy']);
    const { made, tokens } = await postKits(o, trustees, 2);
    // The check value of another Q, stored by a faulty device: the shares are right, the combination is not proven.
    const other = await postKits(o, trustees, 2, 2);
    await o.t.deps.db.prepare('UPDATE kit_generations SET check_value = ? WHERE user_id = ? AND generation = 2').run(made.checkValue, o.userId);
    for (const i of [0, 1]) expect((await kitCall(o, 'POST', `/api/kit/${other.tokens[i]}/handover`, { commitment: other.made.kits[i]!.commitment })).status).toBe(204);
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).status).toBe(200);
    expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 30 }, o.cookie)).status).toBe(200);
    await lapseUntilAwaiting(o);
    for (const i of [0, 1]) await confirm(o, other.tokens[i]!, toB64url(other.made.kits[i]!.kit.share));
    expect(await phase(o)).toBe('awaiting-confirmations');
    expect((await o.t.services.release.store.kitGeneration(o.userId, 2))!.q_wrap).toBeNull();
    expect(await activity(o)).toContain('2 trustees confirmed, but their shares did not combine into your release key. Nothing was released.');
  });

  it('asks trustees once a year to check their kit, and the readiness panel counts kits checked in the last year', async () => {
    const { o, tokens } = await kitsHandedOver();
    const kits = async () => (await o.get<ReleaseReadiness>('/api/release/readiness')).kits;
    expect(await kits()).toEqual({ current: true, k: 2, n: 3, checkedLastYear: 3, escrowEnded: true, removedHolders: 0 });
    // Checking in keeps the plan active; a year passes.
    for (let m = 0; m < 13; m++) {
      o.t.advance(29 * DAY_MS);
      await o.signIn();
      expect((await o.t.call('POST', '/api/release/check-in', undefined, o.cookie)).status).toBeLessThan(300);
      await o.t.services.scheduler.runOnce();
    }
    const yearly = mails(o, /^You are still Ada's trustee$/);
    expect(yearly).toHaveLength(3);
    for (const e of yearly) expect(e.text).toContain('Please also check your kit');
    expect(yearly.flatMap((e) => e.links).filter((l) => l.includes('/kit/')).sort()).toEqual(tokens.map((t) => `http://afterword.test/kit/${t}`).sort());
    const r = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(r.kits!.checkedLastYear).toBe(0);
    expect(r.missing).toContain("Only 0 of your trustees' kits were checked in the last year, and 2 are needed. Ask your trustees to check their kits.");
    for (const t of tokens.slice(0, 2)) expect((await kitCall(o, 'POST', `/api/kit/${t}/check`, {})).status).toBe(204);
    expect((await kits())!.checkedLastYear).toBe(2);
  });

  it('an executor kit plus one trustee confirm a 2-of-3 release; the executor kit is e-mailed nothing, opens no access and names who holds it', async () => {
    const { o, trustees, made, tokens } = await kitsHandedOver(true);
    const other = await ownerWithTrustees(['dee', 'eve'], [], o.t);
    const foreign = await postKits(other.o, other.trustees, 2, 1, true);
    await lapseUntilAwaiting(o);
    // Only the trustees are asked: the executor kit has no address.
    const asked = mails(o, /^Please confirm only if you know Ada has died$/);
    expect(asked.flatMap((e) => e.links).sort()).toEqual(tokens.slice(0, 2).map((t) => `http://afterword.test/kit/${t}`).sort());
    expect(await (await kitCall(o, 'GET', `/api/kit/${tokens[2]}`)).json()).toMatchObject({ executor: true, phase: 'awaiting-confirmations', confirmed: false, trusteesWithAccess: [] });
    // Another account's executor share on this executor kit is refused by name, and not kept.
    const wrong = await confirm(o, tokens[2]!, toB64url(foreign.made.kits[2]!.kit.share));
    expect(wrong.status).toBe(422);
    expect(await activity(o)).toContain("The share sent with the executor kit is not the one it was made with; it was not used.");
    // The executor kit confirms (its share only), then one trustee: released.
    expect(await (await confirm(o, tokens[2]!, share(made, 2))).json()).toEqual({ confirmations: 1, needed: 2, released: false });
    expect(await activity(o)).toContain('The executor kit was used to confirm.');
    expect(await (await confirm(o, tokens[1]!, share(made, 1))).json()).toEqual({ confirmations: 2, needed: 2, released: true });
    expect(await phase(o)).toBe('released');
    // It opens no access of its own (no Q, gate or blob), and its page names who holds access: the trustees.
    const access = await kitCall(o, 'GET', `/api/kit/${tokens[2]}/access`);
    expect(access.status).toBe(403);
    const body = (await access.json()) as { error: string; q?: string; gate?: string };
    expect([body.q, body.gate]).toEqual([undefined, undefined]);
    expect(body.error).toBe('The executor kit opens nothing of its own: the trustees hold access.');
    const info = (await (await kitCall(o, 'GET', `/api/kit/${tokens[2]}`)).json()) as KitInfo;
    expect(info).toMatchObject({ executor: true, trusteeId: EXECUTOR_KIT_ID, phase: 'released' });
    expect([...info.trusteesWithAccess].sort()).toEqual(trustees.map((t) => o.addr(t.who)).sort());
    // A trustee's page still opens their level; trustees' pages never list anyone.
    expect((await kitCall(o, 'GET', `/api/kit/${tokens[0]}/access`)).status).toBe(200);
    expect(((await (await kitCall(o, 'GET', `/api/kit/${tokens[0]}`)).json()) as KitInfo).trusteesWithAccess).toEqual([]);
    await o.t.services.scheduler.runOnce();
    expect(mails(o, /^What Ada left for you$/).map((e) => e.to[0]).sort()).toEqual(trustees.map((t) => o.addr(t.who)).sort());
  });
});
