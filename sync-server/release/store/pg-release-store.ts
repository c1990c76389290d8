/**
 * The release store on PostgreSQL (issue #19): AsyncReleaseStore over a `pg` Pool with the
 * semantics of release/store/sqlite-release.ts (state, activity, trustee invitations, hashed tokens, deliveries,
 * yearly reviews, the e-mail queue of pg-release-emails.ts) and the trustee scan of
 * release-store.ts. Tables: migrations/003-release.sql and 006-release-trustee-marks.sql.
 *
 * Several instances: inside `transaction(fn)` the first call naming an account locks it
 * (`lockReleaseAccount`), so two instances' read-modify-write of one account (the state machine,
 * a resend within the daily limit, accepting an invitation) run one after the other.
 *
 * The trustee scan: a per-account mark, `release_trustee_marks.trustee_seq`, the account's own
 * sequence (users.sync_seq, rule 13) up to which its trustee records were followed. A push
 * numbers an account's records under that account's row lock and commits before releasing it,
 * so `seq > mark` never passes over a late commit; the global number of SQLite's
 * `release_cursor` would (db/pg/README.md).
 */
import type pg from 'pg';
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { RELEASE_CRITICAL_ACTIVITY, type ReleaseState, type StartedBy } from '../model';
import { CRITICAL_KINDS_SQL, type ActivityRow, type DeliveryRow, type TaskMarkRow, type TokenRow, type TrusteeInvitationRow, type TrusteeRecordRow } from './sqlite-release';
import type { AsyncReleaseStore } from './release-store';
import { activityColumn, activityLine } from './activity-line';
import { pgKitMethods } from '../kits/store/pg-kits';
import { pgReleaseEmails } from './pg-release-emails';
import { advisoryAccountLock, numeric, pgTransactional, type Queryable } from '../../db/pg/pg-tx';

type Methods = Omit<AsyncReleaseStore, 'transaction'>;

const STATE_NUMS = ['last_check_in_at', 'started_at', 'ends_at', 'released_at'];
const INVITATION_NUMS = ['invited_at', 'accepted_at', 'confirmed_at', 'confirm_sent_at', 'bounced_at'];
const TOKEN_NUMS = ['created_at', 'expires_at', 'revoked_at'];

const toState = (row: Record<string, unknown>): ReleaseState => {
  const r = numeric<Record<string, number | string | null>>(row, STATE_NUMS);
  return {
    phase: r.phase as ReleaseState['phase'],
    checkInDays: r.check_in_days as ReleaseState['checkInDays'],
    waitingDays: r.waiting_days as ReleaseState['waitingDays'],
    lastCheckInAt: r.last_check_in_at as number,
    remindersSent: r.reminders_sent as number,
    episode: r.episode as number,
    startedAt: r.started_at as number | null,
    endsAt: r.ends_at as number | null,
    startedBy: r.started_by ? (JSON.parse(r.started_by as string) as StartedBy) : null,
    releasedAt: r.released_at as number | null,
  };
};
const toInvitation = (r: Record<string, unknown>) => numeric<TrusteeInvitationRow>(r, INVITATION_NUMS);

/**
 * Locks account `userId`'s release for the rest of the transaction on `client`: its
 * `release_state` row FOR UPDATE. Before that row exists (the account's first release event) an
 * advisory lock on the account stands in, then the row is locked if it appeared meanwhile, so a
 * transaction that found the row absent and one that found it present still meet on the row lock.
 */
export async function lockReleaseAccount(client: pg.PoolClient, userId: string): Promise<void> {
  const row = 'SELECT 1 FROM release_state WHERE user_id = $1 FOR UPDATE';
  if ((await client.query(row, [userId])).rowCount) return;
  await advisoryAccountLock(client, 'release', userId);
  await client.query(row, [userId]);
}

