-- The owner's verified e-mail address (SECURITY.md "Limits", e-mail quotas): the counterpart of
-- SQLite's migrations/010-owner-email.sql (see there). No row: unverified.
CREATE TABLE owner_email (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  email TEXT NOT NULL,
  verified_at BIGINT NOT NULL
);
