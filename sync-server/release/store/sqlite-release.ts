/**
 * All SQL of release after death (DESIGN.md §8): state rows, activity log, trustee invitations,
 * hashed single-purpose tokens and the durable email queue. Tables in migrations/003-release.sql.
 */
import { ACCOUNT_LIMITS } from '../../../shared/limits';
import { RELEASE_CRITICAL_ACTIVITY, type ReleaseState, type StartedBy } from '../model';
import type { Db } from '../../db/sqlite';
import type { ServerWord, WordParams } from '../../../shared/server-words';
import { activityColumn, activityLine } from './activity-line';

interface StateRow {
  user_id: string;
  phase: ReleaseState['phase'];
  check_in_days: number;
  waiting_days: number;
  last_check_in_at: number;
  reminders_sent: number;
  episode: number;
  started_at: number | null;
  ends_at: number | null;
  started_by: string | null;
  released_at: number | null;
}

/** One activity line: its English `text`, and its `code` and `params` when written with them (release/server-words.ts). */
export interface ActivityRow {
  id: number;
  at: number;
  kind: string;
  text: string;
  code?: string;
  params?: WordParams;
}

export type InvitationStatus = 'invited' | 'accepted' | 'removed';
export interface TrusteeInvitationRow {
  user_id: string;
  trustee_id: string;
  email: string;
  status: InvitationStatus;
  invite_round: number;
  invited_at: number;
  accepted_at: number | null;
  /** Last time the trustee said they are still the owner's trustee (accepting counts). */
  confirmed_at?: number | null;
  /** Last yearly confirmation e-mail queued. */
  confirm_sent_at?: number | null;
  /** An e-mail to this address was refused or could not be delivered for days. */
  bounced_at?: number | null;
}

export type TokenPurpose = 'invite' | 'report' | 'access' | 'delivery' | 'cancel' | 'verify' | 'check-in' | 'reset';

/**
 * What an e-mail counts against (shared/limits.ts, SECURITY.md "Limits"): `invite`
 * invitationsPerDay, `resend` resendsPerDay (counted when asked), `release` releaseEmailsPerDay,
 * `redelivery` redeliveriesPerDay, `owner` ownerNoticesPerDay, `trustee` trusteeNoticesPerDay,
 * `verify` verificationEmailsPerDay, `reset` passwordResetsPerDay.
 */
export type EmailQuota = 'invite' | 'resend' | 'release' | 'redelivery' | 'owner' | 'trustee' | 'verify' | 'reset';
export interface TokenRow {
  hash: string;
  user_id: string;
  purpose: TokenPurpose;
  subject_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
  /** For delivery links: the address the link was sent to. */
  addr?: string | null;
}

export interface EmailRow {
  id: number;
  dedupe_key: string;
  user_id: string;
  kind: string;
  to_addr: string;
  params: string;
  attempts: number;
  first_attempt_at: number | null;
  quota: string | null;
}

/** An e-mail that will never arrive, for the owner's Settings, activity and banner. */
export interface FailedEmailRow {
  id: number;
  kind: string;
  to_addr: string;
  failure: 'refused' | 'expired';
  failed_at: number;
  last_error: string | null;
  seen_at: number | null;
}

export interface DeliveryRow {
  user_id: string;
  message_id: string;
  addr: string;
  body_hash: string;
  round: number;
  queued_at: number;
}

/** A trustee's "done" on a survivor task after the release (migrations/020-trustee-task-marks.sql); `done_at` in ms. */
export interface TaskMarkRow {
  user_id: string;
  task_id: string;
  trustee_id: string;
  done_at: number;
}

export interface TrusteeRecordRow {
  user_id: string;
  id: string;
  state: string;
  deleted: number;
  seq: number;
}

const toState = (r: StateRow): ReleaseState => ({
  phase: r.phase,
  checkInDays: r.check_in_days as ReleaseState['checkInDays'],
  waitingDays: r.waiting_days as ReleaseState['waitingDays'],
  lastCheckInAt: r.last_check_in_at,
  remindersSent: r.reminders_sent,
  episode: r.episode,
  startedAt: r.started_at,
  endsAt: r.ends_at,
  startedBy: r.started_by ? (JSON.parse(r.started_by) as StartedBy) : null,
  releasedAt: r.released_at,
});

