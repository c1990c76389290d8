/**
 * Accounts and sessions on PostgreSQL (issue #19): AsyncAccountStore over a `pg` Pool, with the
 * semantics of sqlite-account-store.ts (usernames unique case-insensitively, sessions deleted with their
 * user). Shared by every instance, so a session made on one works on all. All SQL for accounts
 * on PostgreSQL is here.
 */
import type pg from 'pg';
import type { AsyncAccountStore } from './account-store';
import type { SessionRecord, UserRow } from './sqlite-account-store';

type SessionRow = { id: string; user_id: string; created_at: string; last_seen_at: string; expires_at: string; authenticated_at: string; unproven: number };
const toSession = (r: SessionRow): SessionRecord => ({
  id: r.id,
  user_id: r.user_id,
  created_at: Number(r.created_at),
  last_seen_at: Number(r.last_seen_at),
  expires_at: Number(r.expires_at),
  authenticated_at: Number(r.authenticated_at),
  unproven: Number(r.unproven),
});
const USER = 'SELECT id, username, password_hash, created_at FROM users';

/** The account store over `pool` (migrations of db/pg/ applied). */
export function createPgAccountStore(pool: pg.Pool): AsyncAccountStore {
  const one = async <T extends pg.QueryResultRow>(sql: string, params: unknown[]) => (await pool.query<T>(sql, params)).rows[0] ?? null;
  return {
    /** Throws a unique violation (isUsernameTaken) when the username is taken, in any case. */
    async createUser(u) {
      await pool.query('INSERT INTO users (id, username, password_hash, created_at) VALUES ($1, $2, $3, $4)', [u.id, u.username, u.password_hash, u.created_at]);
    },
    findByUsername: (username) => one<UserRow>(`${USER} WHERE lower(username) = lower($1)`, [username]),
    findById: (id) => one<UserRow>(`${USER} WHERE id = $1`, [id]),
    async setPasswordHash(id, hash) {
      await pool.query('UPDATE users SET password_hash = $2 WHERE id = $1', [id, hash]);
    },
    async deleteUser(id) {
      await pool.query('DELETE FROM users WHERE id = $1', [id]);
    },
    async createSession(s) {
      await pool.query('INSERT INTO sessions (id, user_id, created_at, last_seen_at, expires_at, authenticated_at, unproven) VALUES ($1, $2, $3, $4, $5, $6, $7)', [
        s.id,
        s.user_id,
        s.created_at,
        s.last_seen_at,
        s.expires_at,
        s.authenticated_at,
        s.unproven,
      ]);
    },
    async findSession(id) {
      const row = await one<SessionRow>('SELECT * FROM sessions WHERE id = $1', [id]);
      return row ? toSession(row) : null;
    },
    async touchSession(id, at, expiresAt) {
      await pool.query('UPDATE sessions SET last_seen_at = $2, expires_at = $3 WHERE id = $1', [id, at, expiresAt]);
    },
    async reauthenticateSession(id, at) {
      await pool.query('UPDATE sessions SET authenticated_at = $2 WHERE id = $1', [id, at]);
    },
    async proveSession(id) {
      await pool.query('UPDATE sessions SET unproven = 0 WHERE id = $1', [id]);
    },
    async setUnprovenSince(userId, at, tag = null) {
      await pool.query('UPDATE users SET unproven_since = $2, unproven_tag = $3 WHERE id = $1', [userId, at, at === null ? null : tag]);
    },
    async unprovenTag(userId) {
      const r = await pool.query<{ unproven_tag: string | null }>('SELECT unproven_tag FROM users WHERE id = $1', [userId]);
      return r.rows[0]?.unproven_tag ?? null;
    },
    async unprovenSince(userId) {
      const r = await pool.query<{ unproven_since: string | null }>('SELECT unproven_since FROM users WHERE id = $1', [userId]);
      const v = r.rows[0]?.unproven_since;
      return v === null || v === undefined ? null : Number(v);
    },
    async language(userId) {
      return (await one<{ language: string }>('SELECT language FROM users WHERE id = $1', [userId]))?.language ?? null;
    },
    async setLanguage(userId, language) {
      await pool.query('UPDATE users SET language = $2 WHERE id = $1', [userId, language]);
    },
    async findByVerifiedEmail(email) {
      const sql = 'SELECT u.id, u.username, u.password_hash, u.created_at FROM owner_email o JOIN users u ON u.id = o.user_id WHERE o.email = lower($1) ORDER BY u.id';
      return (await pool.query<UserRow>(sql, [email])).rows;
    },
    async deleteSession(id) {
      await pool.query('DELETE FROM sessions WHERE id = $1', [id]);
    },
    async deleteOtherSessions(userId, keepId) {
      await pool.query('DELETE FROM sessions WHERE user_id = $1 AND id <> $2', [userId, keepId]);
    },
    async purgeSessions(now, idleBefore) {
      return (await pool.query('DELETE FROM sessions WHERE expires_at <= $1 OR last_seen_at <= $2', [now, idleBefore])).rowCount ?? 0;
    },
  };
}
