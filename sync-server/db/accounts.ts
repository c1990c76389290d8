/**
 * All SQL for accounts and sessions (DESIGN.md §3).
 */
import type { Db } from './sqlite';

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
    byVerifiedEmail: db.prepare<[string], UserRow>(
      `${USER} JOIN owner_email ON users.id = owner_email.user_id WHERE owner_email.email = lower(?) ORDER BY users.id`,
    ),
    deleteSession: db.prepare('DELETE FROM sessions WHERE id = ?'),
    deleteOtherSessions: db.prepare('DELETE FROM sessions WHERE user_id = ? AND id != ?'),
    deleteExpired: db.prepare('DELETE FROM sessions WHERE expires_at <= ? OR last_seen_at <= ?'),
  };
  return {
    /** Inserts a user; throws SQLITE_CONSTRAINT_UNIQUE when the username is taken (case-insensitive). */
    createUser: (u: UserRow) => void q.insertUser.run(u.id, u.username, u.password_hash, u.created_at),
    findByUsername: (username: string) => q.byUsername.get(username) ?? null,
    findById: (id: string) => q.byId.get(id) ?? null,
    setPasswordHash: (id: string, hash: string) => void q.setPassword.run(hash, id),
    /** Deletes the user; sessions and records go with it (ON DELETE CASCADE). */
    deleteUser: (id: string) => void q.deleteUser.run(id),
    createSession: (s: SessionRecord) =>
      void q.insertSession.run(s.id, s.user_id, s.created_at, s.last_seen_at, s.expires_at, s.authenticated_at, s.unproven),
    findSession: (id: string) => q.session.get(id) ?? null,
    /** Marks the session used at `at`, its expiry slid to `expiresAt` (a sliding session, accounts/session.ts). */
    touchSession: (id: string, at: number, expiresAt: number) => void q.touch.run(at, expiresAt, id),
    /** The password was entered again in this session at `at` (accounts/reauth.ts). */
    reauthenticateSession: (id: string, at: number) => void q.reauth.run(at, id),
    /** The session's device proved it holds AK: it may change trustees and release settings again (accounts/password-reset-routes.ts). */
    proveSession: (id: string) => void q.prove.run(id),
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
    /**
     * The users whose verified owner address (release/owner-email.ts) is `email`, in any case. The
     * caller still checks the profile names that address now (ReleaseService.ownerAddress).
     */
    findByVerifiedEmail: (email: string) => q.byVerifiedEmail.all(email),
    deleteSession: (id: string) => void q.deleteSession.run(id),
    deleteOtherSessions: (userId: string, keepId: string) => void q.deleteOtherSessions.run(userId, keepId),
    /** Removes sessions past absolute expiry or idle since before `idleBefore`. */
    purgeSessions: (now: number, idleBefore: number) => q.deleteExpired.run(now, idleBefore).changes,
  };
}
export type AccountStore = ReturnType<typeof createAccountStore>;
