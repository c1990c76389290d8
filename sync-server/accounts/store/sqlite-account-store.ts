/**
 * All SQL for accounts and sessions (DESIGN.md §3).
 */
import type { Db } from '../../db/sqlite';

export interface UserRow {
  id: string;
  username: string;
  password_hash: string;
  created_at: string;
}
export interface SessionRecord {
  id: string;
  user_id: string;
  created_at: number;
  last_seen_at: number;
  expires_at: number;
  /** When the password was last entered in this session (sign-in or re-authentication), ms. */
  authenticated_at: number;
  /** 1 for a session made by a password reset until a device proves it holds AK (accounts/password-reset-routes.ts), else 0. */
  unproven: number;
}

/** Account and session queries over `db`. */
/** The user row's columns (the reset's `unproven_since` is read on its own: unprovenSince). */
const USER = 'SELECT users.id, users.username, users.password_hash, users.created_at FROM users';

export function createAccountStore(db: Db) {
  const q = {
    insertUser: db.prepare('INSERT INTO users (id, username, password_hash, created_at) VALUES (?, ?, ?, ?)'),
    byUsername: db.prepare<[string], UserRow>(`${USER} WHERE username = ?`),
    byId: db.prepare<[string], UserRow>(`${USER} WHERE id = ?`),
    setPassword: db.prepare('UPDATE users SET password_hash = ? WHERE id = ?'),
    deleteUser: db.prepare('DELETE FROM users WHERE id = ?'),
    insertSession: db.prepare(
      'INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, authenticated_at, unproven) VALUES (?, ?, ?, ?, ?, ?, ?)',
    ),
    session: db.prepare<[string], SessionRecord>('SELECT * FROM sessions WHERE id = ?'),
    touch: db.prepare('UPDATE sessions SET last_seen_at = ?, expires_at = ? WHERE id = ?'),
    reauth: db.prepare('UPDATE sessions SET authenticated_at = ? WHERE id = ?'),
    prove: db.prepare('UPDATE sessions SET unproven = 0 WHERE id = ?'),
    setUnprovenSince: db.prepare('UPDATE users SET unproven_since = ?, unproven_tag = ? WHERE id = ?'),
    unprovenSince: db.prepare<[string], { unproven_since: number | null }>('SELECT unproven_since FROM users WHERE id = ?'),
    unprovenTag: db.prepare<[string], { unproven_tag: string | null }>('SELECT unproven_tag FROM users WHERE id = ?'),
    language: db.prepare<[string], { language: string }>('SELECT language FROM users WHERE id = ?'),
    setLanguage: db.prepare('UPDATE users SET language = ? WHERE id = ?'),
    byVerifiedEmail: db.prepare<[string], UserRow>(
      `${USER} JOIN owner_email ON users.id = owner_email.user_id WHERE owner_email.email = lower(?) ORDER BY users.id`,
    ),
    deleteSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
    deleteOtherSessions: db.prepare('DELETE FROM sessions WHERE user_id = ? AND id != ?'),
    deleteExpired: db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?'),
  };
  const kept = keptSessions();
  return {
    /** Inserts a user; throws SQLITE_CONSTRAINT_UNIQUE when the username is taken (case-insensitive). */
    createUser: (u: UserRow) => void q.insertUser.run(u.id, u.username, u.password_hash, u.created_at),
    findByUsername: (username: string) => q.byUsername.get(username) ?? null,
    findById: (id: string) => q.byId.get(id) ?? null,
    setPasswordHash: (id: string, hash: string) => void q.setPassword.run(hash, id),
    /** Deletes the user; sessions and records go with it (ON DELETE CASCADE). */
    deleteUser: (id: string) => void (q.deleteUser.run(id), kept.forgetUser(id)),
    createSession: (s: SessionRecord) =>
      void q.insertSession.run(s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.authenticated_at, s.unproven),
    /** The session row `id` (kept in memory while unchanged: keptSessions), or null. */
    findSession: (id: string) => kept.get(id) ?? kept.keep(q.session.get(id)),
    /** Marks the session used at `at`, its expiry slid to `expiresAt` (a sliding session, accounts/session.ts). */
    touchSession: (id: string, at: number, expiresAt: number) => void (lightly(db, () => q.touch.run(at, expiresAt, id)), kept.forget(id)),
    /** The password was entered again in this session at `at` (accounts/reauth.ts). */
    reauthenticateSession: (id: string, at: number) => void (q.reauth.run(at, id), kept.forget(id)),
    /** The session's device proved it holds AK: it may change trustees and release settings again (accounts/password-reset-routes.ts). */
    proveSession: (id: string) => void (q.prove.run(id), kept.forget(id)),
    /**
     * The account's password was reset at `at` (ms) and no device has proved AK since (null: it
     * has): every session started meanwhile is unproven (accounts/unproven.ts), not only the reset's.
     * `tag`: for an account made before keys, the device-cookie tag of the password the reset
     * replaced (accounts/unproven.ts provenByPastDevice); null otherwise, and always with `at` null.
     */
    setUnprovenSince: (userId: string, at: number | null, tag: string | null = null) => void q.setUnprovenSince.run(at, at === null ? null : tag, userId),
    /** When the account's unproven reset happened (ms), or null. */
    unprovenSince: (userId: string): number | null => q.unprovenSince.get(userId)?.unproven_since ?? null,
    /** The tag set with the unproven reset (see setUnprovenSince), or null. */
    unprovenTag: (userId: string): string | null => q.unprovenTag.get(userId)?.unproven_tag ?? null,
    /** The account's language (issue 44; 'en' for an account that never chose one), or null for no account. */
    language: (userId: string): string | null => q.language.get(userId)?.language ?? null,
    /** Sets the account's language (a code of shared/languages.ts, checked by the caller). */
    setLanguage: (userId: string, language: string) => void q.setLanguage.run(language, userId),
    /**
     * The users whose verified owner address (release/owner-email.ts) is `email`, in any case. The
     * caller still checks the profile names that address now (ReleaseService.ownerAddress).
     */
    findByVerifiedEmail: (email: string) => q.byVerifiedEmail.all(email),
    deleteSession: (id: string) => void (q.deleteSession.run(id), kept.forget(id)),
    deleteOtherSessions: (userId: string, keepId: string) => void (q.deleteOtherSessions.run(userId, keepId), kept.forgetUser(userId)),
    /** Removes sessions past absolute expiry or idle since before `idleBefore`. */
    purgeSessions: (now: number, idleBefore: number) => (kept.clear(), q.deleteExpired.run(now, idleBefore).changes),
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;

/**
 * Runs `write` (one statement, outside any transaction) committed without waiting for the disk:
 * `synchronous = NORMAL` for that one commit, the connection's own level (FULL, db/sqlite.ts) again
 * after it. For a session's last use only (issue 41): each signed-in device slides its session once
 * a minute, and a commit's fsync (5–15 ms here) stopped every request of every account while it
 * waited. Under WAL such a commit survives the process crashing; a power cut may lose it until the
 * next full commit or checkpoint writes it down, which leaves the session's last use a little older
 * (its idle limit is a year), never a person's data. Inside a transaction it is that transaction's.
 */
function lightly(db: Db, write: () => void): void {
  if (db.inTransaction) return write();
  const level = db.pragma('synchronous', { simple: true }) as number;
  db.pragma('synchronous = NORMAL');
  try {
    write();
  } finally {
    db.pragma(`synchronous = ${level}`);
  }
}

/** Session rows kept at most this long (ms), whatever else: a bound on a change made outside this store. */
const KEPT_SESSION_MS = 5_000;
/** At most this many session rows kept (least recently kept forgotten first). */
const KEPT_SESSIONS_MAX = 10_000;

/**
 * Session rows kept in memory by id (issue 41: reading the row was ~15% of a signed-in list read).
 * A kept row is always the table's row: on SQLite one server process owns the database, every write
 * to `sessions` goes through createAccountStore, and each write forgets the rows it may change (the
 * session's own; every one of an account for a password change, reset or deletion; all for a purge)
 * before the next request reads. Rows are kept at most KEPT_SESSION_MS even so. A missing row is
 * never kept, so a new session is read from the table. Expiry and idleness are checked on each
 * request against the clock by the caller (accounts/session.ts), never decided here.
 */
function keptSessions() {
  const rows = new Map<string, { row: SessionRecord; until: number }>();
  return {
    get(id: string): SessionRecord | undefined {
      const k = rows.get(id);
      if (k && k.until > performance.now()) return k.row;
      if (k) rows.delete(id);
      return undefined;
    },
    /** Keeps `row` (a copy, frozen) and returns it; null for no row. */
    keep(row: SessionRecord | undefined): SessionRecord | null {
      if (!row) return null;
      const copy = Object.freeze({ ...row });
      rows.delete(row.id);
      rows.set(row.id, { row: copy, until: performance.now() + KEPT_SESSION_MS });
      if (rows.size > KEPT_SESSIONS_MAX) rows.delete(rows.keys().next().value!);
      return copy;
    },
    forget: (id: string) => void rows.delete(id),
    forgetUser(userId: string): void {
      for (const [id, k] of rows) if (k.row.user_id === userId) rows.delete(id);
    },
    clear: () => rows.clear(),
  };
}
