/**
 * An attacker's review of release after death (issues #15, #16): each test is a hole found by
 * attacking the real app (real SQLite file, real SMTP server on loopback) as a hostile trustee,
 * a stale link holder or an unlucky family; each failed on the code before its fix.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseActivity } from '../shared/schema/release';
import { acceptInvitation, linkOf, ownerWithSmtp, REPORTED, runFor } from './test/release-test-support';
import { startTestSmtp, type TestSmtp } from './test/smtp-test-server';
import { DAY_MS } from './release/state-machine';
import { formatHlc } from '../shared/sync/hlc';
import { ACCOUNT_LIMITS, invitationsPerDay } from '../shared/limits';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

describe('a trustee re-addressed by the owner', () => {
  it("the old address's report link stops at once, not only when the scheduler next follows the change", async () => {
    const o = await ownerWithSmtp(smtp);
    const { id } = await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report)).status).toBe(200);
    // The owner gives Grace's place to another address (e.g. an old, shared mailbox is no longer hers).
    const res = await o.t.call('PATCH', `/api/trustees/${id}`, { email: o.addr('grace-new') }, o.cookie);
    expect(res.status).toBe(200);
    // Whoever holds the old mailbox must not be able to report the owner's death, even before a pass.
    expect((await o.open(report)).status).toBe(404);
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(404);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('active');
  });
});

describe('a trustee deleted and then restored (the tombstone cleared by a later write, rule 5)', () => {
  it('is invited again, instead of showing in the app while never being able to report', async () => {
    const o = await ownerWithSmtp(smtp);
    const { id } = await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.t.call('DELETE', `/api/trustees/${id}`, undefined, o.cookie)).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    expect((await o.open(report)).status).toBe(404); // removal revokes her links
    // Another device brings the trustee back: a later write clears the tombstone.
    const hlc = formatHlc({ ms: o.t.deps.now() + 1000, counter: 0, node: 'otherdevice' });
    const push = { protocol: 2, cursor: 0, changes: [{ collection: 'trustees', id, hlc, fields: { _deleted: false } }] };
    expect((await o.t.call('POST', '/api/sync', push, o.cookie)).status).toBe(200);
    o.t.advance(2000);
    await o.t.services.scheduler.runOnce();
    // She is a trustee again, so she gets a new invitation (her old links stay revoked)…
    const invites = smtp.to(o.addr('grace')).filter((e) => /asked you to be a trustee/.test(e.subject));
    expect(invites).toHaveLength(2);
    expect((await o.open(report)).status).toBe(404);
    // …and the owner can resend it, as Settings offers.
    expect((await o.t.call('POST', `/api/release/trustees/${id}/invite`, undefined, o.cookie)).status).toBe(200);
  });
});

describe("the owner's one-click \"I'm still here\" link", () => {
  it('answers only for the waiting period it was sent for, not for a later one', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await o.t.services.scheduler.runOnce();
    const first = linkOf(await smtp.waitFor(o.email, /A waiting period has started/));
    // The owner cancels in the app instead; the first link is left in the mailbox.
    expect((await o.t.call('POST', '/api/release/cancel', undefined, o.cookie)).status).toBe(200);
    o.t.advance(DAY_MS);
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200); // a second waiting period
    // Whoever holds the old e-mail must not be able to cancel the new period with it.
    expect((await o.open(first)).status).toBe(404);
    expect((await o.open(first, 'POST')).status).toBe(404);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('waiting');
  });
});

describe('a hostile trustee with a report link', () => {
  it("cannot bury their report under confirmations in the owner's activity", async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200); // a false report: the waiting period starts
    const confirm = `${report}/confirm`;
    for (let i = 0; i < 210; i++) {
      if (i % 100 === 0) o.t.advance(11 * 60_000); // stay under the per-IP limit of the link pages
      expect((await o.open(confirm, 'POST')).status).toBe(200);
    }
    const activity = await o.get<ReleaseActivity[]>('/api/release/activity');
    expect(activity.some((a) => a.kind === 'trustee-reported')).toBe(true);
    expect(activity.filter((a) => a.kind === 'trustee-confirmed').length).toBeLessThanOrEqual(1);
  });
});

describe('a hostile account with many spam trustees that gets itself released', () => {
  it(`still reaches strangers no faster than ${invitationsPerDay} a day: an access e-mail to a trustee never invited counts against the limit`, async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace'); // the account's own second mailbox
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.t.call('PUT', '/api/release/settings', { waitingDays: 2 }, o.cookie)).status).toBe(200);
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    o.t.advance(47 * 60 * 60_000);
    await o.signIn();
    // As many as the trustees limit allows beside grace (shared/limits.ts trustees: 50), far more than invitationsPerDay.
    const spam = Array.from({ length: ACCOUNT_LIMITS.trustees - 1 }, (_, i) => `stranger${i}`);
    for (const who of spam) await o.addTrustee(who);
    await runFor(o, 8, 30 * 60_000); // released within the hour; the queue runs for 3 more hours
    expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
    const reached = spam.filter((who) => smtp.to(o.addr(who)).length > 0);
    expect(reached.length).toBeLessThanOrEqual(invitationsPerDay);
  });
});

describe('a message re-addressed after release while the old address was still being retried', () => {
  it("the stale retry is dropped: nothing goes to the old address and the new recipient's link keeps working", async () => {
    const own = await startTestSmtp();
    const o = await ownerWithSmtp(own);
    await o.addTrustee('grace');
    const { id } = await o.addMessage('anne', 'For Anne, with love.');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, own, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await own.close(); // the mail server is down when the account is released
    o.t.advance(8 * DAY_MS);
    await runFor(o, 6, 60_000); // released; the delivery to Anne fails and backs off (now 32 minutes)
    expect((await o.t.services.release.state(o.userId)).phase).toBe('released');
    // The family notices Anne's address was wrong and corrects it.
    expect((await o.t.call('PATCH', `/api/messages/${id}`, { recipientEmail: o.addr('bea') }, o.cookie)).status).toBe(200);
    const back = await startTestSmtp({ port: own.port, received: own.received });
    try {
      await o.t.services.scheduler.runOnce(); // Bea's delivery is due now; Anne's retry is not
      const link = linkOf(await back.waitFor(o.addr('bea'), /A message from/));
      expect((await o.open(`${link}/data`)).status).toBe(200);
      await runFor(o, 3, 4 * 60 * 60_000); // Anne's retry falls due
      expect(back.to(o.addr('anne'))).toEqual([]);
      expect((await o.open(`${link}/data`)).status).toBe(200);
    } finally {
      await back.close();
    }
  });
});
