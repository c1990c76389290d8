/**
 * The release on PostgreSQL with two server instances (issue #19: "A release test with two
 * instances sends every e-mail exactly once while one instance is killed mid-way"): a trustee
 * reports the owner's death through instance B, the waiting period passes, and the release is
 * run by the scheduler of whichever instance leads (db/pg/pg-leader.ts). Instance A leads, is
 * killed while sending (its claim held, its pool ended, its lead lost), and instance B takes
 * over: every e-mail reaches the real SMTP server on loopback exactly once.
 *
 * Each instance is the server's own wiring (createPgServices through createPgTestApp): its
 * release store, record service and leader-gated scheduler, with its mailer replaced.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import { createPgTestApp, insertPgUser, usePgDatabase } from '../test/pg-test-support';
import type { RecordService } from '../records';
import type { Mailer } from './mailer';
import type { ReleaseScheduler } from './scheduler';
import type { ReleaseService } from './service';
import { startTestSmtp, type TestSmtp } from '../test/smtp-test-server';

const pgDb = usePgDatabase();

interface Instance {
  pool: pg.Pool;
  release: ReleaseService;
  scheduler: ReleaseScheduler;
  /** Gives up the scheduler's lead (the instance's lock connection). */
  resign: () => Promise<void>;
  records: RecordService;
  mailer: Mailer;
}

describe('release on PostgreSQL with two instances (issue #19)', () => {
  let smtp: TestSmtp;
  beforeAll(async () => {
    smtp = await startTestSmtp();
  });
  afterAll(async () => {
    await smtp?.close();
  });

  it('a trustee reports, the waiting period passes, the leader is killed mid-send: every e-mail is sent exactly once', async () => {
    const env = { SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' };
    let now = Date.UTC(2026, 10, 21, 12);
    const clock = { now: () => now, advance: (ms: number) => void (now += ms) };
    /** One server instance (its own pool); `mailer` replaces its SMTP sending. */
    const instance = async (mailer?: Mailer): Promise<Instance> => {
      const t = await createPgTestApp(pgDb.url, { env, clock, mailer });
      const { release, scheduler, resign, records, mailer: own } = t.services;
      return { pool: t.pool, release, scheduler, resign: resign!, records, mailer: own };
    };
    const b = await instance();
    const smtpMailer = b.mailer;

    // Instance A: its second e-mail of the release never finishes sending (the process is killed then).
    let aSends = 0;
    let killedMidSend = false;
    let hung: { to: string; subject: string } | null = null;
    const a = await instance({
      mode: 'smtp',
      send(email) {
        if (killedMidSend) {
          aSends += 1;
          if (aSends === 2) {
            hung = { to: email.to, subject: email.subject };
            return new Promise(() => undefined); // killed while sending: never returns
          }
        }
        return smtpMailer.send(email);
      },
    });
    const { records } = b;

    const userId = 'owner-pg-release';
    await insertPgUser(pgDb.pool, userId);
    await records.write(userId, 'profile', userId, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    await b.release.store.setVerifiedOwnerEmail(userId, 'ada@example.com', now); // as by following the link (owner-email.ts)
    for (const who of ['grace', 'alan']) {
      await records.write(userId, 'trustees', who, { name: `${who} Trustee`, email: `${who}@example.com`, accessLevel: 'full', createdAt: new Date(now).toISOString() });
    }
    for (const who of ['annabella', 'byron']) {
      await records.write(userId, 'messages', `m-${who}`, {
        recipientName: who,
        recipientEmail: `${who}@example.com`,
        messageType: 'text',
        messageContent: `Dear ${who}, with love.`,
        createdAt: new Date(now).toISOString(),
      });
    }

    // A leads; B's passes do nothing while it does.
    await a.scheduler.runOnce();
    expect(await b.scheduler.runOnce()).toEqual({ trustees: 0, transitions: 0, deliveries: 0, sent: 0 });
    await smtp.waitFor('grace@example.com', /asked you to be a trustee/);
    await smtp.waitFor('alan@example.com', /asked you to be a trustee/);

    // Grace accepts (through B: any instance serves the public pages) and reports the death.
    expect(await b.release.acceptInvitation(userId, 'grace')).toBe(true);
    expect(await b.release.acceptInvitation(userId, 'grace')).toBe(false); // the link pressed twice
    const grace = (await b.release.trusteeActor(userId, 'grace'))!;
    expect(grace.status).toBe('accepted');
    const out = await b.release.apply(userId, grace, { type: 'report' });
    expect(out.state.phase).toBe('waiting');
    await a.scheduler.runOnce(); // the welcome and the owner's "waiting period started" go out
    await smtp.waitFor('ada@example.com', /waiting period/i);

    // The waiting period ends; A releases and starts sending, and is killed on its second e-mail.
    now = out.state.endsAt! + 60_000;
    killedMidSend = true;
    void a.scheduler.runOnce(); // never finishes: the instance dies during it
    await waitUntil(() => aSends === 2);
    await a.resign(); // the process is gone: its session lock with it…
    await a.pool.end().catch(() => undefined); // …and its connections

    // B takes the lead and finishes: the killed claim once it is stale (10 minutes).
    await b.scheduler.runOnce();
    const sentOf = (e: { to: string; subject: string }) => smtp.to(e.to).filter((r) => r.subject === e.subject).length;
    expect(hung).not.toBeNull();
    expect(sentOf(hung!)).toBe(0); // still claimed by the dead instance
    now += 11 * 60_000;
    await b.scheduler.runOnce();
    await b.scheduler.runOnce();
    expect((await b.release.state(userId)).phase).toBe('released');
    expect(sentOf(hung!)).toBe(1); // taken over once the claim went stale

    // Every e-mail exactly once: one per (recipient, subject).
    const keys = smtp.received.map((e) => `${e.to.join(',')} ${e.subject}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const who of ['annabella', 'byron']) {
      expect(smtp.to(`${who}@example.com`).filter((e) => /A message from Ada/.test(e.subject))).toHaveLength(1);
      expect((await records.get(userId, 'messages', `m-${who}`))?.delivered).toBe(true);
    }
    for (const who of ['grace', 'alan']) {
      expect(smtp.to(`${who}@example.com`).filter((e) => e.links.some((l) => l.includes('/api/trustee/access/')))).toHaveLength(1);
    }
    expect(await b.release.store.unsentEmails(userId)).toEqual({ n: 0, written: 0 });
    await b.resign();
    await b.pool.end();
  }, 60_000);
});

/** Resolves once `cond()` holds (polled every 10 ms, at most `timeoutMs`). */
async function waitUntil(cond: () => boolean, timeoutMs = 10_000): Promise<void> {
  const end = Date.now() + timeoutMs;
  while (!cond()) {
    if (Date.now() > end) throw new Error('waitUntil: timed out');
    await new Promise((r) => setTimeout(r, 10));
  }
}
