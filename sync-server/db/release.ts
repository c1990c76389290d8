/**
 * All SQL of release after death (DESIGN.md §8): state rows, activity log, trustee invitations,
 * hashed single-purpose tokens and the durable email queue. Tables in migrations/003-release.sql.
 */
import type { ReleaseState, StartedBy } from '../release/state-machine';
import type { Db } from './sqlite';

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

export interface ActivityRow {
  id: number;
  at: number;
  kind: string;
  text: string;
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
}

export type TokenPurpose = 'invite' | 'report' | 'access' | 'delivery' | 'cancel';
export interface TokenRow {
  hash: string;
  user_id: string;
  purpose: TokenPurpose;
  subject_id: string;
  created_at: number;
  expires_at: number;
  revoked_at: number | null;
}

export interface EmailRow {
  id: number;
  dedupe_key: string;
  user_id: string;
  kind: string;
  to_addr: string;
  params: string;
  attempts: number;
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

/** Release queries over `db` (migrations applied). */
export function createReleaseStore(db: Db) {
  const q = {
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
    activity: db.prepare<[string, number], ActivityRow>(
      'SELECT id, at, kind, text FROM release_activity WHERE user_id = ? ORDER BY id DESC LIMIT ?',
    ),
    invitation: db.prepare<[string, string], TrusteeInvitationRow>(
      'SELECT * FROM release_trustees WHERE user_id = ? AND trustee_id = ?',
    ),
    invitations: db.prepare<[string], TrusteeInvitationRow>('SELECT * FROM release_trustees WHERE user_id = ?'),
    putInvitation: db.prepare(
      `INSERT INTO release_trustees (user_id, trustee_id, email, status, invite_round, invited_at, accepted_at)
       VALUES (@user_id, @trustee_id, @email, @status, @invite_round, @invited_at, @accepted_at)
       ON CONFLICT (user_id, trustee_id) DO UPDATE SET email = excluded.email, status = excluded.status,
         invite_round = excluded.invite_round, invited_at = excluded.invited_at, accepted_at = excluded.accepted_at`,
    ),
    insertToken: db.prepare(
      'INSERT INTO release_tokens (hash, user_id, purpose, subject_id, created_at, expires_at) VALUES (?, ?, ?, ?, ?, ?)',
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
      'INSERT OR IGNORE INTO release_emails (dedupe_key, user_id, kind, to_addr, params, created_at) VALUES (?, ?, ?, ?, ?, ?)',
    ),
    hasEmail: db.prepare<[string], { id: number }>('SELECT id FROM release_emails WHERE dedupe_key = ?'),
    pending: db.prepare<[number, number], EmailRow>(
      `SELECT id, dedupe_key, user_id, kind, to_addr, params, attempts FROM release_emails
       WHERE sent_at IS NULL AND attempts < ? AND (claimed_at IS NULL OR claimed_at <= ?) ORDER BY id LIMIT 100`,
    ),
    claim: db.prepare(
      'UPDATE release_emails SET claimed_at = ?, attempts = attempts + 1 WHERE id = ? AND sent_at IS NULL AND (claimed_at IS NULL OR claimed_at <= ?)',
    ),
    markSent: db.prepare('UPDATE release_emails SET sent_at = ?, last_error = NULL WHERE id = ?'),
    markFailed: db.prepare('UPDATE release_emails SET claimed_at = NULL, last_error = ? WHERE id = ?'),
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
    addActivity: (userId: string, at: number, kind: string, text: string) => void q.addActivity.run(userId, at, kind, text),
    /** The newest `limit` activity entries, newest first. */
    activity: (userId: string, limit = 200): ActivityRow[] => q.activity.all(userId, limit),
    invitation: (userId: string, trusteeId: string) => q.invitation.get(userId, trusteeId) ?? null,
    invitations: (userId: string) => q.invitations.all(userId),
    putInvitation: (row: TrusteeInvitationRow) => void q.putInvitation.run(row),
    insertToken: (t: Omit<TokenRow, 'revoked_at'>) =>
      void q.insertToken.run(t.hash, t.user_id, t.purpose, t.subject_id, t.created_at, t.expires_at),
    tokenByHash: (hash: string) => q.token.get(hash) ?? null,
    /** Revokes every live token about `subjectId` (a trustee or a message), optionally of one purpose. */
    revokeSubject: (userId: string, subjectId: string, at: number, purpose?: TokenPurpose) =>
      purpose
        ? q.revokeSubjectPurpose.run(at, userId, subjectId, purpose).changes
        : q.revokeSubject.run(at, userId, subjectId).changes,
    revokeToken: (hash: string, at: number) => void q.revokeHash.run(at, hash),
    /** Queues an email unless one with `dedupeKey` exists. Returns true when queued now. */
    enqueueEmail: (e: { dedupeKey: string; userId: string; kind: string; to: string; params: unknown; at: number }) =>
      q.enqueue.run(e.dedupeKey, e.userId, e.kind, e.to, JSON.stringify(e.params), e.at).changes > 0,
    hasEmail: (dedupeKey: string) => q.hasEmail.get(dedupeKey) !== undefined,
    /** Unsent emails not claimed since `staleBefore`, with fewer than `maxAttempts` tries. */
    pendingEmails: (maxAttempts: number, staleBefore: number) => q.pending.all(maxAttempts, staleBefore),
    /** Claims an email for sending; false when another run holds it or it was sent. */
    claimEmail: (id: number, at: number, staleBefore: number) => q.claim.run(at, id, staleBefore).changes > 0,
    markSent: (id: number, at: number) => void q.markSent.run(at, id),
    markFailed: (id: number, error: string) => void q.markFailed.run(error.slice(0, 500), id),
    trusteeCursor: () => q.cursor.get()!.trustee_seq,
    setTrusteeCursor: (seq: number) => void q.setCursor.run(seq),
    /** Trustee records (tombstones included) changed after `seq`, in order. */
    trusteeRecordsSince: (seq: number, limit: number) => q.trusteeRecords.all(seq, limit),
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
  };
}
export type ReleaseStore = ReturnType<typeof createReleaseStore>;
