/**
 * The owner's e-mails about check-ins (DESIGN.md §8): a reminder carries an "I'm here" link that
 * checks in with one press (a deliberate act); the e-mail that a waiting period started because
 * check-ins lapsed is worded for that, not for a trustee's report of a death. Real app over a
 * real SQLite file; e-mails read from DATA_DIR/outbox.
 */
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-support';
import { ownerOn, outboxFiles, runFor } from '../test/release-test-support';
import { renderEmail } from './emails';
import { DAY_MS } from './state-machine';

const DEATH_REPORT_LINE = "If you are reading this, we hope that isn't so.";

describe('check-in e-mails', () => {
  it('a reminder\'s "I\'m here" link checks in with one press, and keeps working after the next reminder', async () => {
    const o = await ownerOn(createTestApp({ PUBLIC_URL: 'http://afterword.test' }));
    expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 30 }, o.cookie)).status).toBe(200);
    await runFor(o, 31, DAY_MS);
    const reminders = () => outboxFiles(o.t.deps.config.dataDir).filter((e) => e.subject.includes('check in'));
    expect(reminders()).toHaveLength(1);
    const first = reminders()[0]!;
    expect(first.text).toContain('reminder 1 of 3');
    expect(first.text).not.toContain(DEATH_REPORT_LINE);
    const link = first.links.find((l) => l.includes('/api/check-in/'))!;
    expect(link).toMatch(/^http:\/\/afterword\.test\/api\/check-in\/[A-Za-z0-9_-]{43}$/);

    await runFor(o, 3, DAY_MS);
    expect(reminders()).toHaveLength(2);
    const path = new URL(link).pathname;
    const pageRes = await o.open(path);
    expect(pageRes.status).toBe(200);
    const body = await pageRes.text();
    expect(body).toContain("<button type=\"submit\">I'm here</button>");
    // Opening the page (a mail scanner does) checks in nothing; pressing the button does.
    const before = await o.t.services.release.state(o.userId);
    expect(before.remindersSent).toBe(2);
    const pressed = await o.open(path, 'POST');
    expect(pressed.status).toBe(200);
    expect(await pressed.text()).toContain('Thank you');
    const after = await o.t.services.release.state(o.userId);
    expect(after).toMatchObject({ phase: 'active', remindersSent: 0, lastCheckInAt: o.t.deps.now() });
    expect((await o.open('/api/check-in/' + 'x'.repeat(43), 'POST')).status).toBe(404);
  });

  it('a waiting period started by lapsed check-ins is not announced as a death report', () => {
    const lapsed = renderEmail('owner-waiting-started', { base: 'http://x', ownerName: 'Ada Lovelace', recipientName: 'Ada', endsAt: Date.UTC(2027, 0, 8), waitingDays: 7 }, 'http://x/api/still-here/t');
    expect(lapsed.text).not.toContain(DEATH_REPORT_LINE);
    expect(lapsed.text).toContain('You have not checked in');
    expect(lapsed.text).toContain('three reminders');
    const reported = renderEmail('owner-waiting-started', { base: 'http://x', ownerName: 'Ada Lovelace', recipientName: 'Ada', startedBy: 'Margaret Hale', endsAt: Date.UTC(2027, 0, 8), waitingDays: 7 }, 'http://x/api/still-here/t');
    expect(reported.text).toContain('Margaret Hale, one of your trustees, has told us that you have died');
    expect(reported.text).toContain(DEATH_REPORT_LINE);
  });

  it('the release e-mail after lapsed check-ins says why, and speaks to an owner who may be reading it', () => {
    const lapsed = renderEmail('owner-released', { base: 'http://x', ownerName: 'Ada Lovelace', recipientName: 'Ada' });
    expect(lapsed.text).toContain('Your check-ins lapsed');
    expect(lapsed.text).not.toContain('the people who loved you are in our thoughts');
    const reported = renderEmail('owner-released', { base: 'http://x', ownerName: 'Ada Lovelace', recipientName: 'Ada', startedBy: 'Margaret Hale' });
    expect(reported.text).toContain('Margaret Hale, one of your trustees, told us of your death');
    expect(reported.text).toContain('the people who loved you are in our thoughts');
  });
});
