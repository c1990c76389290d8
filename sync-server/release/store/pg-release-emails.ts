/**
 * The e-mail part of the PostgreSQL release store (issue #19): the queue itself
 * (pg-email-queue.ts, reused as is) and what the release asks about an account's e-mails (daily
 * limits, the owner's failures, what is still unsent), with the semantics of release/store/sqlite-release.ts.
 */
import type { EmailQuota, FailedEmailRow } from './sqlite-release';
import type { AsyncReleaseStore } from './release-store';
import { createPgEmailQueue } from './pg-email-queue';
import { ADVISORY_CLASS, numeric, type Queryable } from '../../db/pg/pg-tx';

type EmailMethods =
  | 'enqueueEmail'
  | 'hasEmail'
  | 'pendingEmails'
  | 'claimEmail'
  | 'markSent'
  | 'markWritten'
  | 'markRetry'
  | 'markDeferred'
  | 'markGivenUp'
  | 'quotaUsed'
  | 'quotaSent'
  | 'unsentByQuota'
  | 'recentDeliveryTo'
  | 'verificationsTo'
  | 'verifiedOwnerEmail'
  | 'setVerifiedOwnerEmail'
  | 'inviteWentOut'
  | 'failedEmails'
  | 'seeFailedEmails'
  | 'unsentEmails'
  | 'dropUnsentEmails'
  | 'purgeFinishedEmails';

/** The e-mail methods of AsyncReleaseStore over `q` (the pool, or a transaction's client). */
export function pgReleaseEmails(q: Queryable): Pick<AsyncReleaseStore, EmailMethods> {
  return {
    ...createPgEmailQueue(q),
    async quotaUsed(userId, quota, since) {
      const { rows } = await q.query<{ n: number }>(
        'SELECT COUNT(*)::int AS n FROM release_emails WHERE user_id = $1 AND quota = $2 AND created_at > $3',
        [userId, quota, since],
      );
      return rows[0]!.n;
    },
    async quotaSent(userId, quota, since) {
      const { rows } = await q.query(
        `SELECT COUNT(*)::int AS n, MIN(COALESCE(sent_at, written_at)) AS oldest FROM release_emails
         WHERE user_id = $1 AND quota = $2 AND COALESCE(sent_at, written_at) > $3`,
        [userId, quota, since],
      );
      return numeric<{ n: number; oldest: number | null }>(rows[0]!, ['oldest']);
    },
    async unsentByQuota(userId) {
      const { rows } = await q.query<{ quota: EmailQuota; n: number }>(
        `SELECT quota, COUNT(*)::int AS n FROM release_emails
         WHERE user_id = $1 AND quota IS NOT NULL AND sent_at IS NULL AND failed_at IS NULL GROUP BY quota ORDER BY quota`,
        [userId],
      );
      return rows;
    },
    async verificationsTo(addr, since) {
      // In a transaction, the address's lock first: two accounts queueing to one address at once
      // count one after the other (the cap is across accounts; a no-op outside a transaction).
      await q.query('SELECT pg_advisory_xact_lock($1, hashtext(lower($2)))', [ADVISORY_CLASS.verifyTo, addr]);
      const { rows } = await q.query<{ n: number }>(
        `SELECT COUNT(*)::int AS n FROM release_emails WHERE quota = 'verify' AND lower(to_addr) = lower($1) AND created_at > $2`,
        [addr, since],
      );
      return rows[0]!.n;
    },
    async recentDeliveryTo(userId, addr, since) {
      const { rowCount } = await q.query(
        `SELECT 1 FROM release_emails WHERE user_id = $1 AND kind IN ('delivery', 'delivery-updated')
         AND lower(to_addr) = lower($2) AND created_at > $3 LIMIT 1`,
        [userId, addr, since],
      );
      return (rowCount ?? 0) > 0;
    },
    async verifiedOwnerEmail(userId) {
      const { rows } = await q.query<{ email: string }>('SELECT email FROM owner_email WHERE user_id = $1', [userId]);
      return rows[0]?.email ?? null;
    },
    async setVerifiedOwnerEmail(userId, email, at) {
      await q.query(
        `INSERT INTO owner_email (user_id, email, verified_at) VALUES ($1, lower($2), $3)
         ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, verified_at = excluded.verified_at`,
        [userId, email, at],
      );
    },
    async inviteWentOut(userId, trusteeId) {
      const prefix = `${userId}:invite:${trusteeId}:`; // dedupe keys of release/trustees.ts invite()
      const { rowCount } = await q.query(
        `SELECT 1 FROM release_emails WHERE user_id = $1 AND kind = 'trustee-invite'
         AND left(dedupe_key, length($2)) = $2 AND COALESCE(sent_at, written_at) IS NOT NULL LIMIT 1`,
        [userId, prefix],
      );
      return (rowCount ?? 0) > 0;
    },
    async failedEmails(userId, limit = 50) {
      const { rows } = await q.query(
        `SELECT id, kind, to_addr, failure, failed_at, last_error, seen_at FROM release_emails
         WHERE user_id = $1 AND failed_at IS NOT NULL AND failure != 'superseded' ORDER BY failed_at DESC LIMIT $2`,
        [userId, limit],
      );
      return rows.map((r) => numeric<FailedEmailRow>(r, ['id', 'failed_at', 'seen_at']));
    },
    async dropUnsentEmails(userId, prefix) {
      const { rowCount } = await q.query(
        `DELETE FROM release_emails WHERE user_id = $1 AND left(dedupe_key, length($2)) = $2
         AND sent_at IS NULL AND failed_at IS NULL AND claimed_at IS NULL AND written_at IS NULL AND quota IS DISTINCT FROM 'resend'`,
        [userId, prefix],
      );
      return rowCount ?? 0;
    },
    async purgeFinishedEmails(before, unseenBefore, limit) {
      const { rowCount } = await q.query(
        `DELETE FROM release_emails WHERE id IN (
           SELECT id FROM release_emails WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND COALESCE(sent_at, failed_at) < $1
             AND (sent_at IS NOT NULL OR failure = 'superseded' OR seen_at IS NOT NULL OR failed_at < $2)
           LIMIT $3)`,
        [before, unseenBefore, limit],
      );
      return rowCount ?? 0;
    },
    async seeFailedEmails(userId, at) {
      await q.query('UPDATE release_emails SET seen_at = $2 WHERE user_id = $1 AND failed_at IS NOT NULL AND seen_at IS NULL', [userId, at]);
    },
    async unsentEmails(userId) {
      const { rows } = await q.query<{ n: number; written: number }>(
        `SELECT COUNT(*)::int AS n, COUNT(written_at)::int AS written FROM release_emails
         WHERE user_id = $1 AND sent_at IS NULL AND failed_at IS NULL`,
        [userId],
      );
      return rows[0]!;
    },
  };
}
