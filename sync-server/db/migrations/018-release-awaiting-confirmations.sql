-- The release phase `awaiting-confirmations` (release/state-machine.ts; trustee kits): after the
-- waiting period, nothing is released until k trustees confirm with their kits. SQLite cannot
-- change a CHECK constraint in place, so release_state is rebuilt with every row and its index.
CREATE TABLE release_state_new (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  phase TEXT NOT NULL CHECK (phase IN ('active', 'waiting', 'awaiting-confirmations', 'released')),
  check_in_days INTEGER NOT NULL,
  waiting_days INTEGER NOT NULL,
  last_check_in_at INTEGER NOT NULL,
  reminders_sent INTEGER NOT NULL,
  episode INTEGER NOT NULL,
  started_at INTEGER,
  ends_at INTEGER,
  started_by TEXT,
  released_at INTEGER,
  review_due_at INTEGER
);
INSERT INTO release_state_new (user_id, phase, check_in_days, waiting_days, last_check_in_at, reminders_sent, episode, started_at, ends_at, started_by, released_at, review_due_at)
  SELECT user_id, phase, check_in_days, waiting_days, last_check_in_at, reminders_sent, episode, started_at, ends_at, started_by, released_at, review_due_at FROM release_state;
DROP TABLE release_state;
ALTER TABLE release_state_new RENAME TO release_state;
CREATE INDEX release_state_phase ON release_state(phase);
