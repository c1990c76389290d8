/**
 * E-mail quotas per account per day (SECURITY.md "Limits", email-quotas.ts): which quota each
 * kind counts against; past a quota an e-mail waits for the next day and arrives then, exactly
 * once; a death's first deliveries have their own quota, so an exhausted re-delivery or notice
 * quota never delays them. Real app over a real SQLite file, a real SMTP server on loopback;
 * low quotas are set the way a self-hoster would, through AFTERWORD_LIMITS.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { EMAIL_KINDS } from './emails';
import { QUOTA_LIMIT, quotaOf } from './email-quotas';
import { acceptInvitation, ownerWithSmtp, releaseOwnAccount, runFor, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';
import { ACCOUNT_LIMITS } from '../../shared/limits';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(async () => {
  await smtp?.close();
});

const withLimits = (limits: Record<string, number>) => ({ PUBLIC_URL: 'http://afterword.test', AFTERWORD_LIMITS: JSON.stringify(limits) });

describe('e-mail quotas', () => {
  it('every kind of e-mail counts against a quota of shared/limits.ts, a death\'s first deliveries against their own', () => {
    const quotas = Object.fromEntries(EMAIL_KINDS.map((k) => [k, quotaOf(k)]));
    expect(quotas).toEqual({
      'trustee-invite': undefined, // named by its caller: invite or resend (trustees.ts)
      'trustee-welcome': 'trustee',
      'trustee-access': 'release',
      'owner-reminder': 'owner',
      'owner-waiting-started': 'owner',
      'owner-cancelled': 'owner',
      'owner-released': 'owner',
      'owner-review': 'owner',
      'owner-verify': 'verify',
      'owner-reset': 'reset',
      'trustee-yearly': 'trustee',
      'trustee-confirm-death': 'release', // a death's: every trustee holding a kit is asked at once
      'owner-awaiting-confirmations': 'owner',
      delivery: 'release',
      'delivery-updated': 'redelivery',
      'trustee-handover': 'release', // a hand-delivered message's first (and only) e-mail, to its trustee
      'owner-emergency-requested': 'owner', // a trustee asked for emergency access (sharing/emergency-wiring.ts)
      'owner-sharing-yearly': 'owner', // the yearly sharing reminder (sharing/yearly-reminder.ts)
    });
    for (const limit of Object.values(QUOTA_LIMIT)) expect(ACCOUNT_LIMITS[limit]).toBeGreaterThan(0);
    // A real plan's release fits in one day's release quota: every trustee and hundreds of messages.
    expect(ACCOUNT_LIMITS.releaseEmailsPerDay).toBeGreaterThanOrEqual(ACCOUNT_LIMITS.trustees + 400);
  });

  it('an exhausted re-delivery quota never delays first deliveries; past the release quota they wait a day and arrive once', { timeout: 60_000 }, async () => {
    const o = await ownerWithSmtp(smtp, withLimits({ redeliveriesPerDay: 1, releaseEmailsPerDay: 4 }));
    const before = ['a', 'b'];
    for (const w of before) await o.addMessage(w, `For ${w}`);
    await releaseOwnAccount(o, smtp); // the release day: trustee "self" and a, b (3 of 4)
    await o.signIn();
    await runFor(o, 1, 60_000);
    // Re-address both delivered messages: one goes (the re-delivery quota is 1), one waits.
    const messages = await o.get<{ id: string; recipientName: string }[]>('/api/messages');
    for (const m of messages) {
      expect((await o.t.call('PATCH', `/api/messages/${m.id}`, { recipientEmail: o.addr(`${m.recipientName}2`) }, o.cookie)).status).toBe(200);
    }
    // Three new messages after release: first deliveries, beside the exhausted re-delivery quota.
    for (const w of ['c', 'd', 'e']) await o.addMessage(w, `For ${w}`);
    await runFor(o, 3, 60_000);
    const got = (w: string) => smtp.to(o.addr(w)).filter((e) => /^A message from/.test(e.subject)).length;
    expect(got('a2') + got('b2')).toBe(1);
    // Release quota 4: self, a, b and one of c, d, e today.
    expect(got('c') + got('d') + got('e')).toBe(1);
    const ready = await o.get<{ emailsWaiting: { what: string; count: number }[] }>('/api/release/readiness');
    expect(ready.emailsWaiting.map((w) => [w.what, w.count])).toEqual([
      ['updated or re-addressed messages', 1],
      ['messages and trustee notices sent at release', 2],
    ]);
    // A day later the rest have gone out, each exactly once.
    await runFor(o, 26, DAY_MS / 24);
    for (const w of ['a2', 'b2', 'c', 'd', 'e']) expect(got(w)).toBe(1);
    expect((await o.get<{ emailsWaiting: unknown[] }>('/api/release/readiness')).emailsWaiting).toEqual([]);
  });

  it('owner notices past their quota wait for the next day (none lost); trustee notices likewise', { timeout: 60_000 }, async () => {
    const o = await ownerWithSmtp(smtp, withLimits({ ownerNoticesPerDay: 2, trusteeNoticesPerDay: 1 }));
    await o.addTrustee('grace');
    await o.addTrustee('alan');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace'); // grace's welcome: the one trustee notice today
    const alanInvite = (await smtp.waitFor(o.addr('alan'), /asked you to be a trustee/)).links[0]!;
    expect((await o.open(alanInvite, 'POST')).status).toBe(200);
    for (let i = 0; i < 3; i++) {
      expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
      expect((await o.t.call('POST', '/api/release/cancel', {}, o.cookie)).status).toBe(200);
      await o.t.services.scheduler.runOnce();
    }
    await runFor(o, 2, 60_000);
    expect(smtp.to(o.email)).toHaveLength(2); // 6 notices queued
    expect(smtp.to(o.addr('alan')).filter((e) => /Thank you for being/.test(e.subject))).toHaveLength(0);
    const activity = await o.get<{ kind: string; text: string }[]>('/api/release/activity');
    expect(activity.filter((a) => a.kind === 'email-waiting').map((a) => a.text).join('\n')).toMatch(
      /today's limit of 2 notices to you\. The rest wait.*none is lost[\s\S]*today's limit of 1 notices to trustees|today's limit of 1 notices to trustees[\s\S]*today's limit of 2 notices to you/,
    );
    // Settings says when the next one goes out, in en-US long format with its zone (SPEC.md §9).
    const ready = await o.get<{ missing: string[] }>('/api/release/readiness');
    expect(ready.missing.join('\n')).toMatch(/for tomorrow: .* The next goes out on [A-Z][a-z]+ \d{1,2}, \d{4} at \d{1,2}:\d{2} [AP]M UTC\./);
    await runFor(o, 3 * 25, DAY_MS / 24);
    expect(smtp.to(o.email)).toHaveLength(6);
    expect(smtp.to(o.addr('alan')).filter((e) => /Thank you for being/.test(e.subject))).toHaveLength(1);
  });
});
