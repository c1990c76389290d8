/**
 * The contract of the release's e-mail queue (email-queue.ts), SQLite's and PostgreSQL's; every
 * call is awaited so one suite serves both. `setup` runs before each test and gives an empty queue.
 */
import { describe, expect, it } from 'vitest';
import type { AsyncEmailQueue, EmailQueue } from './email-queue';

export interface EmailQueueSetup {
  queue: EmailQueue | AsyncEmailQueue;
  /** Creates an account so e-mails can belong to it. */
  addUser(id: string): unknown;
}

const mail = (key: string, userId: string, at = 1000) => ({ dedupeKey: key, userId, kind: 'test', to: `${key}@example.com`, params: { key }, at });
const due = (now: number, o: Partial<{ staleBefore: number; folder: boolean; perAccount: number; limit: number }> = {}) => ({
  now,
  staleBefore: 0,
  folder: false,
  perAccount: 10,
  limit: 100,
  ...o,
});

export function emailQueueContract(name: string, setup: () => EmailQueueSetup | Promise<EmailQueueSetup>): void {
  describe(`EmailQueue contract: ${name}`, () => {
    it('a dedupe key queues an e-mail once', async () => {
      const { queue, addUser } = await setup();
      await addUser('u1');
      expect(await queue.enqueueEmail(mail('a', 'u1'))).toBe(true);
      expect(await queue.enqueueEmail(mail('a', 'u1'))).toBe(false);
      expect(await queue.hasEmail('a')).toBe(true);
      expect(await queue.hasEmail('b')).toBe(false);
      const pending = await queue.pendingEmails(due(2000));
      expect(pending).toHaveLength(1);
      expect(pending[0]).toMatchObject({ dedupe_key: 'a', user_id: 'u1', to_addr: 'a@example.com', params: '{"key":"a"}', attempts: 0, first_attempt_at: null });
    });

    it('due e-mails come fair across accounts: round-robin, at most perAccount each', async () => {
      const { queue, addUser } = await setup();
      await addUser('u1');
      await addUser('u2');
      for (const k of ['a1', 'a2', 'a3']) await queue.enqueueEmail(mail(k, 'u1'));
      await queue.enqueueEmail(mail('b1', 'u2'));
      expect((await queue.pendingEmails(due(2000, { perAccount: 2 }))).map((e) => e.dedupe_key)).toEqual(['a1', 'b1', 'a2']);
      expect((await queue.pendingEmails(due(2000, { limit: 2 }))).map((e) => e.dedupe_key)).toEqual(['a1', 'b1']);
    });

    it('one claim wins; a stale claim (its sender died) is taken over; a sent e-mail is never claimed again', async () => {
      const { queue, addUser } = await setup();
      await addUser('u1');
      await queue.enqueueEmail(mail('a', 'u1'));
      const [e] = await queue.pendingEmails(due(2000));
      expect(await queue.claimEmail(e!.id, 2000, 1000)).toBe(true);
      expect(await queue.claimEmail(e!.id, 2001, 1000)).toBe(false);
      expect(await queue.pendingEmails(due(2001, { staleBefore: 1000 }))).toEqual([]);
      // Ten minutes later the claim of 2000 is stale: taken over, attempts counted, first attempt kept.
      expect((await queue.pendingEmails(due(602_000, { staleBefore: 2000 }))).map((x) => x.id)).toEqual([e!.id]);
      expect(await queue.claimEmail(e!.id, 602_000, 2000)).toBe(true);
      const [again] = await queue.pendingEmails(due(1_300_000, { staleBefore: 602_000 }));
      expect(again).toMatchObject({ attempts: 2, first_attempt_at: 2000 });
      await queue.markSent(e!.id, 602_001);
      expect(await queue.claimEmail(e!.id, 2_000_000, 1_999_999)).toBe(false);
      expect(await queue.pendingEmails(due(2_000_000, { staleBefore: 1_999_999 }))).toEqual([]);
    });

    it('a retry waits for its time; a deferred one too; given up is never due; written-to-folder is skipped only for the folder', async () => {
      const { queue, addUser } = await setup();
      await addUser('u1');
      for (const k of ['retry', 'defer', 'gone', 'folder']) await queue.enqueueEmail(mail(k, 'u1'));
      const ids = Object.fromEntries((await queue.pendingEmails(due(2000))).map((e) => [e.dedupe_key, e.id]));
      for (const id of Object.values(ids)) expect(await queue.claimEmail(id, 2000, 0)).toBe(true);
      await queue.markRetry(ids.retry!, 'try later', 5000);
      await queue.markDeferred(ids.defer!, 7000);
      await queue.markGivenUp(ids.gone!, '550 no such user', 2000, 'refused');
      await queue.markWritten(ids.folder!, 2000);
      const keys = async (now: number, folder: boolean) => (await queue.pendingEmails(due(now, { folder, staleBefore: now }))).map((e) => e.dedupe_key).sort();
      expect(await keys(4999, true)).toEqual([]);
      expect(await keys(4999, false)).toEqual(['folder']);
      expect(await keys(5000, true)).toEqual(['retry']);
      expect(await keys(7000, false)).toEqual(['defer', 'folder', 'retry']);
    });
  });
}
