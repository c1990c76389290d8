-- Accounts and sessions (DESIGN.md §3), as SQLite's 001-accounts.sql. Times: created_at is an
-- ISO string as in SQLite; the session times are milliseconds since the epoch.
CREATE TABLE users (
  id TEXT PRIMARY KEY,
  username TEXT NOT NULL,
  password_hash TEXT NOT NULL,
  created_at TEXT NOT NULL
);
-- SQLite's `username … UNIQUE COLLATE NOCASE`: queries compare lower(username) = lower($1).
CREATE UNIQUE INDEX users_username_nocase ON users (lower(username));

CREATE TABLE sessions (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  created_at BIGINT NOT NULL,
  last_seen_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL
);
CREATE INDEX sessions_user ON sessions(user_id);
CREATE INDEX sessions_expiry ON sessions(expires_at);
