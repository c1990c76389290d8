/**
 * Hostile tenant, e-mail (SECURITY.md "Limits", e-mail quotas): an account cannot make the server
 * mail anyone in bulk. A released account that edits its delivered messages again and again
 * causes at most one "updated" e-mail per recipient per day, within `redeliveriesPerDay`, and
 * none is lost; an owner whose profile names a stranger's address cannot make the release mail
 * that stranger (owner notices go only to a verified address), and verification e-mails are
 * themselves limited per day. Real app over a real SQLite file, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACCOUNT_LIMITS } from '../shared/limits';
import { acceptInvitation, ownerWithSmtp, releaseOwnAccount, REPORTED, runFor, type Owner } from './test/release-test-support';
import { DAY_MS } from './release/state-machine';
import { startTestSmtp, type TestSmtp } from './test/smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const updatedTo = (o: Owner, who: string) => smtp.to(o.addr(who)).filter((e) => /\(updated\)/.test(e.subject));

describe('hostile tenant: the server mails no one in bulk on an account\'s behalf', () => {
  it('finding 1: 50 delivered messages edited three times cause one update per recipient per day, within the daily quota, none lost', { timeout: 120_000 }, async () => {
    const o = await ownerWithSmtp(smtp);
    const who = Array.from({ length: 50 }, (_, i) => `r${i}`);
    const ids: string[] = [];
    for (const w of who) ids.push((await o.addMessage(w, `First words for ${w}`)).id);
    await releaseOwnAccount(o, smtp);
    await o.signIn();
    await runFor(o, 6, 60_000); // at most 10 e-mails of one account per pass (outbox.ts)
    for (const w of who) expect(smtp.to(o.addr(w)).filter((e) => /^A message from/.test(e.subject))).toHaveLength(1);

    // Three rounds of edits, each followed by scheduler passes (the attack of finding 1).
    for (let round = 1; round <= 3; round++) {
      for (const id of ids) {
        const res = await o.t.call('PATCH', `/api/messages/${id}`, { messageContent: `Edited ${round}` }, o.cookie);
        expect(res.status).toBe(200);
      }
      await runFor(o, 6, 60_000);
    }
    const sameDay = who.reduce((n, w) => n + updatedTo(o, w).length, 0);
    // Today's code sent 150 updates here (one per edit). Coalesced: the recipients were mailed today.
    expect(sameDay).toBe(0);

    // The owner sees why in the activity log.
    const activity = await o.get<{ kind: string; text: string }[]>('/api/release/activity');
    expect(activity.some((a) => a.kind === 'message-update-waiting')).toBe(true);

    // Day by day: never more than the quota in a day, and every recipient told once, of the last text.
    const perDay: number[] = [];
    for (let d = 0; d < 5; d++) {
      const before = who.reduce((n, w) => n + updatedTo(o, w).length, 0);
      await runFor(o, 24, DAY_MS / 24);
      perDay.push(who.reduce((n, w) => n + updatedTo(o, w).length, 0) - before);
      if (d === 1) {
        // Past the quota the rest wait, and the owner sees why: readiness panel and activity log.
        await o.signIn();
        const r = await o.get<{ emailsWaiting: { what: string; count: number }[] }>('/api/release/readiness');
        expect(r.emailsWaiting).toHaveLength(1);
        expect(r.emailsWaiting[0]).toMatchObject({ what: 'updated or re-addressed messages' });
        expect(r.emailsWaiting[0]!.count).toBeGreaterThan(0);
        expect((await o.get<{ kind: string }[]>('/api/release/activity')).some((a) => a.kind === 'email-waiting')).toBe(true);
      }
    }
    for (const n of perDay) expect(n).toBeLessThanOrEqual(ACCOUNT_LIMITS.redeliveriesPerDay);
    for (const w of who) expect(updatedTo(o, w)).toHaveLength(1);
    const link = updatedTo(o, 'r0')[0]!.links[0]!;
    expect(await (await o.open(`${link}/data`)).text()).toContain('Edited 3'); // the page's JSON (web/release/)
  });

  it('finding 2: a stranger named as the profile e-mail receives nothing of 40 report/cancel cycles; verification e-mails are limited per day', { timeout: 60_000 }, async () => {
    const o = await ownerWithSmtp(smtp);
    const stranger = o.addr('stranger');
    expect((await o.t.call('PATCH', '/api/user/profile', { email: stranger }, o.cookie)).status).toBe(200);
    await o.addTrustee('self');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'self');
    for (let i = 0; i < 40; i++) {
      expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
      expect((await o.t.call('POST', '/api/release/cancel', {}, o.cookie)).status).toBe(200);
      await o.t.services.scheduler.runOnce();
    }
    await runFor(o, 3, 60_000);
    // Today's code sent 80 e-mails to the stranger here.
    expect(smtp.to(stranger)).toHaveLength(0);

    // The readiness panel says why, in plain words.
    const readiness = await o.get<{ ownerEmailVerified: boolean; missing: string[] }>('/api/release/readiness');
    expect(readiness.ownerEmailVerified).toBe(false);
    expect(readiness.missing.join(' ')).toContain('release notices cannot reach you');

    // Asking again and again for a verification e-mail: the daily limit, then 429.
    const statuses: number[] = [];
    for (let i = 0; i < ACCOUNT_LIMITS.verificationEmailsPerDay + 5; i++) {
      statuses.push((await o.t.call('POST', '/api/release/owner-email/verify', {}, o.cookie)).status);
    }
    expect(statuses.filter((s) => s === 200)).toHaveLength(ACCOUNT_LIMITS.verificationEmailsPerDay);
    expect(statuses.filter((s) => s === 429)).toHaveLength(5);
    await runFor(o, 3, 60_000);
    expect(smtp.to(stranger).length).toBe(ACCOUNT_LIMITS.verificationEmailsPerDay);
    expect(smtp.to(stranger).every((e) => /Confirm your e-mail address/.test(e.subject))).toBe(true);
  });
});
