-- Emergency access (issue 43), as SQLite's 025-emergency.sql (see there for each column).
CREATE TABLE emergency_settings (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  trustee_id TEXT NOT NULL,
  position INTEGER NOT NULL CHECK (position >= 0),
  wait_hours INTEGER NOT NULL CHECK (wait_hours BETWEEN 1 AND 672),
  generation INTEGER NOT NULL CHECK (generation >= 1),
  items TEXT NOT NULL,
  gate TEXT NOT NULL,
  wrap TEXT NOT NULL,
  bundle TEXT NOT NULL,
  updated_at BIGINT NOT NULL,
  PRIMARY KEY (user_id, trustee_id)
);
-- One trustee's request, through emergency-model.ts's phases.
CREATE TABLE emergency_requests (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  trustee_id TEXT NOT NULL,
  phase TEXT NOT NULL CHECK (phase IN ('requested', 'waiting', 'refused', 'granted', 'ended', 'withdrawn')),
  wait_hours INTEGER NOT NULL CHECK (wait_hours BETWEEN 1 AND 672),
  requested_at BIGINT NOT NULL,
  notified_at BIGINT,
  wait_ends_at BIGINT,
  decided_at BIGINT,
  granted_at BIGINT,
  ended_at BIGINT,
  CHECK (phase <> 'granted' OR (granted_at IS NOT NULL AND wait_ends_at IS NOT NULL AND granted_at >= wait_ends_at))
);
CREATE INDEX emergency_requests_by_owner ON emergency_requests (user_id, requested_at);
CREATE INDEX emergency_requests_open ON emergency_requests (phase, wait_ends_at);
