-- A forgotten password (SECURITY.md "Password reset"; routes/password-reset.ts): a session made
-- by a reset link is `unproven` (1) until a device proves it holds the account key AK
-- (POST /api/keys/proof). An unproven session cannot change trustees, recipients' addresses,
-- access levels or release settings, so whoever reads the owner's mailbox cannot steer the release.
-- Reset links themselves are release_tokens rows of purpose 'reset' (stored only as a hash).
ALTER TABLE sessions ADD COLUMN unproven INTEGER NOT NULL DEFAULT 0;
-- "Forgot password" finds accounts by their verified address (accounts.ts findByVerifiedEmail).
CREATE INDEX owner_email_email ON owner_email(email);
