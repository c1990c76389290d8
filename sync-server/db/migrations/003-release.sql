-- Release after death (DESIGN.md §8): per-account state machine, activity log, trustee
-- invitations, single-purpose links (sha-256 of a 256-bit token; the token itself is never
-- stored) and a durable email queue whose dedupe keys make the scheduler idempotent.
CREATE TABLE release_state (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('active', 'waiting', 'released')),
  check_in_days INTEGER NOT NULL,
  waiting_days INTEGER NOT NULL,
  last_check_in_at INTEGER NOT NULL,
  reminders_sent INTEGER NOT NULL,
  episode INTEGER NOT NULL,
  started_at INTEGER,
  ends_at INTEGER,
  started_by TEXT,
  released_at INTEGER
);
CREATE INDEX release_state_phase ON release_state(phase);

CREATE TABLE release_activity (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  at INTEGER NOT NULL,
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
  invited_at INTEGER NOT NULL,
  accepted_at INTEGER,
  PRIMARY KEY (user_id, trustee_id)
);

CREATE TABLE release_tokens (
  hash TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  purpose TEXT NOT NULL,
  subject_id TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  expires_at INTEGER NOT NULL,
  revoked_at INTEGER
);
CREATE INDEX release_tokens_subject ON release_tokens(user_id, subject_id);

CREATE TABLE release_emails (
  id INTEGER PRIMARY KEY AUTOINCREMENT,
  dedupe_key TEXT NOT NULL UNIQUE,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  kind TEXT NOT NULL,
  to_addr TEXT NOT NULL,
  params TEXT NOT NULL,
  created_at INTEGER NOT NULL,
  claimed_at INTEGER,
  sent_at INTEGER,
  attempts INTEGER NOT NULL DEFAULT 0,
  last_error TEXT
);
CREATE INDEX release_emails_pending ON release_emails(sent_at, id);

-- Where the scheduler's scan of trustee records has reached (records.seq).
CREATE TABLE release_cursor (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  trustee_seq INTEGER NOT NULL
);
INSERT INTO release_cursor (id, trustee_seq) VALUES (1, 0);

-- Lets the scheduler find trustee records changed since its cursor without a full scan.
CREATE INDEX records_collection_seq ON records(collection, seq);
