-- Release after death (DESIGN.md §8), as SQLite's 003-release.sql and 006-release-durable.sql
-- together (see those files for what each column means). Times are milliseconds (BIGINT).
-- Not here: SQLite's `release_cursor` (the scheduler's scan of trustee records by the one global
-- sequence). On PostgreSQL sequences are per user (rule 13), so that scan needs another mark;
-- it comes with the PostgreSQL release store.
CREATE TABLE release_state (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('active', 'waiting', 'released')),
  check_in_days INTEGER NOT NULL,
  waiting_days INTEGER NOT NULL,
  last_check_in_at BIGINT NOT NULL,
  reminders_sent INTEGER NOT NULL,
  episode INTEGER NOT NULL,
  started_at BIGINT,
  ends_at BIGINT,
  started_by TEXT,
  released_at BIGINT,
  review_due_at BIGINT
);
CREATE INDEX release_state_phase ON release_state(phase);

CREATE TABLE release_activity (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at BIGINT NOT NULL,
  kind TEXT NOT NULL,
  text TEXT NOT NULL
);
CREATE INDEX release_activity_user ON release_activity(user_id, id);

CREATE TABLE release_trustees (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  trustee_id TEXT NOT NULL,
  email TEXT NOT NULL,
  status TEXT NOT NULL CHECK (status IN ('invited', 'accepted', 'removed')),
  invite_round INTEGER NOT NULL,
  invited_at BIGINT NOT NULL,
  accepted_at BIGINT,
  confirmed_at BIGINT,
  confirm_sent_at BIGINT,
  bounced_at BIGINT,
  PRIMARY KEY (user_id, trustee_id)
);

-- Single-purpose links: sha-256 of a 256-bit token (the token itself is never stored).
CREATE TABLE release_tokens (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  expires_at BIGINT NOT NULL,
  revoked_at BIGINT,
  addr TEXT
);
CREATE INDEX release_tokens_subject ON release_tokens(user_id, subject_id);

-- The durable e-mail queue. Several instances claim due rows with FOR UPDATE SKIP LOCKED
-- (claimed_at marks a claim, so a killed instance's claim can be taken over once it is old).
CREATE TABLE release_emails (
  id BIGINT GENERATED ALWAYS AS IDENTITY PRIMARY KEY,
  dedupe_key TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  to_addr TEXT NOT NULL,
  params TEXT NOT NULL,
  created_at BIGINT NOT NULL,
  claimed_at BIGINT,
  sent_at BIGINT,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT,
  next_attempt_at BIGINT NOT NULL DEFAULT 0,
  first_attempt_at BIGINT,
  failed_at BIGINT,
  failure TEXT,
  written_at BIGINT,
  quota TEXT,
  seen_at BIGINT
);
CREATE INDEX release_emails_due ON release_emails(next_attempt_at) WHERE sent_at IS NULL AND failed_at IS NULL;
CREATE INDEX release_emails_user ON release_emails(user_id, quota, created_at);

CREATE TABLE release_deliveries (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  message_id TEXT NOT NULL,
  addr TEXT NOT NULL,
  body_hash TEXT NOT NULL,
  round INTEGER NOT NULL,
  queued_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, message_id)
);
