/**
 * The yearly sharing reminder (issue 43 "The owner always knows"; docs/sharing.md "The yearly
 * reminder"): once a year, an owner who shares something now or has set emergency access gets one
 * e-mail through the release outbox saying how many things are shared now and by how many links,
 * how many trustees may ask for emergency access, that Afterword cannot read who or what (open
 * Settings → Sharing to see), and how to stop. Real app over a real SQLite file, the scheduler's
 * pass driven by the test app's clock; a second instance (its own connection to the same file)
 * and a restart (new services) send nothing twice; each pass does a bounded number of owners.
 */
import { join } from 'node:path';
import { describe, expect, it, vi } from 'vitest';
import { openDatabase, type Db } from '../db/sqlite';
import { DAY_MS } from '../release/state-machine';
import { createServices } from '../services';
import { emergencySetup } from '../test/emergency-test-support';
import { outboxFiles, ownerOn, runFor } from '../test/release-test-support';
import { newShareBody } from '../test/share-test-support';
import { createTestApp, type TestApp } from '../test/test-support';
import { createSharingReminders } from './yearly-reminder';
import { createSqliteReminderStore } from './store/reminder-store';
import { createSqliteShareStore } from './store/share-store';
import { createSqliteEmergencyStore } from './store/emergency-store';

const SUBJECT = 'Once a year: what you share on Afterword now';
const reminders = (t: TestApp, to: string) => outboxFiles(t.deps.config.dataDir).filter((e) => e.subject === SUBJECT && e.to.includes(to));

/** The reminders over `db` (one instance's connection), as services.ts makes them. */
const remindersOn = (t: TestApp, db: Db, perPass?: number, release = t.services.release) =>
  createSharingReminders({ store: createSqliteReminderStore(db), shares: createSqliteShareStore(db), emergency: createSqliteEmergencyStore(db), release, now: t.deps.now, perPass });
/** One reminder pass over `db`, as the scheduler runs it. */
const passOn = (t: TestApp, db: Db, perPass?: number, release = t.services.release) => remindersOn(t, db, perPass, release).pass();

/** Shares document `docId` of the owner through the route; returns the share's id. */
async function share(t: TestApp, o: { userId: string; cookie: string }, docId: string) {
  const { body } = await newShareBody(o.userId, docId);
  const res = await t.call('POST', '/api/shares', body, o.cookie);
  expect(res.status, await res.clone().text()).toBe(201);
  return body.shareId;
}

/** A fresh app with Ann, Bea and Cy, each sharing one document, a second apart (so due in that order). */
async function threeSharingOwners() {
  const t = createTestApp({ PUBLIC_URL: 'http://afterword.test' });
  const owners = [];
  for (const name of ['Ann', 'Bea', 'Cy']) {
    const o = await ownerOn(t, name);
    await share(t, o, (await o.post('/api/documents', { documentType: 'will', documentName: 'Will', documentUrl: 'https://files.example.com/will.pdf' })).id);
    owners.push(o);
    t.advance(1_000);
  }
  return { t, owners };
}

