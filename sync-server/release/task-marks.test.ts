/**
 * A full-access trustee's "done" on a survivor task (task-marks.ts): who and when, in the server's
 * own table, never in the task record; undone by "no"; the same for a sealed account (whose
 * completionStatus is sealed and stays the owner's); never across accounts; and full-access
 * trustees may resend a recipient's link. Real app over a real SQLite file, a real SMTP server.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { TrusteePageData } from '../../shared/release/pages';
import { toB64url } from '../../shared/crypto/bytes';
import { formatHlc } from '../../shared/sync';
import { PROTOCOL_VERSION } from '../../shared/sync/protocol';
import { createTestApp } from '../test/test-support';
import { kitCall, postKits } from '../test/kit-test-support';
import { acceptInvitation, formRequest, linkOf, ownerOn, REPORTED, runFor, sealWithPlaceholderKeys, type Owner } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

const TASK = { title: 'Call the bank', description: 'Tell the bank, and ask what they need.', category: 'financial', timeframe: '1w', automationLevel: 'manual-with-guidance', priority: 2 };

/** An owner with one task (`id` given: two accounts may hold the same id), trustees grace and hope (full), milo (messages-only), a letter; released. */
async function released(taskId: string) {
  const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' }));
  // Pushed as a device does, with its id (REST chooses ids; the default guide's are the same in every account).
  const pushed = await o.t.call('POST', '/api/sync', {
    protocol: PROTOCOL_VERSION,
    cursor: 0,
    changes: [{ collection: 'survivorTasks', id: taskId, hlc: formatHlc({ ms: o.t.deps.now(), counter: 0, node: 'phone' }), fields: { ...TASK, notifyTrustees: false, completionStatus: 'not-started', createdAt: new Date(o.t.deps.now()).toISOString() } }],
  }, o.cookie);
  expect((await pushed.json()).rejected).toEqual([]);
  await o.addMessage('annabella', 'Be brave.');
  await o.addTrustee('grace', 'full');
  await o.addTrustee('hope', 'full');
  await o.addTrustee('milo', 'messages-only');
  await o.t.services.scheduler.runOnce();
  const report = await acceptInvitation(o, smtp, 'grace');
  expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
  for (let day = 0; day < 31 && (await o.t.services.release.state(o.userId)).phase !== 'released'; day++) await runFor(o, 1, DAY_MS);
  const access = async (who: string) => linkOf(await smtp.waitFor(o.addr(who), /What Ada left for you/));
  return { o, grace: await access('grace'), hope: await access('hope'), milo: await access('milo') };
}

const dataOf = async (o: Owner, link: string) => {
  const res = await o.open(`${link}/data`);
  expect(res.status).toBe(200);
  return (await res.json()) as TrusteePageData;
};
/** The task form as a browser without JavaScript posts it. */
const mark = (o: Owner, link: string, taskId: string, done: string) => o.open(`${link}/tasks/${taskId}`, 'POST', { done });
/** The same form as the page's script posts it, asking for JSON. */
const markJson = (o: Owner, link: string, taskId: string, done: string) =>
  o.t.app.request(`${link}/tasks/${taskId}`, { ...formRequest('POST', { done }), headers: { 'content-type': 'application/x-www-form-urlencoded', accept: 'application/json' } });
const taskStatus = async (o: Owner, id: string) => (await o.t.services.store.get(o.userId, 'survivorTasks', id))!.values.completionStatus;

