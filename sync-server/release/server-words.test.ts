/**
 * The server's own words as data (issue 44, shared/server-words.ts): each line of what is missing
 * (`GET /api/release/readiness` `missingItems`) and each activity line (`GET /api/release/activity`)
 * has a stable `code` of the `server-words` catalog and plain `params`, and keeps its English
 * `text` word for word as the server wrote it before (older clients and scripts, docs/api.md);
 * a line written before the codes reads as its text, with no code. Real app over a real SQLite file.
 */
import { describe, expect, it } from 'vitest';
import type { ReleaseActivity, ReleaseReadiness } from '../../shared/schema/release';
import en from '../../web/i18n/catalogs/en/server-words.json';
import { createTestApp } from '../test/test-support';
import { ownerOn } from '../test/release-test-support';

describe("the server's words on Settings are data", () => {
  it('what is missing and the activity lines each have a code and params, and the English of before', async () => {
    // No SMTP_URL and no PUBLIC_URL: e-mail is not set up and the links point to this machine.
    const t = createTestApp();
    const o = await ownerOn(t);
    const email = o.addr('me');
    expect((await t.call('PATCH', '/api/user/profile', { email }, o.cookie)).status).toBe(200);
    const grace = o.addr('grace');
    await o.addTrustee('grace');
    await t.services.scheduler.runOnce();
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 14 }, o.cookie)).status).toBe(200);
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 0 }, o.cookie)).status).toBe(200);

    const r = await o.get<ReleaseReadiness>('/api/release/readiness');
    expect(r.missingItems.map((m) => m.text)).toEqual(r.missing);
    for (const m of r.missingItems) {
      expect(Object.keys(en)).toContain(m.code);
      expect(m.params).toBeTypeOf('object');
    }
    const byCode = Object.fromEntries(r.missingItems.map((m) => [m.code, m]));
    expect(byCode['serverWords.missing.trusteeNotAccepted']).toEqual({
      code: 'serverWords.missing.trusteeNotAccepted',
      params: { email: grace },
      text: `Your trustee ${grace} has not accepted yet. You can resend the invitation.`,
    });
    expect(byCode['serverWords.missing.ownerEmailUnverified']!.params).toEqual({ email });
    // The English of before, word for word.
    expect(r.missing).toEqual(
      expect.arrayContaining([
        'E-mail is not set up on your Afterword server yet, so release e-mails cannot reach anyone. Ask whoever runs the server to set it up.',
        `Links in e-mails point to ${r.linkBase}, an address other people cannot reach. Ask whoever runs your Afterword server to set its public address.`,
        `Your e-mail address ${email} is not confirmed yet, so release notices cannot reach you: no reminders to check in, and no warning if a waiting period starts. Press “Send verification e-mail” and follow the link we send you.`,
        'Nothing can start a release: check-ins are off and no trustee has accepted. Turn on check-ins or ask a trustee to accept their invitation.',
      ]),
    );

    const activity = await o.get<ReleaseActivity[]>('/api/release/activity');
    expect(activity.length).toBeGreaterThanOrEqual(4);
    for (const a of activity) {
      expect(Object.keys(en)).toContain(a.code);
      expect(a.params).toBeTypeOf('object');
    }
    expect(activity.map(({ code, params, text }) => ({ code, params, text }))).toEqual(
      expect.arrayContaining([
        { code: 'serverWords.activity.checkInsOff', params: {}, text: 'Check-ins turned off.' },
        { code: 'serverWords.activity.checkInInterval', params: { days: 30 }, text: 'Check-in interval set to 30 days.' },
        { code: 'serverWords.activity.waitingPeriodSet', params: { days: 14 }, text: 'Waiting period set to 14 days.' },
        {
          code: 'serverWords.activity.invitationQueued',
          params: { email: grace, again: 'no' },
          text: `Invitation to ${grace} is queued: it will go out when e-mail is set up on this server.`,
        },
      ]),
    );
  });

  it('a line written before the codes reads as its text, with no code', async () => {
    const t = createTestApp();
    const o = await ownerOn(t);
    await t.services.release.store.addActivity(o.userId, t.deps.now(), 'settings-changed', 'Check-in interval set to 30 days.');
    const [line] = await o.get<ReleaseActivity[]>('/api/release/activity');
    expect(line).toEqual({ id: line!.id, at: line!.at, kind: 'settings-changed', text: 'Check-in interval set to 30 days.' });
  });
});
