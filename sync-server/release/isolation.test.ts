/**
 * Issue #15, release part: one account can never stop or starve another's release. A hostile
 * account with bad trustee data (a trustee without an e-mail), 200 spam trustees and hundreds
 * of queued e-mails runs beside a victim whose invitations, release and deliveries proceed.
 * Real app, real SQLite file, a real SMTP server on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { invitationsPerDay, resendsPerDay } from '../../shared/limits';
import { formatHlc } from '../../shared/sync';
import { createTestApp, type TestApp } from '../test/test-support';
import { acceptInvitation, linkOf, ownerOn, runFor, type Owner, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

let counter = 0;
const hlc = (t: TestApp) => formatHlc({ ms: t.deps.now(), counter: counter++ % 60_000, node: 'hostile1' });

/** Pushes `changes` ({collection, id, fields}) through /api/sync as `o`; returns the response JSON. */
async function push(o: Owner, changes: { collection: string; id: string; fields: Record<string, unknown> }[]) {
  const res = await o.t.call('POST', '/api/sync', { protocol: 2, cursor: 0, changes: changes.map((c) => ({ ...c, hlc: hlc(o.t) })) }, o.cookie);
  expect(res.status).toBeLessThan(500);
  return res;
}

const spamTrustees = (o: Owner, n: number, sep = ' ') =>
  Array.from({ length: n }, (_, i) => ({
    collection: 'trustees',
    id: `spam${sep === ' ' ? '' : 'nl'}${i}`,
    fields: { name: `Bank${sep}Your account is locked, call +1 555 0100 ${i}`, email: o.addr(`spam${i}`), accessLevel: 'full', createdAt: new Date(o.t.deps.now()).toISOString() },
  }));

describe('release isolation between accounts (issue #15)', () => {
  it("a hostile account's bad trustee and 200 spam trustees never stop the victim's invitations, release and deliveries", async () => {
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
    const victim = await ownerOn(t, 'Vera', 'Victim');
    const hostile = await ownerOn(t, 'Hugo', 'Hostile');

    // The bad data: a trustee with only a name, through sync and (as legacy data) straight into the store.
    await push(hostile, [{ collection: 'trustees', id: 'nameonly', fields: { name: 'Only a name' } }]);
    t.services.store.applyChanges(hostile.userId, [{ collection: 'trustees', id: 'legacy', hlc: hlc(t), fields: { name: 'Legacy, no e-mail' } }]);
    // Names with line breaks are refused at the door (shared/schema/common.ts); plain spam is capped
    // by the trustee limit and then by invitationsPerDay.
    const refused = (await (await push(hostile, spamTrustees(hostile, 5, '\n'))).json()) as { rejected: unknown[] };
    expect(refused.rejected).toHaveLength(5);
    await push(hostile, spamTrustees(hostile, 200));

    await victim.addTrustee('grace');
    await victim.addMessage('annabella', 'Victim message: the stars were always yours.');
    await t.services.scheduler.runOnce();

    // The victim's invitation went out; the hostile account's spam is held to the daily limit.
    const report = await acceptInvitation(victim, smtp, 'grace');
    const spamSent = () => smtp.received.filter((e) => e.to.some((a) => a.startsWith('spam') && a.endsWith(`@example.com`)) && /Hugo/.test(e.subject));
    expect(spamSent().length).toBeLessThanOrEqual(invitationsPerDay);
    expect(spamSent().length).toBeGreaterThan(0);
    // The spam's line breaks never reach a header or start a line of their own.
    for (const e of spamSent()) expect(e.text).not.toMatch(/^Your account is locked/m);
    // The bad record is written to the hostile account's own activity, not the victim's.
    const hostileActivity = (await t.services.release.store.activity(hostile.userId, 1000)).map((a) => a.kind);
    expect(hostileActivity).toContain('trustee-invalid');
    expect((await t.services.release.store.activity(victim.userId)).map((a) => a.kind)).not.toContain('trustee-invalid');

    // The victim's release proceeds, every pass, while the hostile data stays.
    expect((await victim.open(report, 'POST', REPORTED)).status).toBe(200);
    await t.services.scheduler.runOnce();
    await smtp.waitFor(victim.email, /waiting period has started/);
    await runFor(victim, 8, DAY_MS);
    await smtp.waitFor(victim.email, /has been released/);
    const delivery = await smtp.waitFor(victim.addr('annabella'), /A message from Vera$/);
    expect(await (await victim.open(`${linkOf(delivery)}/data`)).text()).toContain('the stars were always yours');
    // Over 9 days the spam never exceeded the daily limit per day.
    expect(spamSent().length).toBeLessThanOrEqual(invitationsPerDay * 9);
  });

  it("the e-mail queue is fair: 300 queued e-mails of one account do not delay another's invitation", async () => {
    const own = await startTestSmtp();
    const t = createTestApp({ SMTP_URL: own.url, PUBLIC_URL: 'http://afterword.test' });
    const hostile = await ownerOn(t, 'Hugo', 'Hostile');
    const victim = await ownerOn(t, 'Vera', 'Victim');
    await push(
      hostile,
      Array.from({ length: 300 }, (_, i) => ({
        collection: 'messages',
        id: `m${i}`,
        fields: { recipientName: `R${i}`, recipientEmail: hostile.addr(`r${i}`), messageType: 'text', messageContent: `Message ${i}`, deliveryDate: null, delivered: false, createdAt: new Date(t.deps.now()).toISOString() },
      })),
    );
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30 }, hostile.cookie)).status).toBe(200);
    await own.close(); // an outage: the hostile account's 300 deliveries pile up in the queue
    await runFor(hostile, 50, DAY_MS);
    expect((await t.services.release.state(hostile.userId)).phase).toBe('released');
    const back = await startTestSmtp({ port: own.port, received: own.received });
    try {
      await victim.signIn();
      await victim.addTrustee('grace');
      t.advance(5 * 60 * 60_000); // past every retry's backoff
      await t.services.scheduler.runOnce(); // ONE pass
      expect(back.to(victim.addr('grace'))).toHaveLength(1);
    } finally {
      await back.close();
    }
  });

  it('invitations and resends are limited per account per day', async () => {
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
    const o = await ownerOn(t);
    const { id } = await o.addTrustee('grace');
    await t.services.scheduler.runOnce();
    for (let i = 0; i < resendsPerDay; i++) {
      expect((await t.call('POST', `/api/release/trustees/${id}/invite`, undefined, o.cookie)).status).toBe(200);
    }
    const refused = await t.call('POST', `/api/release/trustees/${id}/invite`, undefined, o.cookie);
    expect(refused.status).toBe(429);
    expect(((await refused.json()) as { error: string }).error).toMatch(/try again tomorrow/);
    t.advance(DAY_MS + 1);
    await o.signIn();
    expect((await t.call('POST', `/api/release/trustees/${id}/invite`, undefined, o.cookie)).status).toBe(200);
    // Another account's trustee is not ours to resend.
    const other = await ownerOn(t, 'Otto', 'Other');
    expect((await t.call('POST', `/api/release/trustees/${id}/invite`, undefined, other.cookie)).status).toBe(404);
  });
});
