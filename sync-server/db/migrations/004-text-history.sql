-- Earlier versions of each long text (shared/sync/README.md rule 21): every value of a long-text
-- field the server replaced, at most 20 per field (older ones are pruned by the record store).
CREATE TABLE text_history (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  collection TEXT NOT NULL,
  record_id TEXT NOT NULL,
  field TEXT NOT NULL,
  -- the HLC the replaced text had been written with
  hlc TEXT NOT NULL,
  text TEXT NOT NULL,
  -- the server sequence of the change that replaced it (order of replacement)
  replaced_seq INTEGER NOT NULL,
  PRIMARY KEY (user_id, collection, record_id, field, hlc)
);
