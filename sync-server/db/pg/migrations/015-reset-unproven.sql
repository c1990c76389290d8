-- A password reset waits for the proof account-wide, as SQLite's 016-reset-unproven.sql.
ALTER TABLE users ADD COLUMN unproven_since BIGINT;
