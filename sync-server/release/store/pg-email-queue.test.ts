/**
 * The release's e-mail queue on PostgreSQL: the contract suite, and "processed exactly once
 * across instances" (issue #19): workers on two pools drain one queue, and a worker that dies
 * holding claims has them taken over, and still every e-mail is sent exactly once.
 */
import { describe, expect, it } from 'vitest';
import { emailQueueContract } from './email-queue.contract';
import type { AsyncEmailQueue } from './email-queue';
import { createPgEmailQueue } from './pg-email-queue';
import { createPgPool } from '../../db/pg/pool';
import { insertPgUser, usePgDatabase } from '../../test/pg-test-support';

const pg = usePgDatabase();

emailQueueContract('PostgreSQL (throwaway server or DATABASE_URL)', async () => {
  await pg.pool.query('TRUNCATE users CASCADE');
  return { queue: createPgEmailQueue(pg.pool), addUser: (id) => insertPgUser(pg.pool, id) };
});

const STALE_MS = 10 * 60_000;

/** One sender: takes due e-mails, claims each, "sends" it (records its id) and marks it sent. */
async function drain(queue: AsyncEmailQueue, now: number, sent: number[]): Promise<void> {
  for (;;) {
    const batch = await queue.pendingEmails({ now, staleBefore: now - STALE_MS, folder: false, perAccount: 5, limit: 10 });
    if (!batch.length) return;
    for (const e of batch) {
      if (!(await queue.claimEmail(e.id, now, now - STALE_MS))) continue;
      sent.push(e.id);
      await queue.markSent(e.id, now);
    }
  }
}

describe('the e-mail queue on PostgreSQL, several instances (issue #19)', () => {
  it('every e-mail is sent exactly once, also when an instance dies holding claims', async () => {
    await pg.pool.query('TRUNCATE users CASCADE');
    const instanceB = createPgPool(pg.url);
    try {
      const queues = [createPgEmailQueue(pg.pool), createPgEmailQueue(instanceB)];
      for (let u = 0; u < 6; u++) await insertPgUser(pg.pool, `user${u}`);
      for (let i = 0; i < 150; i++) await queues[0]!.enqueueEmail({ dedupeKey: `k${i}`, userId: `user${i % 6}`, kind: 'test', to: `r${i}@example.com`, params: {}, at: 1000 });
      // An instance claims ten e-mails and is killed before sending them.
      const now = 2000;
      const doomed = await queues[1]!.pendingEmails({ now, staleBefore: now - STALE_MS, folder: false, perAccount: 5, limit: 10 });
      for (const e of doomed) expect(await queues[1]!.claimEmail(e.id, now, now - STALE_MS)).toBe(true);
      // Four senders on the two instances drain the rest at once; the claimed ten are not theirs yet.
      const sent: number[] = [];
      await Promise.all([0, 1, 0, 1].map((q) => drain(queues[q]!, now + 1, sent)));
      expect(sent).toHaveLength(140);
      // Past the stale time the survivors take the dead instance's e-mails over.
      await Promise.all([0, 1, 0, 1].map((q) => drain(queues[q]!, now + STALE_MS + 1, sent)));
      expect(sent).toHaveLength(150);
      expect(new Set(sent).size).toBe(150);
      const { rows } = await pg.pool.query<{ n: number }>('SELECT count(*)::int AS n FROM release_emails WHERE sent_at IS NULL');
      expect(rows[0]!.n).toBe(0);
    } finally {
      await instanceB.end();
    }
  });
});
