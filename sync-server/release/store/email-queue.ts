/**
 * The durable e-mail queue of the release (DESIGN.md §8; release/outbox.ts) as its own shape, so
 * that SQLite's (the queue methods of release/store/sqlite-release.ts's ReleaseStore) and PostgreSQL's
 * (pg/pg-email-queue.ts, issue #19) pass one contract suite (email-queue.contract.ts).
 */
import type { ReleaseStore } from './sqlite-release';

/** The queue methods of the release store. */
export type EmailQueue = Pick<
  ReleaseStore,
  'enqueueEmail' | 'hasEmail' | 'pendingEmails' | 'claimEmail' | 'markSent' | 'markWritten' | 'markRetry' | 'markDeferred' | 'markGivenUp'
>;

/** EmailQueue with every method returning a Promise of the same result. */
export type AsyncEmailQueue = {
  [K in keyof EmailQueue]: (...args: Parameters<EmailQueue[K]>) => Promise<ReturnType<EmailQueue[K]>>;
};
