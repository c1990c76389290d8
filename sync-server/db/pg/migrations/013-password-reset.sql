-- A forgotten password, as SQLite's 014-password-reset.sql: a session made by a reset link is
-- `unproven` (1) until a device proves it holds the account key AK (POST /api/keys/proof).
ALTER TABLE sessions ADD COLUMN unproven INTEGER NOT NULL DEFAULT 0;
-- "Forgot password" finds accounts by their verified address (pg-account-store.ts findByVerifiedEmail).
CREATE INDEX owner_email_email ON owner_email(email);