function pgReleaseMethods(q: Queryable, activityRows: number): Methods {
  const count = async (sql: string, params: unknown[]) => (await q.query(sql, params)).rowCount ?? 0;
  const userIds = async (sql: string, params: unknown[]) => (await q.query<{ user_id: string }>(sql, params)).rows.map((r) => r.user_id);
  return {
    ...pgReleaseEmails(q),
    ...pgKitMethods(q), // trustee kits (pg-kits.ts): in the release's transactions and account lock
    async getState(userId) {
      const { rows } = await q.query('SELECT * FROM release_state WHERE user_id = $1', [userId]);
      return rows[0] ? toState(rows[0]) : null;
    },
    async putState(userId, s) {
      await q.query(
        `INSERT INTO release_state (user_id, phase, check_in_days, waiting_days, last_check_in_at, reminders_sent, episode, started_at, ends_at, started_by, released_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10, $11)
         ON CONFLICT (user_id) DO UPDATE SET phase = excluded.phase, check_in_days = excluded.check_in_days,
           waiting_days = excluded.waiting_days, last_check_in_at = excluded.last_check_in_at,
           reminders_sent = excluded.reminders_sent, episode = excluded.episode, started_at = excluded.started_at,
           ends_at = excluded.ends_at, started_by = excluded.started_by, released_at = excluded.released_at`,
        [userId, s.phase, s.checkInDays, s.waitingDays, s.lastCheckInAt, s.remindersSent, s.episode, s.startedAt, s.endsAt, s.startedBy ? JSON.stringify(s.startedBy) : null, s.releasedAt],
      );
    },
    async touchCheckIn(userId, at) {
      const sql = `UPDATE release_state SET last_check_in_at = $2, reminders_sent = CASE WHEN phase = 'active' THEN 0 ELSE reminders_sent END
                   WHERE user_id = $1 AND phase != 'released'`;
      return (await count(sql, [userId, at])) > 0;
    },
    dueUsers: (now) =>
      userIds(
        `SELECT user_id FROM release_state
         WHERE (phase = 'waiting' AND ends_at <= $1)
            OR (phase = 'active' AND check_in_days > 0 AND last_check_in_at + check_in_days * 86400000::bigint <= $1)`,
        [now],
      ),
    releasedUsers: () => userIds("SELECT user_id FROM release_state WHERE phase = 'released'", []),
    async addActivity(userId, at, kind, line) {
      await q.query('INSERT INTO release_activity (user_id, at, kind, text) VALUES ($1, $2, $3, $4)', [userId, at, kind, activityColumn(line)]);
      // The lines of its class beyond the newest `activityRows` go (release/store/sqlite-release.ts, SECURITY.md "Limits").
      const not = (RELEASE_CRITICAL_ACTIVITY as readonly string[]).includes(kind) ? '' : 'NOT ';
      await q.query(
        `DELETE FROM release_activity WHERE user_id = $1 AND kind ${not}IN ${CRITICAL_KINDS_SQL} AND id <= (
           SELECT id FROM release_activity WHERE user_id = $1 AND kind ${not}IN ${CRITICAL_KINDS_SQL} ORDER BY id DESC LIMIT 1 OFFSET $2)`,
        [userId, activityRows],
      );
    },
    async activity(userId, limit = 200) {
      // The newest `limit` lines and the newest `limit` release-critical ones (release/store/sqlite-release.ts).
      const { rows } = await q.query(
        `SELECT id, at, kind, text FROM release_activity WHERE user_id = $1 AND id IN (
           (SELECT id FROM release_activity WHERE user_id = $1 ORDER BY id DESC LIMIT $2)
           UNION (SELECT id FROM release_activity WHERE user_id = $1 AND kind IN ${CRITICAL_KINDS_SQL} ORDER BY id DESC LIMIT $2))
         ORDER BY id DESC`,
        [userId, limit],
      );
      return rows.map((r) => numeric<ActivityRow>(r, ['id', 'at'])).map((r) => ({ ...r, ...activityLine(r.text) }));
    },
    async invitation(userId, trusteeId) {
      const { rows } = await q.query('SELECT * FROM release_trustees WHERE user_id = $1 AND trustee_id = $2', [userId, trusteeId]);
      return rows[0] ? toInvitation(rows[0]) : null;
    },
    async invitations(userId) {
      return (await q.query('SELECT * FROM release_trustees WHERE user_id = $1', [userId])).rows.map(toInvitation);
    },
    async putInvitation(r) {
      await q.query(
        `INSERT INTO release_trustees (user_id, trustee_id, email, status, invite_round, invited_at, accepted_at, confirmed_at, confirm_sent_at, bounced_at)
         VALUES ($1, $2, $3, $4, $5, $6, $7, $8, $9, $10)
         ON CONFLICT (user_id, trustee_id) DO UPDATE SET email = excluded.email, status = excluded.status,
           invite_round = excluded.invite_round, invited_at = excluded.invited_at, accepted_at = excluded.accepted_at,
           confirmed_at = excluded.confirmed_at, confirm_sent_at = excluded.confirm_sent_at, bounced_at = excluded.bounced_at`,
        [r.user_id, r.trustee_id, r.email, r.status, r.invite_round, r.invited_at, r.accepted_at, r.confirmed_at ?? null, r.confirm_sent_at ?? null, r.bounced_at ?? null],
      );
    },
    async yearlyDue(before) {
      const { rows } = await q.query(
        `SELECT * FROM release_trustees WHERE status != 'removed'
         AND ((status = 'accepted' AND COALESCE(confirm_sent_at, accepted_at) <= $1) OR (status = 'invited' AND invited_at <= $1))
         AND user_id NOT IN (SELECT user_id FROM release_state WHERE phase = 'released')`,
        [before],
      );
      return rows.map(toInvitation);
    },
    async bounceTrustee(userId, email, at) {
      await q.query("UPDATE release_trustees SET bounced_at = $3 WHERE user_id = $1 AND lower(email) = lower($2) AND status != 'removed'", [userId, email, at]);
    },
    async insertToken(t) {
      await q.query(
        'INSERT INTO release_tokens (hash, user_id, purpose, subject_id, created_at, expires_at, addr) VALUES ($1, $2, $3, $4, $5, $6, $7)',
        [t.hash, t.user_id, t.purpose, t.subject_id, t.created_at, t.expires_at, t.addr ?? null],
      );
    },
    async tokenByHash(hash) {
      const { rows } = await q.query('SELECT * FROM release_tokens WHERE hash = $1', [hash]);
      return rows[0] ? numeric<TokenRow>(rows[0], TOKEN_NUMS) : null;
    },
    revokeSubject: (userId, subjectId, at, purpose) =>
      purpose
        ? count('UPDATE release_tokens SET revoked_at = $3 WHERE user_id = $1 AND subject_id = $2 AND purpose = $4 AND revoked_at IS NULL', [userId, subjectId, at, purpose])
        : count('UPDATE release_tokens SET revoked_at = $3 WHERE user_id = $1 AND subject_id = $2 AND revoked_at IS NULL', [userId, subjectId, at]),
    revokeToken: async (hash, at) => (await count('UPDATE release_tokens SET revoked_at = $2 WHERE hash = $1 AND revoked_at IS NULL', [hash, at])) > 0,
    async delivery(userId, messageId) {
      const { rows } = await q.query('SELECT * FROM release_deliveries WHERE user_id = $1 AND message_id = $2', [userId, messageId]);
      return rows[0] ? numeric<DeliveryRow>(rows[0], ['queued_at']) : null;
    },
    async putDelivery(r) {
      await q.query(
        `INSERT INTO release_deliveries (user_id, message_id, addr, body_hash, round, queued_at) VALUES ($1, $2, $3, $4, $5, $6)
         ON CONFLICT (user_id, message_id) DO UPDATE SET addr = excluded.addr, body_hash = excluded.body_hash,
           round = excluded.round, queued_at = excluded.queued_at`,
        [r.user_id, r.message_id, r.addr, r.body_hash, r.round, r.queued_at],
      );
    },
    async taskMarks(userId) {
      const { rows } = await q.query('SELECT * FROM release_task_marks WHERE user_id = $1 ORDER BY done_at, trustee_id', [userId]);
      return rows.map((r) => numeric<TaskMarkRow>(r, ['done_at']));
    },
    async putTaskMark(r) {
      await q.query(
        `INSERT INTO release_task_marks (user_id, task_id, trustee_id, done_at) VALUES ($1, $2, $3, $4)
         ON CONFLICT (user_id, task_id, trustee_id) DO NOTHING`,
        [r.user_id, r.task_id, r.trustee_id, r.done_at],
      );
    },
    clearTaskMarks: (userId, taskId) => count('DELETE FROM release_task_marks WHERE user_id = $1 AND task_id = $2', [userId, taskId]),
    async initReviews(afterMs) {
      await q.query('UPDATE release_state SET review_due_at = last_check_in_at + $1 WHERE review_due_at IS NULL', [afterMs]);
    },
    async reviewsDue(now) {
      const { rows } = await q.query("SELECT user_id, review_due_at FROM release_state WHERE phase = 'active' AND review_due_at <= $1", [now]);
      return rows.map((r) => numeric<{ user_id: string; review_due_at: number }>(r, ['review_due_at']));
    },
    async setReviewDue(userId, at) {
      await q.query('UPDATE release_state SET review_due_at = $2 WHERE user_id = $1', [userId, at]);
    },
    async reviewDueAt(userId) {
      const { rows } = await q.query<{ review_due_at: string | null }>('SELECT review_due_at FROM release_state WHERE user_id = $1', [userId]);
      return rows[0]?.review_due_at == null ? null : Number(rows[0].review_due_at);
    },
    async trusteeChanges(limit) {
      const { rows } = await q.query(
        `SELECT r.user_id, r.id, r.state, r.deleted::int AS deleted, r.seq FROM records r
         LEFT JOIN release_trustee_marks m ON m.user_id = r.user_id
         WHERE r.collection = 'trustees' AND r.seq > COALESCE(m.trustee_seq, 0)
         ORDER BY r.user_id, r.seq LIMIT $1`,
        [limit],
      );
      return rows.map((r) => numeric<TrusteeRecordRow>(r, ['seq']));
    },
    async markTrusteesSeen(rows) {
      const top = new Map<string, number>();
      for (const r of rows) top.set(r.user_id, Math.max(top.get(r.user_id) ?? 0, r.seq));
      if (!top.size) return;
      await q.query(
        `INSERT INTO release_trustee_marks (user_id, trustee_seq) SELECT * FROM unnest($1::text[], $2::bigint[])
         ON CONFLICT (user_id) DO UPDATE SET trustee_seq = GREATEST(release_trustee_marks.trustee_seq, excluded.trustee_seq)`,
        [[...top.keys()], [...top.values()]],
      );
    },
  };
}

