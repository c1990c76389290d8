/**
 * The release on PostgreSQL with two server instances (issue #19: "A release test with two
 * instances sends every e-mail exactly once while one instance is killed mid-way"): a trustee
 * reports the owner's death through instance B, the waiting period passes, and the release is
 * run by the scheduler of whichever instance leads (db/pg/pg-leader.ts). Instance A leads, is
 * killed while sending (its claim held, its pool ended, its lead lost), and instance B takes
 * over: every e-mail reaches the real SMTP server on loopback exactly once.
 *
 * The owner's records live in PostgreSQL too (the trustee scan reads them there). Until the
 * record service is asynchronous (the PostgreSQL switch), `pgRecords` below reads and writes
 * them through the PostgreSQL record store with the shared sync functions, as records.ts does.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type pg from 'pg';
import type { CollectionName } from '../../shared/schema';
import { createClock, fieldsOfPatch, materialize, newNodeId, validateChange } from '../../shared/sync';
import { createPgLeadership, type Leadership } from '../db/pg/pg-leader';
import { createPgRecordStore } from '../db/pg/pg-record-store';
import { createPgReleaseStore } from '../db/pg/pg-release-store';
import { insertPgUser, usePgDatabase } from '../db/pg/pg-test-support';
import { createPgPool } from '../db/pg/pool';
import { createTestApp } from '../test-support';
import { createMailer, type Mailer } from './mailer';
import { createReleaseScheduler, type ReleaseScheduler } from './scheduler';
import { createReleaseService, type ReleaseRecords, type ReleaseService } from './service';
import { startTestSmtp, type TestSmtp } from './smtp-test-server';

const pgDb = usePgDatabase();
/** The scheduler's leadership key (any constant shared by the instances). */
const SCHEDULER_KEY = 0x5e1ea5en;

/** The owner's records over PostgreSQL's record store: RecordService's get/list/write (release needs no more). */
function pgRecords(pool: pg.Pool, now: () => number): ReleaseRecords {
  const store = createPgRecordStore(pool, { pullPageBytes: 1 << 20 });
  const clock = createClock(newNodeId(), now);
  const byCreated = (a: { createdAt?: string }, b: { createdAt?: string }) => (b.createdAt ?? '').localeCompare(a.createdAt ?? '');
  return {
    async get(userId, collection, id) {
      const r = await store.get(userId, collection, id);
      return r ? materialize(collection, id, r, userId) : null;
    },
    async list(userId, collection) {
      const rows = await store.list(userId, collection);
      const all = rows.map((r) => materialize(collection, r.id, r, userId)).filter((e): e is NonNullable<typeof e> => e !== null);
      return all.sort(byCreated as never);
    },
    async write(userId, collection: CollectionName, id, patch) {
      const current = await store.get(userId, collection, id);
      const fields = fieldsOfPatch(collection, current ?? { values: {}, clocks: {} }, patch, () => newNodeId());
      const result = validateChange({ collection, id, hlc: clock.tick(), fields }, { actor: 'server', userId });
      if (!result.ok) throw new Error(result.reason);
      await store.applyChanges(userId, [result.change]);
    },
  };
}

interface Instance {
  pool: pg.Pool;
  release: ReleaseService;
  scheduler: ReleaseScheduler;
  leadership: Leadership;
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
    const t = createTestApp({ SMTP_URL: smtp.url, PUBLIC_URL: 'http://afterword.test' });
    let now = t.deps.now();
    const deps = { ...t.deps, now: () => now };
    const smtpMailer = createMailer(deps.config, () => undefined);

    /** One server instance on its own pool; `mailer` replaces its SMTP sending. */
    const instance = (pool: pg.Pool, mailer: Mailer): Instance => {
      const records = pgRecords(pool, deps.now);
      const release = createReleaseService(deps, records, createPgReleaseStore(pool));
      const leadership = createPgLeadership(pool, SCHEDULER_KEY);
      const scheduler = createReleaseScheduler(deps, release, records, mailer, { leader: () => leadership.tryLead() });
      return { pool, release, scheduler, leadership };
    };

    // Instance A: its second e-mail of the release never finishes sending (the process is killed then).
    let aSends = 0;
    let killedMidSend = false;
    let hung: { to: string; subject: string } | null = null;
    const poolA = createPgPool(pgDb.url);
    const a = instance(poolA, {
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
    const b = instance(pgDb.pool, smtpMailer);
    const records = pgRecords(pgDb.pool, deps.now);

    const userId = 'owner-pg-release';
    await insertPgUser(pgDb.pool, userId);
    await records.write(userId, 'profile', userId, { firstName: 'Ada', lastName: 'Lovelace', email: 'ada@example.com' });
    for (const who of ['grace', 'alan']) {
      await records.write(userId, 'trustees', who, { name: `${who} Trustee`, email: `${who}@example.com`, accessLevel: 'full' });
    }
    for (const who of ['annabella', 'byron']) {
      await records.write(userId, 'messages', `m-${who}`, {
        recipientName: who,
        recipientEmail: `${who}@example.com`,
        messageType: 'text',
        messageContent: `Dear ${who}, with love.`,
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
    await a.leadership.resign(); // the process is gone: its session lock with it…
    await poolA.end().catch(() => undefined); // …and its connections

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
    await b.leadership.resign();
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