/** SQL list of RELEASE_CRITICAL_ACTIVITY (fixed words, no input): `('a', 'b')`. */
export const CRITICAL_KINDS_SQL = `(${RELEASE_CRITICAL_ACTIVITY.map((k) => `'${k}'`).join(', ')})`;

/**
 * Release queries over `db` (migrations applied). `opts.activityRows` (Config.limits, SECURITY.md
 * "Limits") bounds each account's activity log: the newest that many routine lines and the newest
 * that many release-critical lines (RELEASE_CRITICAL_ACTIVITY) are kept, older ones deleted as a
 * line of their class is added.
 */
export function createReleaseStore(db: Db, opts: { activityRows: number } = { activityRows: ACCOUNT_LIMITS.activityRows }) {
  const trimActivity = (critical: boolean) =>
    db.prepare(
      `DELETE FROM release_activity WHERE user_id = @user AND kind ${critical ? '' : 'NOT '}IN ${CRITICAL_KINDS_SQL} AND id <= (
         SELECT id FROM release_activity WHERE user_id = @user AND kind ${critical ? '' : 'NOT '}IN ${CRITICAL_KINDS_SQL}
         ORDER BY id DESC LIMIT 1 OFFSET @keep)`,
    );
  const addAndTrim = db.transaction((userId: string, at: number, kind: string, text: string) => {
    q.addActivity.run(userId, at, kind, text);
    const critical = (RELEASE_CRITICAL_ACTIVITY as readonly string[]).includes(kind);
    (critical ? q.trimCritical : q.trimRoutine).run({ user: userId, keep: opts.activityRows });
  });
  const q = {
    trimRoutine: trimActivity(false),
    trimCritical: trimActivity(true),
    state: db.prepare<[string], StateRow>('SELECT * FROM release_state WHERE user_id = ?'),
    putState: db.prepare(
      `INSERT INTO release_state (user_id, phase, check_in_days, waiting_days, last_check_in_at, reminders_sent, episode, started_at, ends_at, started_by, released_at)
       VALUES (@user_id, @phase, @check_in_days, @waiting_days, @last_check_in_at, @reminders_sent, @episode, @started_at, @ends_at, @started_by, @released_at)
       ON CONFLICT (user_id) DO UPDATE SET phase = excluded.phase, check_in_days = excluded.check_in_days,
         waiting_days = excluded.waiting_days, last_check_in_at = excluded.last_check_in_at,
         reminders_sent = excluded.reminders_sent, episode = excluded.episode, started_at = excluded.started_at,
         ends_at = excluded.ends_at, started_by = excluded.started_by, released_at = excluded.released_at`,
    ),
    touchCheckIn: db.prepare(
      "UPDATE release_state SET last_check_in_at = ?, reminders_sent = CASE WHEN phase = 'active' THEN 0 ELSE reminders_sent END WHERE user_id = ? AND phase != 'released'",
    ),
    due: db.prepare<[number, number], { user_id: string }>(
      `SELECT user_id FROM release_state
       WHERE (phase = 'waiting' AND ends_at <= ?)
          OR (phase = 'active' AND check_in_days > 0 AND last_check_in_at + check_in_days * 86400000 <= ?)`,
    ),
    released: db.prepare<[], { user_id: string }>("SELECT user_id FROM release_state WHERE phase = 'released'"),
    addActivity: db.prepare('INSERT INTO release_activity (user_id, at, kind, text) VALUES (?, ?, ?, ?)'),
    activity: db.prepare<{ user: string; limit: number }, ActivityRow>(
      `SELECT id, at, kind, text FROM release_activity WHERE user_id = @user AND id IN (
         SELECT id FROM (SELECT id FROM release_activity WHERE user_id = @user ORDER BY id DESC LIMIT @limit)
         UNION SELECT id FROM (SELECT id FROM release_activity WHERE user_id = @user AND kind IN ${CRITICAL_KINDS_SQL} ORDER BY id DESC LIMIT @limit))
       ORDER BY id DESC`,
    ),
    invitation: db.prepare<[string, string], TrusteeInvitationRow>(
      'SELECT * FROM release_trustees WHERE user_id = ? AND trustee_id = ?',
    ),
    invitations: db.prepare<[string], TrusteeInvitationRow>('SELECT * FROM release_trustees WHERE user_id = ?'),
    putInvitation: db.prepare(
      `INSERT INTO release_trustees (user_id, trustee_id, email, status, invite_round, invited_at, accepted_at, confirmed_at, confirm_sent_at, bounced_at)
       VALUES (@user_id, @trustee_id, @email, @status, @invite_round, @invited_at, @accepted_at, @confirmed_at, @confirm_sent_at, @bounced_at)
       ON CONFLICT (user_id, trustee_id) DO UPDATE SET email = excluded.email, status = excluded.status,
         invite_round = excluded.invite_round, invited_at = excluded.invited_at, accepted_at = excluded.accepted_at,
         confirmed_at = excluded.confirmed_at, confirm_sent_at = excluded.confirm_sent_at, bounced_at = excluded.bounced_at`,
    ),
    yearlyDue: db.prepare<[number, number], TrusteeInvitationRow>(
      `SELECT * FROM release_trustees WHERE status != 'removed'
       AND ((status = 'accepted' AND COALESCE(confirm_sent_at, accepted_at) <= ?) OR (status = 'invited' AND invited_at <= ?))
       AND user_id NOT IN (SELECT user_id FROM release_state WHERE phase = 'released')`,
    ),
    bounceTrustee: db.prepare(
      "UPDATE release_trustees SET bounced_at = ? WHERE user_id = ? AND lower(email) = lower(?) AND status != 'removed'",
    ),
    insertToken: db.prepare(
      'INSERT INTO release_tokens (hash, user_id, purpose, subject_id, created_at, expires_at, addr) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    token: db.prepare<[string], TokenRow>('SELECT * FROM release_tokens WHERE hash = ?'),
    revokeSubject: db.prepare(
      'UPDATE release_tokens SET revoked_at = ? WHERE user_id = ? AND subject_id = ? AND revoked_at IS NULL',
    ),
    revokeSubjectPurpose: db.prepare(
      'UPDATE release_tokens SET revoked_at = ? WHERE user_id = ? AND subject_id = ? AND purpose = ? AND revoked_at IS NULL',
    ),
    revokeHash: db.prepare('UPDATE release_tokens SET revoked_at = ? WHERE hash = ? AND revoked_at IS NULL'),
    enqueue: db.prepare(
      'INSERT OR IGNORE INTO release_emails (dedupe_key, user_id, kind, to_addr, params, created_at, quota) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    hasEmail: db.prepare<[string], { id: number }>('SELECT id FROM release_emails WHERE dedupe_key = ?'),
    // Fair across accounts (issue #15): each account's oldest due e-mails first, round-robin —
    // every account's first, then every account's second… — at most `perAccount` each.
    pending: db.prepare<{ now: number; stale: number; folder: number; perAccount: number; limit: number }, EmailRow>(
      `SELECT id, dedupe_key, user_id, kind, to_addr, params, attempts, first_attempt_at, quota FROM (
         SELECT *, ROW_NUMBER() OVER (PARTITION BY user_id ORDER BY id) AS rn FROM release_emails
         WHERE sent_at IS NULL AND failed_at IS NULL AND next_attempt_at <= @now
           AND (claimed_at IS NULL OR claimed_at <= @stale) AND (@folder = 0 OR written_at IS NULL))
       WHERE rn <= @perAccount ORDER BY rn, id LIMIT @limit`,
    ),
    claim: db.prepare(
      `UPDATE release_emails SET claimed_at = @at, attempts = attempts + 1, first_attempt_at = COALESCE(first_attempt_at, @at)
       WHERE id = @id AND sent_at IS NULL AND failed_at IS NULL AND (claimed_at IS NULL OR claimed_at <= @stale)`,
    ),
    markSent: db.prepare('UPDATE release_emails SET sent_at = ?, claimed_at = NULL, last_error = NULL WHERE id = ?'),
    markWritten: db.prepare('UPDATE release_emails SET written_at = ?, claimed_at = NULL, last_error = NULL WHERE id = ?'),
    markRetry: db.prepare('UPDATE release_emails SET claimed_at = NULL, last_error = ?, next_attempt_at = ? WHERE id = ?'),
    markDeferred: db.prepare('UPDATE release_emails SET next_attempt_at = ? WHERE id = ?'),
    markGivenUp: db.prepare('UPDATE release_emails SET claimed_at = NULL, last_error = ?, failed_at = ?, failure = ? WHERE id = ?'),
    dropUnsent: db.prepare(
      `DELETE FROM release_emails WHERE user_id = ? AND substr(dedupe_key, 1, length(?)) = ?
       AND sent_at IS NULL AND failed_at IS NULL AND claimed_at IS NULL AND written_at IS NULL AND quota IS NOT 'resend'`,
    ),
    purgeFinished: db.prepare<{ before: number; unseenBefore: number; limit: number }>(
      `DELETE FROM release_emails WHERE id IN (
         SELECT id FROM release_emails WHERE (sent_at IS NOT NULL OR failed_at IS NOT NULL) AND COALESCE(sent_at, failed_at) < @before
           AND (sent_at IS NOT NULL OR failure = 'superseded' OR seen_at IS NOT NULL OR failed_at < @unseenBefore)
         LIMIT @limit)`,
    ),
    quotaUsed: db.prepare<[string, string, number], { n: number }>(
      'SELECT COUNT(*) AS n FROM release_emails WHERE user_id = ? AND quota = ? AND created_at > ?',
    ),
    quotaSent: db.prepare<[string, string, number], { n: number; oldest: number | null }>(
      `SELECT COUNT(*) AS n, MIN(COALESCE(sent_at, written_at)) AS oldest FROM release_emails
       WHERE user_id = ? AND quota = ? AND COALESCE(sent_at, written_at) > ?`,
    ),
    unsentByQuota: db.prepare<[string], { quota: EmailQuota; n: number }>(
      `SELECT quota, COUNT(*) AS n FROM release_emails
       WHERE user_id = ? AND quota IS NOT NULL AND sent_at IS NULL AND failed_at IS NULL GROUP BY quota ORDER BY quota`,
    ),
    // 'verify' written out: the partial index release_emails_verify_to (migration 021) serves it.
    verificationsTo: db.prepare<[string, number], { n: number }>(
      `SELECT COUNT(*) AS n FROM release_emails WHERE quota = 'verify' AND lower(to_addr) = lower(?) AND created_at > ?`,
    ),
    recentDeliveryTo: db.prepare<[string, string, number], { id: number }>(
      `SELECT id FROM release_emails WHERE user_id = ? AND kind IN ('delivery', 'delivery-updated')
       AND lower(to_addr) = lower(?) AND created_at > ? LIMIT 1`,
    ),
    verifiedOwnerEmail: db.prepare<[string], { email: string }>('SELECT email FROM owner_email WHERE user_id = ?'),
    setVerifiedOwnerEmail: db.prepare(
      `INSERT INTO owner_email (user_id, email, verified_at) VALUES (?, lower(?), ?)
       ON CONFLICT (user_id) DO UPDATE SET email = excluded.email, verified_at = excluded.verified_at`,
    ),
    inviteWentOut: db.prepare<[string, string, string], { id: number }>(
      `SELECT id FROM release_emails WHERE user_id = ? AND kind = 'trustee-invite'
       AND substr(dedupe_key, 1, length(?)) = ? AND COALESCE(sent_at, written_at) IS NOT NULL LIMIT 1`,
    ),
    failed: db.prepare<[string, number], FailedEmailRow>(
      `SELECT id, kind, to_addr, failure, failed_at, last_error, seen_at FROM release_emails
       WHERE user_id = ? AND failed_at IS NOT NULL AND failure != 'superseded' ORDER BY failed_at DESC LIMIT ?`,
    ),
    seeFailed: db.prepare('UPDATE release_emails SET seen_at = ? WHERE user_id = ? AND failed_at IS NOT NULL AND seen_at IS NULL'),
    unsentCount: db.prepare<[string], { n: number; written: number }>(
      `SELECT COUNT(*) AS n, COUNT(written_at) AS written FROM release_emails
       WHERE user_id = ? AND sent_at IS NULL AND failed_at IS NULL`,
    ),
    delivery: db.prepare<[string, string], DeliveryRow>('SELECT * FROM release_deliveries WHERE user_id = ? AND message_id = ?'),
    putDelivery: db.prepare(
      `INSERT INTO release_deliveries (user_id, message_id, addr, body_hash, round, queued_at)
       VALUES (@user_id, @message_id, @addr, @body_hash, @round, @queued_at)
       ON CONFLICT (user_id, message_id) DO UPDATE SET addr = excluded.addr, body_hash = excluded.body_hash,
         round = excluded.round, queued_at = excluded.queued_at`,
    ),
    taskMarks: db.prepare<[string], TaskMarkRow>('SELECT * FROM release_task_marks WHERE user_id = ? ORDER BY done_at, trustee_id'),
    putTaskMark: db.prepare(
      `INSERT INTO release_task_marks (user_id, task_id, trustee_id, done_at) VALUES (@user_id, @task_id, @trustee_id, @done_at)
       ON CONFLICT (user_id, task_id, trustee_id) DO NOTHING`,
    ),
    clearTaskMarks: db.prepare('DELETE FROM release_task_marks WHERE user_id = ? AND task_id = ?'),
    reviewInit: db.prepare('UPDATE release_state SET review_due_at = last_check_in_at + ? WHERE review_due_at IS NULL'),
    reviewDue: db.prepare<[number], { user_id: string; review_due_at: number }>(
      "SELECT user_id, review_due_at FROM release_state WHERE phase = 'active' AND review_due_at <= ?",
    ),
    setReviewDue: db.prepare('UPDATE release_state SET review_due_at = ? WHERE user_id = ?'),
    reviewDueOf: db.prepare<[string], { review_due_at: number | null }>('SELECT review_due_at FROM release_state WHERE user_id = ?'),
    cursor: db.prepare<[], { trustee_seq: number }>('SELECT trustee_seq FROM release_cursor WHERE id = 1'),
    setCursor: db.prepare('UPDATE release_cursor SET trustee_seq = ? WHERE id = 1'),
    trusteeRecords: db.prepare<[number, number], TrusteeRecordRow>(
      "SELECT user_id, id, state, deleted, seq FROM records WHERE collection = 'trustees' AND seq > ? ORDER BY seq LIMIT ?",
    ),
  };

  return {
    /** The stored state of `userId`, or null before the first release event. */
    getState: (userId: string): ReleaseState | null => {
      const r = q.state.get(userId);
      return r ? toState(r) : null;
    },
    putState(userId: string, s: ReleaseState): void {
      q.putState.run({
        user_id: userId,
        phase: s.phase,
        check_in_days: s.checkInDays,
        waiting_days: s.waitingDays,
        last_check_in_at: s.lastCheckInAt,
        reminders_sent: s.remindersSent,
        episode: s.episode,
        started_at: s.startedAt,
        ends_at: s.endsAt,
        started_by: s.startedBy ? JSON.stringify(s.startedBy) : null,
        released_at: s.releasedAt,
      });
    },
    /** Records a check-in at `at`; returns false when there is no row yet (or it is released). */
    touchCheckIn: (userId: string, at: number): boolean => q.touchCheckIn.run(at, userId).changes > 0,
    /** Users whose waiting period is over or whose check-in has fallen due, at `now`. */
    dueUsers: (now: number): string[] => q.due.all(now, now).map((r) => r.user_id),
    releasedUsers: (): string[] => q.released.all().map((r) => r.user_id),
    /** Adds a line to the account's activity log, then trims the lines of its class to `opts.activityRows`. */
    addActivity(userId: string, at: number, kind: string, line: string | ServerWord): void {
      addAndTrim(userId, at, kind, activityColumn(line)); // one commit (a savepoint inside an open transaction)
    },
    /** The newest `limit` activity entries, newest first. */
    /**
     * The account's newest `limit` activity lines and its newest `limit` release-critical ones
     * (older than those, when a flood of routine lines came after), newest first.
     */
    activity: (userId: string, limit = 200): ActivityRow[] => q.activity.all({ user: userId, limit }).map((r) => ({ ...r, ...activityLine(r.text) })),
    invitation: (userId: string, trusteeId: string) => q.invitation.get(userId, trusteeId) ?? null,
    invitations: (userId: string) => q.invitations.all(userId),
    putInvitation: (row: TrusteeInvitationRow) =>
      void q.putInvitation.run({ confirmed_at: null, confirm_sent_at: null, bounced_at: null, ...row }),
    /** Live trustees whose yearly e-mail is due: accepted ones confirmed, or invited ones invited, before `before`. */
    yearlyDue: (before: number) => q.yearlyDue.all(before, before),
    /** Marks the live trustees of `userId` at `email` as bounced. */
    bounceTrustee: (userId: string, email: string, at: number) => void q.bounceTrustee.run(at, userId, email),
    insertToken: (t: Omit<TokenRow, 'revoked_at'>) =>
      void q.insertToken.run(t.hash, t.user_id, t.purpose, t.subject_id, t.created_at, t.expires_at, t.addr ?? null),
    tokenByHash: (hash: string) => q.token.get(hash) ?? null,
    /** Revokes every live token about `subjectId` (a trustee or a message), optionally of one purpose. */
    revokeSubject: (userId: string, subjectId: string, at: number, purpose?: TokenPurpose) =>
      purpose
        ? q.revokeSubjectPurpose.run(at, userId, subjectId, purpose).changes
        : q.revokeSubject.run(at, userId, subjectId).changes,
    /** Revokes the token `hash`; true when this call revoked it (it was live), so a single-use link is consumed once. */
    revokeToken: (hash: string, at: number) => q.revokeHash.run(at, hash).changes > 0,
    /** Queues an email unless one with `dedupeKey` exists. Returns true when queued now. */
    enqueueEmail: (e: {
      dedupeKey: string;
      userId: string;
      kind: string;
      to: string;
      params: unknown;
      at: number;
      quota?: EmailQuota;
    }) => q.enqueue.run(e.dedupeKey, e.userId, e.kind, e.to, JSON.stringify(e.params), e.at, e.quota ?? null).changes > 0,
    hasEmail: (dedupeKey: string) => q.hasEmail.get(dedupeKey) !== undefined,
    /**
     * Due, unsent, unfailed e-mails not claimed since `staleBefore`, fair across accounts (at
     * most `perAccount` each, round-robin). `folder`: skip those already written to the folder.
     */
    pendingEmails: (o: { now: number; staleBefore: number; folder: boolean; perAccount: number; limit: number }) =>
      q.pending.all({ now: o.now, stale: o.staleBefore, folder: o.folder ? 1 : 0, perAccount: o.perAccount, limit: o.limit }),
    /** Claims an email for sending; false when another run holds it or it was sent. */
    claimEmail: (id: number, at: number, staleBefore: number) => q.claim.run({ at, id, stale: staleBefore }).changes > 0,
    /** An SMTP server accepted it. */
    markSent: (id: number, at: number) => void q.markSent.run(at, id),
    /** Written to the outbox folder (no SMTP_URL): reached no one; stays pending for SMTP. */
    markWritten: (id: number, at: number) => void q.markWritten.run(at, id),
    /** A temporary failure: try again at `nextAt`. */
    markRetry: (id: number, error: string, nextAt: number) => void q.markRetry.run(error.slice(0, 500), nextAt, id),
    /** Not tried now (a daily limit): look again at `nextAt`. */
    markDeferred: (id: number, nextAt: number) => void q.markDeferred.run(nextAt, id),
    /**
     * Deletes `userId`'s e-mails whose dedupe key starts with `prefix` (the whole stored key,
     * `<userId>:…`) and that are still waiting: not sent, written, given up or being sent now
     * (claimed). A new invitation round drops the old round's (issue 40, finding 4). An owner's
     * resend (quota 'resend') stays: `quotaUsed` counts those by when they were queued, and they
     * are bounded by `resendsPerDay` (it is marked superseded when its turn comes). Returns how many.
     */
    dropUnsentEmails: (userId: string, prefix: string) => q.dropUnsent.run(userId, prefix, prefix).changes,
    /**
     * Deletes at most `limit` finished e-mails (sent, or given up) that finished before `before`
     * (ms); a failure the owner has not seen (the banner, readiness) stays until `unseenBefore`.
     * Returns how many went. Their dedupe keys go too: every key that could be queued again is
     * guarded elsewhere (rounds, release_deliveries, the state machine's counters; outbox.ts).
     */
    purgeFinishedEmails: (before: number, unseenBefore: number, limit: number) =>
      q.purgeFinished.run({ before, unseenBefore, limit }).changes,
    /** A permanent end: refused (5xx), retries ran out, or superseded (no longer applies; not a failure the owner sees). */
    markGivenUp: (id: number, error: string, at: number, failure: 'refused' | 'expired' | 'superseded') =>
      void q.markGivenUp.run(error.slice(0, 500), at, failure, id),
    /** E-mails of `userId` with `quota` queued after `since` (a rolling day). */
    quotaUsed: (userId: string, quota: EmailQuota, since: number) => q.quotaUsed.get(userId, quota, since)!.n,
    /** E-mails of `userId` with `quota` sent (or written) after `since`, and the oldest such time (the send-time quota). */
    quotaSent: (userId: string, quota: EmailQuota, since: number) => q.quotaSent.get(userId, quota, since)!,
    /** How many e-mails of `userId` are still to send, per quota (those with one). */
    unsentByQuota: (userId: string) => q.unsentByQuota.all(userId),
    /** "Confirm your e-mail address" e-mails to `addr` (any case) queued after `since`, by every account (release/owner-email.ts). */
    verificationsTo: (addr: string, since: number) => q.verificationsTo.get(addr, since)!.n,
    /** True when a delivery or update e-mail of `userId` to `addr` (any case) was queued after `since`. */
    recentDeliveryTo: (userId: string, addr: string, since: number) => q.recentDeliveryTo.get(userId, addr, since) !== undefined,
    /** The owner's verified address (lower-cased), or null when none was ever verified. */
    verifiedOwnerEmail: (userId: string) => q.verifiedOwnerEmail.get(userId)?.email ?? null,
    /** `email` (stored lower-cased) is verified for `userId` from `at`, replacing any earlier one. */
    setVerifiedOwnerEmail: (userId: string, email: string, at: number) => void q.setVerifiedOwnerEmail.run(userId, email, at),
    /** True when an invitation e-mail to trustee `trusteeId` of `userId` was ever sent (or written). */
    inviteWentOut: (userId: string, trusteeId: string) => {
      const prefix = `${userId}:invite:${trusteeId}:`; // dedupe keys of release/trustees.ts invite()
      return q.inviteWentOut.get(userId, prefix, prefix) !== undefined;
    },
    /** The newest e-mails of `userId` that will never arrive. */
    failedEmails: (userId: string, limit = 50) => q.failed.all(userId, limit),
    /** The owner has seen every failure so far (the banner goes away). */
    seeFailedEmails: (userId: string, at: number) => void q.seeFailed.run(at, userId),
    /** How many e-mails of `userId` are still to send, and how many of those went to the folder only. */
    unsentEmails: (userId: string) => q.unsentCount.get(userId)!,
    delivery: (userId: string, messageId: string) => q.delivery.get(userId, messageId) ?? null,
    putDelivery: (row: DeliveryRow) => void q.putDelivery.run(row),
    /** Every "done" mark of `userId`'s tasks, oldest first. */
    taskMarks: (userId: string) => q.taskMarks.all(userId),
    /** Trustee `trustee_id` marked the task done at `done_at`; a second mark by them keeps the first time. */
    putTaskMark: (row: TaskMarkRow) => void q.putTaskMark.run(row),
    /** The task is not done: every trustee's mark on it goes. Returns how many went. */
    clearTaskMarks: (userId: string, taskId: string) => q.clearTaskMarks.run(userId, taskId).changes,
    /** Gives every state row without one a first review date, `afterMs` after its last check-in. */
    initReviews: (afterMs: number) => void q.reviewInit.run(afterMs),
    /** Active accounts whose yearly review e-mail is due at `now`. */
    reviewsDue: (now: number) => q.reviewDue.all(now),
    setReviewDue: (userId: string, at: number) => void q.setReviewDue.run(at, userId),
    reviewDueAt: (userId: string) => q.reviewDueOf.get(userId)?.review_due_at ?? null,
    trusteeCursor: () => q.cursor.get()!.trustee_seq,
    setTrusteeCursor: (seq: number) => void q.setCursor.run(seq),
    /** Trustee records (tombstones included) changed after `seq`, in order. */
    trusteeRecordsSince: (seq: number, limit: number) => q.trusteeRecords.all(seq, limit),
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
  };
}
export type ReleaseStore = ReturnType<typeof createReleaseStore>;
