/**
 * The release's e-mail queue on PostgreSQL (issue #19: "the e-mail queue is processed exactly
 * once across instances"), with the semantics of the queue methods of release/store/sqlite-release.ts: dedupe
 * keys make enqueueing idempotent, due e-mails come fair across accounts, and an e-mail is sent
 * only by whoever claims it. Several instances may read the same due rows; each then claims them
 * one by one, and a claim is one guarded UPDATE whose condition PostgreSQL re-checks on the
 * latest row version, so of the instances racing for one e-mail exactly one wins. A claim older
 * than `staleBefore` (its instance died mid-send) can be taken over.
 */
import type { EmailRow } from './sqlite-release';
import type { AsyncEmailQueue } from './email-queue';
import type { Queryable } from '../../db/pg/pg-tx';

type Row = Omit<EmailRow, 'id' | 'first_attempt_at'> & { id: string; first_attempt_at: string | null };
const toEmail = (r: Row): EmailRow => ({ ...r, id: Number(r.id), first_attempt_at: r.first_attempt_at === null ? null : Number(r.first_attempt_at) });

/** The queue over `pool` (migrations of db/pg/ applied), or over one transaction's client (pg-release-store.ts). */
export function createPgEmailQueue(pool: Queryable): AsyncEmailQueue {
  const run = async (sql: string, params: unknown[]) => (await pool.query(sql, params)).rowCount ?? 0;
  return {
    async enqueueEmail(e) {
      const n = await run(
        `INSERT INTO release_emails (dedupe_key, user_id, kind, to_addr, params, created_at, quota)
         VALUES ($1, $2, $3, $4, $5, $6, $7) ON CONFLICT (dedupe_key) DO NOTHING`,
        [e.dedupeKey, e.userId, e.kind, e.to, JSON.stringify(e.params), e.at, e.quota ?? null],
      );
      return n > 0;
    },
    async hasEmail(dedupeKey) {
      return (await pool.query('SELECT 1 FROM release_emails WHERE dedupe_key = $1', [dedupeKey])).rowCount! > 0;
    },
    async pendingEmails(o) {
      // Fair across accounts (issue #15): each account's oldest due e-mails first, round-robin.
      const { rows } = await pool.query<Row>(
        `SELECT id, dedupe_key, user_id, kind, to_addr, params, attempts, first_attempt_at, quota FROM (
           SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id) AS rn FROM release_emails
           WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= $1
             AND (claimed_at IS NULL OR claimed_at <= $2) AND (NOT $3 OR written_at IS NULL)) due
         WHERE rn <= $4 ORDER BY rn, id LIMIT $5`,
        [o.now, o.staleBefore, o.folder, o.perAccount, o.limit],
      );
      return rows.map(toEmail);
    },
    async claimEmail(id, at, staleBefore) {
      const n = await run(
        `UPDATE release_emails SET claimed_at = $2, attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, $2)
         WHERE id = $1 AND sent_at IS NULL AND failed_at IS NULL AND (claimed_at IS NULL OR claimed_at <= $3)`,
        [id, at, staleBefore],
      );
      return n > 0;
    },
    async markSent(id, at) {
      await run('UPDATE release_emails SET sent_at = $2, claimed_at = NULL, last_error = NULL WHERE id = $1', [id, at]);
    },
    async markWritten(id, at) {
      await run('UPDATE release_emails SET written_at = $2, claimed_at = NULL, last_error = NULL WHERE id = $1', [id, at]);
    },
    async markRetry(id, error, nextAt) {
      await run('UPDATE release_emails SET claimed_at = NULL, last_error = $2, next_attempt_at = $3 WHERE id = $1', [id, error.slice(0, 500), nextAt]);
    },
    async markDeferred(id, nextAt) {
      await run('UPDATE release_emails SET next_attempt_at = $2 WHERE id = $1', [id, nextAt]);
    },
    async markGivenUp(id, error, at, failure) {
      await run('UPDATE release_emails SET claimed_at = NULL, last_error = $2, failed_at = $3, failure = $4 WHERE id = $1', [id, error.slice(0, 500), at, failure]);
    },
  };
}