describe('the yearly sharing reminder', () => {
  it('once a year to an owner who shares now or set emergency access: how many, that Afterword cannot read who, how to stop; never twice across passes, a second instance and a restart', async () => {
    const s = await emergencySetup();
    const { o } = s;
    const t = o.t;
    await s.put(0, 48);
    const shareId = await share(t, o, s.doc.id);
    await share(t, o, s.doc.id); // the same document, a second link (for a second person)
    const quiet = await ownerOn(t, 'Grace'); // shares nothing: never reminded
    await t.services.scheduler.runOnce();
    t.advance(364 * DAY_MS);
    await t.services.scheduler.runOnce();
    expect(reminders(t, o.email)).toEqual([]);

    t.advance(2 * DAY_MS);
    // Two instances' passes at once, each on its own connection to the database, then a restart (nothing kept in memory).
    await Promise.all([passOn(t, t.deps.db), passOn(t, openDatabase(join(t.deps.config.dataDir, 'afterword.db')))]);
    await t.services.scheduler.runOnce();
    await createServices(t.deps).scheduler.runOnce();
    await t.services.scheduler.runOnce();
    const mail = reminders(t, o.email);
    expect(mail).toHaveLength(1);
    const text = mail[0]!.text;
    expect(text).toContain('Dear Ada,');
    expect(text).toContain('1 thing is shared now, by 2 private links. Each link was made for one person, and whoever holds a link can open what it shares and sees your changes.');
    expect(text).toContain('1 of your trustees can ask for emergency access to 1 thing.');
    expect(text).toContain('Afterword cannot read them');
    expect(text).toContain('open Settings → Sharing to see who');
    expect(text).toContain('http://afterword.test/settings');
    expect(text).toContain('Stop sharing');
    expect(text).toContain('open Trustees, then “Emergency access” on their card, and remove it:\nhttp://afterword.test/trustees');
    for (const secret of ['Maria', o.addr('maria'), o.addr('bert')]) expect(text).not.toContain(secret); // nothing the server cannot know, nor a trustee's address
    expect(reminders(t, quiet.email)).toEqual([]);

    // A year later, the next one; then the owner stops everything and no more come.
    t.advance(365 * DAY_MS);
    await t.services.scheduler.runOnce();
    expect(reminders(t, o.email)).toHaveLength(2);
    expect(reminders(t, o.email)[1]!.text).toContain('1 thing is shared now, by 2 private links.');
    await o.signIn(); // two years on: a new session
    for (const r of (await o.get<{ shares: Array<{ id: string }> }>('/api/shares')).shares) expect((await t.call('POST', `/api/shares/${r.id}/stop`, {}, o.cookie)).status).toBe(204);
    expect((await t.call('DELETE', `/api/emergency/trustees/${s.made.kits[0]!.trusteeId}`, undefined, o.cookie)).status).toBe(200);
    t.advance(366 * DAY_MS);
    await t.services.scheduler.runOnce();
    t.advance(366 * DAY_MS);
    await t.services.scheduler.runOnce();
    expect(reminders(t, o.email)).toHaveLength(2);
    expect(shareId).toBeTruthy();
  });

  it('says only what is set: emergency access alone, in words for one trustee; an owner with no confirmed address gets none', async () => {
    const s = await emergencySetup();
    const t = s.o.t;
    await s.put(0, 48);
    await s.put(1, 48);
    t.advance(366 * DAY_MS);
    await t.services.scheduler.runOnce();
    const text = reminders(t, s.o.email)[0]!.text;
    expect(text).not.toContain('shared now');
    expect(text).toContain('2 of your trustees can ask for emergency access to 1 thing.');
    expect(text).toContain('If one of them asks, we tell you at once, and you can refuse.');

    const u = await emergencySetup(['ann', 'ben'], t);
    await u.put(0, 48);
    expect((await t.call('PATCH', '/api/user/profile', { email: `other-${u.o.email}` }, u.o.cookie)).status).toBe(200);
    t.advance(366 * DAY_MS);
    await t.services.scheduler.runOnce();
    expect(outboxFiles(t.deps.config.dataDir).filter((e) => e.subject === SUBJECT && e.to.some((a) => a.endsWith(u.o.email)))).toEqual([]);
  });

  it('does a bounded number of owners per pass; the rest go in the next passes, each once', async () => {
    const { t, owners } = await threeSharingOwners();
    t.advance(366 * DAY_MS);
    expect(await passOn(t, t.deps.db, 2)).toBe(2);
    expect(await passOn(t, t.deps.db, 2)).toBe(1);
    expect(await passOn(t, t.deps.db, 2)).toBe(0);
    await t.services.scheduler.runOnce(); // sends what was queued
    for (const o of owners) expect(reminders(t, o.email), o.email).toHaveLength(1);
  });

  it('owners whose reminder keeps failing do not hold up the others: each failure waits a day (security review 20 #9)', async () => {
    const { t, owners } = await threeSharingOwners(); // Ann's and Bea's come due first
    const failing = new Set([owners[0]!.userId, owners[1]!.userId]);
    const release = { ...t.services.release, owner: async (id: string) => (failing.has(id) ? Promise.reject(new Error('a fault of this owner')) : t.services.release.owner(id)) };
    const failingPass = () => passOn(t, t.deps.db, 2, release);
    t.advance(366 * DAY_MS);
    expect(await failingPass()).toBe(0); // Ann and Bea fail
    expect(await failingPass()).toBe(1); // Cy's turn, not Ann's and Bea's again
    expect(await failingPass()).toBe(0); // nothing due: the two wait a day
    t.advance(DAY_MS + 1_000);
    failing.clear();
    expect(await failingPass()).toBe(2); // a day on, Ann and Bea are tried again
    await t.services.scheduler.runOnce(); // sends what was queued
    for (const o of owners) expect(reminders(t, o.email), o.email).toHaveLength(1);
  });

  it('sends none after the release: the owner is then taken to have died', async () => {
    const t = createTestApp({ PUBLIC_URL: 'http://afterword.test' });
    const o = await ownerOn(t, 'Dee');
    await share(t, o, (await o.post('/api/documents', { documentType: 'will', documentName: 'Will', documentUrl: 'https://files.example.com/will.pdf' })).id);
    expect((await t.call('PUT', '/api/release/settings', { checkInDays: 30, waitingDays: 7 }, o.cookie)).status).toBe(200);
    for (let day = 0; day < 60 && (await t.services.release.state(o.userId)).phase !== 'released'; day++) await runFor(o, 1, DAY_MS);
    expect((await t.services.release.state(o.userId)).phase).toBe('released');
    await runFor(o, 2, 200 * DAY_MS);
    expect(outboxFiles(t.deps.config.dataDir).filter((e) => e.to.includes(o.email)).length).toBeGreaterThan(0); // the release's own e-mails went
    expect(reminders(t, o.email)).toEqual([]);
  });

  it('a fault arming the reminder never fails the write that shares: the setting and the share are kept, the fault logged, and the owner armed at the next pass', async () => {
    const s = await emergencySetup();
    const { o } = s;
    const t = o.t;
    // A real fault where the reminder is armed: its table is gone for a while.
    t.deps.db.exec('ALTER TABLE sharing_reminders RENAME TO sharing_reminders_away');
    const errors = vi.spyOn(console, 'error').mockImplementation(() => {});
    try {
      await s.put(0, 48); // 204, not a 500
      await share(t, o, s.doc.id); // 201
      expect((await o.get<{ settings: unknown[] }>('/api/emergency')).settings).toHaveLength(1);
      expect((await o.get<{ shares: unknown[] }>('/api/shares')).shares).toHaveLength(1);
      expect(errors.mock.calls.map((c) => String(c[0])).join('\n')).toMatch(/yearly sharing reminder.*not armed/);
    } finally {
      errors.mockRestore();
      t.deps.db.exec('ALTER TABLE sharing_reminders_away RENAME TO sharing_reminders');
    }
    const armedAt = t.deps.now();
    await t.services.scheduler.runOnce(); // armed now, a year from this pass
    expect(t.deps.db.prepare('SELECT due_at FROM sharing_reminders WHERE user_id = ?').get(o.userId)).toEqual({ due_at: armedAt + 365 * DAY_MS });
    t.advance(366 * DAY_MS);
    await t.services.scheduler.runOnce();
    expect(reminders(t, o.email)).toHaveLength(1);
  });

  it('counts only trustees still on the list: a removed trustee\'s setting is not among those who can ask, and an owner left with none gets no e-mail', async () => {
    const s = await emergencySetup();
    const t = s.o.t;
    await s.put(0, 48);
    await s.put(1, 48);
    const removeTrustee = async (x: typeof s, i: number) => expect((await t.call('DELETE', `/api/trustees/${x.made.kits[i]!.trusteeId}`, undefined, x.o.cookie)).status).toBeLessThan(300);
    await removeTrustee(s, 1);
    const u = await emergencySetup(['ann', 'ben'], t);
    await u.put(0, 48);
    await removeTrustee(u, 0);
    t.advance(366 * DAY_MS);
    await t.services.scheduler.runOnce();
    const mail = reminders(t, s.o.email);
    expect(mail).toHaveLength(1);
    expect(mail[0]!.text).toContain('1 of your trustees can ask for emergency access to 1 thing.');
    expect(await remindersOn(t, t.deps.db).counts(u.o.userId)).toEqual({ items: 0, links: 0, trustees: 0, emergencyItems: 0 });
    expect(reminders(t, u.o.email)).toEqual([]);
  });
});