describe("a trustee's done on a task: who and when", () => {
  it('records who and when in its own table (not the task), shows it to every full trustee, and is undone', async () => {
    const { o, grace, hope } = await released('task-a');
    const before = await dataOf(o, grace);
    expect(before.taskMarks).toEqual([]);
    expect(before.tasks![0]).toMatchObject({ id: 'task-a', title: 'Call the bank', description: TASK.description, timeframe: '1w', done: false });

    const at = o.t.deps.now();
    const plain = await mark(o, grace, 'task-a', 'yes');
    expect(plain.status).toBe(303); // no JavaScript: back to the page
    expect(plain.headers.get('location')).toBe(new URL(grace).pathname);
    expect((await dataOf(o, grace)).taskMarks).toEqual([{ taskId: 'task-a', trusteeId: expect.any(String), at: new Date(at).toISOString(), mine: true, name: 'Grace Trustee' }]);
    expect((await dataOf(o, hope)).taskMarks).toEqual([expect.objectContaining({ taskId: 'task-a', mine: false, name: 'Grace Trustee' })]);
    expect(await taskStatus(o, 'task-a')).toBe('not-started'); // the owner's own status is untouched

    // Hope marks it done too (her own row), then "Mark not done" clears the task for everyone.
    o.t.advance(60_000);
    const json = await markJson(o, hope, 'task-a', 'yes');
    expect(json.status).toBe(200);
    expect(await json.json()).toEqual({ taskId: 'task-a', done: true, marks: [expect.objectContaining({ name: 'Grace Trustee', mine: false }), expect.objectContaining({ name: 'Hope Trustee', mine: true, at: new Date(at + 60_000).toISOString() })] });
    const undo = await markJson(o, grace, 'task-a', 'no');
    expect(await undo.json()).toEqual({ taskId: 'task-a', done: false, marks: [] });
    expect((await dataOf(o, hope)).taskMarks).toEqual([]);
  });

  it('refuses a bad answer (400 naming done), an unknown task, other levels, and never reaches another account', async () => {
    const a = await released('default-find-will');
    const b = await released('default-find-will'); // the same task id in another account
    for (const bad of [undefined, 'maybe']) {
      const res = bad === undefined ? await a.o.open(`${a.grace}/tasks/default-find-will`, 'POST') : await mark(a.o, a.grace, 'default-find-will', bad);
      expect(res.status).toBe(400);
      expect(await res.json()).toMatchObject({ issues: [{ path: 'done' }] });
    }
    const forged = await a.o.t.app.request(`${a.grace}/tasks/default-find-will`, { method: 'POST', body: 'done=yes', headers: { 'content-type': 'application/x-www-form-urlencoded', origin: 'https://evil.example' } });
    expect(forged.status).toBe(403); // another site's form (csrf.ts)
    expect((await mark(a.o, a.grace, 'no-such-task', 'yes')).status).toBe(404);
    expect((await mark(a.o, a.milo, 'default-find-will', 'yes')).status).toBe(404); // messages-only
    expect((await mark(a.o, `${a.grace.slice(0, -4)}abcd`, 'default-find-will', 'yes')).status).toBe(404);

    // B's trustee ticks B's task of the same id, on A's server: only B's list changes.
    expect((await mark(b.o, b.grace, 'default-find-will', 'yes')).status).toBe(303);
    expect((await dataOf(b.o, b.grace)).taskMarks).toHaveLength(1);
    expect(await a.o.t.services.release.store.taskMarks(a.o.userId)).toEqual([]);
  });

  it("a sealed account's tasks can be ticked and unticked: the marks name nobody sealed, the sealed status stays the owner's", async () => {
    // A sealed account's trustees reach their page only through their kits (SECURITY.md "The escrow
    // until k kits"): kits 2 of 2 for grace and hope, kept, and the release through their confirmations.
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' }));
    const pushed = await o.t.call('POST', '/api/sync', {
      protocol: PROTOCOL_VERSION,
      cursor: 0,
      changes: [{ collection: 'survivorTasks', id: 'task-s', hlc: formatHlc({ ms: o.t.deps.now(), counter: 0, node: 'phone' }), fields: { ...TASK, notifyTrustees: false, completionStatus: 'not-started', createdAt: new Date(o.t.deps.now()).toISOString() } }],
    }, o.cookie);
    expect((await pushed.json()).rejected).toEqual([]);
    const trustees = [{ ...(await o.addTrustee('grace', 'full')), level: 'full' as const }, { ...(await o.addTrustee('hope', 'full')), level: 'full' as const }];
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    await acceptInvitation(o, smtp, 'hope');
    // Seal the account (its keys exist; a device sealed its records): the server may not write completionStatus.
    await sealWithPlaceholderKeys(o);
    expect(await o.t.services.releaseKeys.sealed(o.userId)).toBe(true);
    const { made, tokens } = await postKits(o, trustees, 2);
    for (const [i, m] of made.kits.entries()) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/handover`, { commitment: m.commitment })).status).toBe(204);
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    for (let day = 0; day < 31 && (await o.t.services.release.state(o.userId)).phase !== 'awaiting-confirmations'; day++) await runFor(o, 1, DAY_MS);
    for (const [i, m] of made.kits.entries()) expect((await kitCall(o, 'POST', `/api/kit/${tokens[i]}/confirm`, { share: toB64url(m.kit.share) })).status).toBe(200);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
    /** A trustee's page, as their kit page reaches it (its level's keys open there with the kit, in the browser). */
    const pageOf = async (i: number) => `/api/trustee/access/${((await (await kitCall(o, 'GET', `/api/kit/${tokens[i]}/access`)).json()) as { pageToken: string }).pageToken}`;
    const grace = await pageOf(0);
    const hope = await pageOf(1);

    expect((await mark(o, grace, 'task-s', 'yes')).status).toBe(303);
    const seen = await dataOf(o, hope);
    expect(seen.sealed).toBeTruthy();
    expect(seen.taskMarks).toEqual([expect.objectContaining({ taskId: 'task-s', mine: false, name: null })]); // a sealed name: the page opens it
    expect(await taskStatus(o, 'task-s')).toBe('not-started');
    expect((await markJson(o, hope, 'task-s', 'no')).status).toBe(200);
    expect((await dataOf(o, grace)).taskMarks).toEqual([]);
  });

  it('full-access and messages-only trustees may resend a recipient their link; the page data says so', async () => {
    const { o, grace, milo } = await released('task-r');
    const full = await dataOf(o, grace);
    const letter = full.messages![0]!;
    expect(letter).toMatchObject({ delivered: true, canResend: true, deliveredAt: expect.any(String) });
    expect((await o.open(`${grace}/resend/${letter.id}`, 'POST')).status).toBe(200);
    o.t.advance(60_000);
    expect((await o.open(`${milo}/resend/${letter.id}`, 'POST')).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    expect(smtp.to(o.addr('annabella')).filter((e) => /A message from Ada$/.test(e.subject)).length).toBeGreaterThanOrEqual(3);
  });
});
