-- Sliding sessions with re-authentication for sensitive actions (DESIGN.md §3, SECURITY.md
-- "Sessions"): when the password was last entered in this session (sign-in, or the
-- "confirm your password" dialog), milliseconds since the epoch. Sessions made before this
-- column count as authenticated when they were made.
ALTER TABLE sessions ADD COLUMN authenticated_at INTEGER NOT NULL DEFAULT 0;
UPDATE sessions SET authenticated_at = created_at;
