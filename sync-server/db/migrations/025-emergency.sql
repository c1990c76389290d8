-- Emergency access (issue 43; docs/sharing.md "Emergency access"; sync-server/sharing/emergency-*.ts).
-- emergency_settings: per trustee, what the owner lets them open in an emergency and after what
-- wait. `items` is the JSON list of document ids; `bundle` is those items sealed on the owner's
-- device under a per-trustee key E (s1), `wrap` is E wrapped under emergencyKey(gate, t) (w1), and
-- `gate` is the 32-byte gate the server hands the trustee's page only once a request is granted.
-- The server never holds t, so gate + wrap + bundle open nothing without the trustee's kit.
-- Nothing here is read or written by the release after death.
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
  updated_at INTEGER NOT NULL,
  PRIMARY KEY (user_id, trustee_id)
);
-- One trustee's request, through emergency-model.ts's phases.
CREATE TABLE emergency_requests (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  trustee_id TEXT NOT NULL,
  phase TEXT NOT NULL CHECK (phase IN ('requested', 'waiting', 'refused', 'granted', 'ended', 'withdrawn')),
  wait_hours INTEGER NOT NULL CHECK (wait_hours BETWEEN 1 AND 672),
  requested_at INTEGER NOT NULL,
  notified_at INTEGER,
  wait_ends_at INTEGER,
  decided_at INTEGER,
  granted_at INTEGER,
  ended_at INTEGER,
  CHECK (phase <> 'granted' OR (granted_at IS NOT NULL AND wait_ends_at IS NOT NULL AND granted_at >= wait_ends_at))
);
CREATE INDEX emergency_requests_by_owner ON emergency_requests (user_id, requested_at);
CREATE INDEX emergency_requests_open ON emergency_requests (phase, wait_ends_at);
