-- Synced records (shared/sync/README.md rules 4, 12, 13, 21), as SQLite's 002 and 004, with one
-- difference: the cursor's sequence is PER USER, taken from users.sync_seq while the push holds
-- the user's row lock (rule 13: a sequence that commits out of order would let a pull skip a row).
ALTER TABLE users ADD COLUMN sync_seq BIGINT NOT NULL DEFAULT 0;

CREATE TABLE records (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  collection TEXT NOT NULL,
  id TEXT NOT NULL,
  -- the record's field state (values and per-field HLCs) as JSON text, byte for byte as in SQLite
  state TEXT NOT NULL,
  deleted BOOLEAN NOT NULL DEFAULT FALSE,
  -- users.sync_seq of the push that last changed it
  seq BIGINT NOT NULL,
  PRIMARY KEY (user_id, collection, id)
);
-- Incremental pull: one user's records after a cursor, in order (rule 13). Unique: one push
-- takes one number per changed record.
CREATE UNIQUE INDEX records_user_seq ON records(user_id, seq);
CREATE INDEX records_user_live ON records(user_id, collection) WHERE NOT deleted;

-- Earlier versions of each long text (rule 21), at most 20 per field (pruned by the store).
CREATE TABLE text_history (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  collection TEXT NOT NULL,
  record_id TEXT NOT NULL,
  field TEXT NOT NULL,
  -- the HLC the replaced text had been written with
  hlc TEXT NOT NULL,
  text TEXT NOT NULL,
  -- users.sync_seq when it was replaced (order of replacement)
  replaced_seq BIGINT NOT NULL,
  PRIMARY KEY (user_id, collection, record_id, field, hlc)
);
