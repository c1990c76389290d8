-- Sliding sessions with re-authentication for sensitive actions, as SQLite's
-- 010-session-auth.sql: when the password was last entered in this session (ms since the epoch).
ALTER TABLE sessions ADD COLUMN authenticated_at BIGINT NOT NULL DEFAULT 0;
UPDATE sessions SET authenticated_at = created_at;
