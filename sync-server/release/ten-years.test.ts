/**
 * Ten years in one test (issue #16): the app's injectable clock, a real SMTP server on loopback,
 * a real SQLite file. The owner, with 90-day check-ins, signs in irregularly for ten years (twice
 * late enough for a first reminder); every year each trustee hears from us; the SMTP server is
 * down for three days twice (once over a yearly e-mail, once over the start of the waiting
 * period); the server restarts once (new services over the same file); one trustee never
 * accepts. Nothing is released while the owner checks in. When they stop: three reminders, the
 * waiting period, the release; every message is delivered exactly once, every trustee is
 * reached, and nothing is sent twice. A scheduler pass runs every simulated day.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp } from '../test/test-support';
import { acceptInvitation, ownerOn, reopen } from '../test/release-test-support';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';
import { DAY_MS } from './state-machine';

let smtp: TestSmtp;
beforeAll(async () => {
  smtp = await startTestSmtp();
});
afterAll(() => smtp?.close());

/** A small deterministic PRNG (mulberry32), so the irregular check-ins are the same every run. */
function prng(seed: number) {
  return () => {
    seed = (seed + 0x6d2b79f5) | 0;
    let x = Math.imul(seed ^ (seed >>> 15), 1 | seed);
    x = (x + Math.imul(x ^ (x >>> 7), 61 | x)) ^ x;
    return ((x ^ (x >>> 14)) >>> 0) / 4294967296;
  };
}

/** Check-in days over ten years: gaps of 3–85 days, and two of 92 days (a first reminder, then a sign-in). */
function checkInDays(): number[] {
  const random = prng(16);
  const days: number[] = [];
  const lateAt = new Set([9, 31]);
  for (let d = 0, i = 0; ; i++) {
    d += lateAt.has(i) ? 92 : 3 + Math.floor(random() * 83);
    if (d > 3650) return days;
    days.push(d);
  }
}

describe('ten years of release (issue #16)', () => {
  it('no release while the owner checks in; then reminders, waiting, release; every e-mail exactly once', async () => {
    const checkIns = checkInDays();
    const last = checkIns[checkIns.length - 1]!;
    const o = await ownerOn(createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'https://afterword.example.org' }));
    const start = o.t.deps.now();
    const subjects = (who: string, re: RegExp) => smtp.to(who).filter((e) => re.test(e.subject));

    expect((await o.t.call('PUT', '/api/release/settings', { checkInDays: 90, waitingDays: 7 }, o.cookie)).status).toBe(200);
    await o.addTrustee('grace', 'full');
    await o.addTrustee('mary', 'messages-only');
    await o.addTrustee('never', 'documents-only');
    await o.addMessage('anna', 'For Anna, ten years on.');
    await o.addMessage('ben', 'For Ben, with love.');
    const dated = new Date(start + (last + 130) * DAY_MS).toISOString();
    await o.addMessage('cleo', 'For Cleo, on the day I chose.', dated);
    await o.t.services.scheduler.runOnce();
    await acceptInvitation(o, smtp, 'grace');
    await acceptInvitation(o, smtp, 'mary');

    const outages = [
      { from: 3 * 365 - 1, to: 3 * 365 + 2 }, // over the third yearly e-mail
      { from: last + 96, to: last + 99 }, // over the start of the waiting period
    ];
    const restartDay = 2000;
    let server: TestSmtp | null = null; // the replacement server while `smtp` is down
    let firstNotActive: number | null = null;
    const checkInSet = new Set(checkIns);
    let lastYearSignedIn = 0;
    const retriedKinds = new Set<string>();

    for (let day = 1; day <= last + 140; day++) {
      o.t.advance(DAY_MS);
      if (outages.some((x) => x.from === day)) await (server ?? smtp).close();
      if (outages.some((x) => x.to === day)) server = await startTestSmtp({ port: smtp.port, received: smtp.received });
      if (day === restartDay) o.t = reopen(o.t);
      if (checkInSet.has(day)) {
        // A sign-in over HTTP once a year (scrypt is slow by design); the other check-ins call
        // the same service method a sign-in or a sync calls (accounts/auth-routes.ts, records/sync-routes.ts).
        if (Math.floor(day / 365) !== lastYearSignedIn) {
          await o.signIn();
          lastYearSignedIn = Math.floor(day / 365);
        } else {
          await o.t.services.release.checkIn(o.userId);
        }
      }
      await o.t.services.scheduler.runOnce();
      // Finished e-mails leave the queue after 30 days (outbox.ts EMAIL_RETENTION_DAYS): note each retried kind as it happens.
      for (const r of o.t.deps.db.prepare('SELECT DISTINCT kind FROM release_emails WHERE attempts > 1').all() as { kind: string }[]) retriedKinds.add(r.kind);
      if (firstNotActive === null && (await o.t.services.release.state(o.userId)).phase !== 'active') firstNotActive = day;
    }
    const state = await o.t.services.release.state(o.userId);
    await server?.close();

    // No release while the owner checked in: the first change came after the last check-in's lapse (90 + 7 days).
    expect(firstNotActive).toBe(last + 97);
    expect(state.phase).toBe('released');
    const releasedDay = Math.round((state.releasedAt! - start) / DAY_MS);
    expect(releasedDay).toBe(last + 97 + 7);

    // Reminders: one for each of the two late sign-ins, three at the end.
    expect(subjects(o.email, /reminder to check in/)).toHaveLength(2 + 3);
    expect(subjects(o.email, /waiting period has started/)).toHaveLength(1);
    expect(subjects(o.email, /has been released/)).toHaveLength(1);
    expect(subjects(o.email, /was cancelled/)).toHaveLength(0);

    // Every message exactly once, the dated one after its date; all marked delivered.
    for (const who of ['anna', 'ben', 'cleo']) expect(subjects(o.addr(who), /A message from Ada$/)).toHaveLength(1);
    for (const m of await o.t.services.records.list(o.userId, 'messages')) expect(m.delivered).toBe(true);

    // Every trustee reached at release, the one who never accepted too.
    for (const who of ['grace', 'mary', 'never']) expect(subjects(o.addr(who), /What Ada left for you/)).toHaveLength(1);
    // Every year each trustee heard from us (until the release), outages and restart notwithstanding.
    const years = Math.floor((releasedDay - 1) / 365);
    expect(years).toBe(10);
    for (const who of ['grace', 'mary']) expect(subjects(o.addr(who), /You are still Ada's trustee/)).toHaveLength(years);
    expect(subjects(o.addr('never'), /asked you to be a trustee/)).toHaveLength(1 + years);
    expect(subjects(o.email, /review your Afterword plan/).length).toBeGreaterThanOrEqual(years - 1);

    // Nothing sent twice: every link ever e-mailed is different, and the queue is empty.
    const links = smtp.received.flatMap((e) => e.links).filter((l) => /\/api\/(trustee|delivery|still-here)\//.test(l));
    expect(new Set(links).size).toBe(links.length);
    expect(await o.t.services.release.store.unsentEmails(o.userId)).toEqual({ n: 0, written: 0 });
    expect(await o.t.services.release.store.failedEmails(o.userId)).toEqual([]);
    // The outages really refused e-mails (which were retried): the waiting-period one among them.
    expect([...retriedKinds]).toEqual(expect.arrayContaining(['trustee-yearly', 'owner-waiting-started']));
    o.t.deps.db.close();
  }, 120_000);
});
