/**
 * Issue #16 beyond the five findings: yearly trustee confirmations, the owner's yearly review,
 * a permanent SMTP refusal shown to the owner (activity, Settings, banner), a changed text after
 * delivery (README.md rule: re-delivered with a note), and the readiness panel's answer.
 * Real app, real SQLite file, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ReleaseReadiness, ReleaseStatus, ReleaseTrustee } from '../../shared/schema/release';
import { createTestApp } from '../test/test-support';
import { acceptInvitation, linkOf, ownerOn, ownerWithSmtp, runFor, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp({ refuse: (a) => a.startsWith('nobody-') });
});
afterAll(() => smtp.close());

describe('links that last', () => {
  it('every year each trustee gets a fresh link; the old one still works; the owner sees the confirmation', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.addTrustee('mary');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    await runFor(o, 12, 31 * DAY_MS);
    const yearly = await smtp.waitFor(o.addr('grace'), /You are still Ada's trustee/);
    const fresh = linkOf(yearly);
    expect(fresh).not.toBe(report);
    expect((await o.open(report)).status).toBe(200);
    const page = await (await o.open(fresh)).text();
    const confirm = /action="([^"]+\/confirm)"/.exec(page)![1]!;
    expect((await o.open(`http://afterword.test${confirm}`, 'POST')).status).toBe(200);
    // Mary never accepted: her invitation is sent again, as every year.
    expect(smtp.to(o.addr('mary')).filter((e) => /asked you to be a trustee/.test(e.subject))).toHaveLength(2);
    // Exactly one yearly e-mail in the year, however often the scheduler ran.
    expect(smtp.to(o.addr('grace')).filter((e) => /You are still/.test(e.subject))).toHaveLength(1);

    await o.signIn();
    const trustees = await o.get<ReleaseTrustee[]>('/api/release/trustees');
    const grace = trustees.find((x) => x.email === o.addr('grace'))!;
    expect(Date.parse(grace.confirmedAt!)).toBe(o.t.deps.now());
    // And a yearly "review your plan" e-mail to the owner.
    expect(smtp.to(o.email).filter((e) => /review your Afterword plan/.test(e.subject))).toHaveLength(1);
  });
});

describe('an invitation replaced while the mail server was down', () => {
  it('only the newest is sent, once the server is back', async () => {
    const own = await startTestSmtp();
    const o = await ownerWithSmtp(own);
    const { id } = await o.addTrustee('grace');
    await own.close();
    await o.t.services.scheduler.runOnce(); // round 1 queued, its send fails
    expect((await o.t.call('POST', `/api/release/trustees/${id}/invite`, undefined, o.cookie)).status).toBe(200);
    const back = await startTestSmtp({ port: own.port, received: own.received });
    try {
      await runFor(o, 3, 60 * 60_000);
      const invites = back.to(o.addr('grace'));
      expect(invites).toHaveLength(1);
      expect((await o.open(linkOf(invites[0]!))).status).toBe(200);
      expect((await o.get<ReleaseReadiness>('/api/release/readiness')).undeliverable).toEqual([]);
    } finally {
      await back.close();
    }
  });
});

describe('an e-mail that will never arrive', () => {
  it("a 5xx refusal of the owner's waiting-period e-mail shows in activity, Settings and the banner; a trustee's marks them bounced", async () => {
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
    const o = await ownerOn(t);
    expect((await t.call('PATCH', '/api/user/profile', { email: `nobody-${o.addr('x')}` }, o.cookie)).status).toBe(200);
    // An address the owner once confirmed (owner-email.ts) whose mail server now refuses everything.
    await t.services.release.store.setVerifiedOwnerEmail(o.userId, `nobody-${o.addr('x')}`, t.deps.now());
    await o.post('/api/trustees', { name: 'Nobody Trustee', email: `nobody-${o.addr('t')}`, accessLevel: 'full' });
    await o.addTrustee('grace');
    await t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await t.services.scheduler.runOnce();

    const status = await o.get<ReleaseStatus>('/api/release/status');
    expect(status.undeliverable).toEqual([
      expect.objectContaining({ subject: 'A waiting period has started on your Afterword account', reason: 'refused', critical: true }),
    ]);
    const activity = await o.get<{ kind: string; text: string }[]>('/api/release/activity');
    expect(activity.filter((a) => a.kind === 'email-failed').map((a) => a.text).join('\n')).toMatch(/waiting period has started.*refused/);
    const ready = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(ready.trustees.find((x) => x.email.startsWith('nobody-'))!.bouncedAt).not.toBeNull();
    expect(ready.missing.join('\n')).toMatch(/your trustee nobody-.*could not be delivered/);
    // Dismissed, the banner goes; Settings still lists it.
    expect((await t.call('POST', '/api/release/undeliverable/seen', undefined, o.cookie)).status).toBe(200);
    expect((await o.get<ReleaseStatus>('/api/release/status')).undeliverable).toEqual([]);
    expect((await o.get<ReleaseReadiness>('/api/release/readiness')).undeliverable).toHaveLength(2);
  });
});

describe('a delivered message changed', () => {
  it('a new text is re-delivered to the same recipient, once, saying it was changed; its revision is a random token, not a count of edits', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    const m = await o.addMessage('annabella', 'First words.');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    expect((await o.open(report, 'POST', REPORTED)).status).toBe(200);
    await runFor(o, 8, DAY_MS);
    await smtp.waitFor(o.addr('annabella'), /^A message from Ada$/);
    await o.signIn();
    const revisionOf = async () => (await o.get<{ id: string; contentRevision: unknown }[]>('/api/messages')).find((x) => x.id === m.id)?.contentRevision;
    const first = await revisionOf();
    expect((await o.t.call('PATCH', `/api/messages/${m.id}`, { messageContent: 'Second words?' }, o.cookie)).status).toBe(200);
    const second = await revisionOf();
    expect((await o.t.call('PATCH', `/api/messages/${m.id}`, { messageContent: 'Second words.' }, o.cookie)).status).toBe(200);
    const third = await revisionOf();
    // Issue 39: the revision is a random token, so the server cannot count a letter's edits.
    for (const r of [first, second, third]) expect(r).toMatch(/^[A-Za-z0-9_-]{22}$/);
    expect(new Set([first, second, third]).size).toBe(3);
    await o.t.services.scheduler.runOnce();
    await o.t.services.scheduler.runOnce();
    const updated = await smtp.waitFor(o.addr('annabella'), /\(updated\)/);
    expect(updated.text).toContain('was changed after we sent it to you');
    expect(await (await o.open(`${linkOf(updated)}/data`)).text()).toContain('Second words.');
    expect(smtp.to(o.addr('annabella'))).toHaveLength(2);
  });
});

describe('release readiness', () => {
  it('says plainly, in the owner\'s words, that e-mails reach no one and links work only on this machine', async () => {
    const o = await ownerOn(createTestApp());
    const r = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(r).toMatchObject({ ready: false, email: 'folder', publicUrl: null, linkBase: 'http://localhost:8787', checkInDays: 0, nextReminderAt: null });
    const missing = r.missing.join('\n');
    expect(missing).toContain('E-mail is not set up on your Afterword server yet, so release e-mails cannot reach anyone.');
    expect(missing).toContain('Links in e-mails point to http://localhost:8787, an address other people cannot reach.');
    // The settings' names are for the administrator (Settings shows them behind a disclosure).
    expect(missing).not.toMatch(/SMTP_URL|PUBLIC_URL/);
  });

  it('with SMTP, PUBLIC_URL, check-ins and an accepted trustee, nothing is missing', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    await acceptInvitation(o, smtp, 'grace');
    expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 90 }, o.cookie)).status).toBe(200);
    const r = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(r.missing).toEqual([]);
    expect(r).toMatchObject({ ready: true, email: 'smtp', publicUrl: 'http://afterword.test', checkInDays: 90 });
    expect(Date.parse(r.nextReminderAt!) - Date.parse(r.lastCheckInAt)).toBe(90 * DAY_MS);
  });
});
