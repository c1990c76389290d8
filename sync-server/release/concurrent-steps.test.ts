/**
 * Release steps that read, decide and write are one transaction each (issue #19: the release
 * code on AsyncReleaseStore, where requests interleave at every `await`): the same request
 * sent twice at once takes effect once. Real app, real SQLite file, real SMTP on loopback.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { acceptInvitation, linkOf, ownerWithSmtp, REPORTED } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp.close());

describe('the same step twice at once (issue #19)', () => {
  it('an invitation accepted twice at once is accepted once: one welcome e-mail, one activity line', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const invite = linkOf(await smtp.waitFor(o.addr('grace'), /asked you to be a trustee/));
    const statuses = (await Promise.all([o.open(invite, 'POST'), o.open(invite, 'POST'), o.open(invite, 'POST')])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 404, 404]);
    await o.t.services.scheduler.runOnce();
    const activity = await o.t.services.release.store.activity(o.userId);
    expect(activity.filter((a) => a.kind === 'trustee-accepted')).toHaveLength(1);
    expect(smtp.to(o.addr('grace')).filter((e) => /Thank you for being/.test(e.subject))).toHaveLength(1);
  });

  it('a death reported twice at once starts one waiting period', async () => {
    const o = await ownerWithSmtp(smtp);
    await o.addTrustee('grace');
    await o.t.services.scheduler.runOnce();
    const report = await acceptInvitation(o, smtp, 'grace');
    const statuses = (await Promise.all([o.open(report, 'POST', REPORTED), o.open(report, 'POST', REPORTED)])).map((r) => r.status);
    expect(statuses.sort()).toEqual([200, 409]);
    const activity = await o.t.services.release.store.activity(o.userId);
    expect(activity.filter((a) => /waiting period/i.test(a.text))).toHaveLength(1);
    expect((await o.t.services.release.state(o.userId)).phase).toBe('waiting');
  });
});
