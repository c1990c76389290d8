-- Synced records (shared/sync/README.md rules 4, 12, 13): one row per record with its whole
-- field state (values and per-field HLCs, JSON) and the server sequence of its last change.
CREATE TABLE records (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  collection TEXT NOT NULL,
  id TEXT NOT NULL,
  state TEXT NOT NULL,
  deleted INTEGER NOT NULL DEFAULT 0,
  seq INTEGER NOT NULL,
  PRIMARY KEY (user_id, collection, id)
);
-- Incremental pull: records of one user changed after a cursor, in order (rule 13).
CREATE INDEX records_user_seq ON records(user_id, seq);

-- The one monotonically increasing sequence (rule 13).
CREATE TABLE sync_sequence (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value INTEGER NOT NULL
);
INSERT INTO sync_sequence (id, value) VALUES (1, 0);