const first = (args: unknown[]) => args[0] as string;
const rowUser = (args: unknown[]) => (args[0] as { user_id: string }).user_id;

/**
 * The release store over `pool` (migrations of db/pg/ applied); `opts.activityRows` bounds each
 * account's activity log as on SQLite (release/store/sqlite-release.ts createReleaseStore).
 */
export function createPgReleaseStore(pool: pg.Pool, opts: { activityRows: number } = { activityRows: ACCOUNT_LIMITS.activityRows }): AsyncReleaseStore {
  return pgTransactional<Methods>(pool, (q) => pgReleaseMethods(q, opts.activityRows), {
    accountOf: {
      getState: first,
      putState: first,
      touchCheckIn: first,
      addActivity: first,
      activity: first,
      invitation: first,
      invitations: first,
      putInvitation: rowUser,
      bounceTrustee: first,
      insertToken: rowUser,
      revokeSubject: first,
      enqueueEmail: (args) => (args[0] as { userId: string }).userId,
      quotaUsed: first,
      quotaSent: first,
      unsentByQuota: first,
      recentDeliveryTo: first,
      verifiedOwnerEmail: first,
      setVerifiedOwnerEmail: first,
      inviteWentOut: first,
      failedEmails: first,
      seeFailedEmails: first,
      unsentEmails: first,
      delivery: first,
      putDelivery: rowUser,
      taskMarks: first,
      putTaskMark: rowUser,
      clearTaskMarks: first,
      setReviewDue: first,
      reviewDueAt: first,
      liveKitGenerations: first,
      kitGeneration: first,
      lastKitGeneration: first,
      kitEscrowEnded: first,
      kitsOf: first,
      insertKitGeneration: rowUser,
      putKitBlobs: first,
      clearKitConfirmations: first,
      makeKitGenerationCurrent: first,
      setKitReleaseSecret: first,
    },
    lockAccount: lockReleaseAccount,
  });
}
