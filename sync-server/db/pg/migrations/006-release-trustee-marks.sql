-- The release scheduler's scan of trustee records (release/trustees.ts), the PostgreSQL way
-- (db/pg/README.md): SQLite's `release_cursor` is one number over the one global sequence;
-- here sequences are per user (rule 13), so the mark is per user too: the account's
-- users.sync_seq up to which its trustee records were followed. No row = nothing followed yet (0).
CREATE TABLE release_trustee_marks (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  trustee_seq BIGINT NOT NULL
);
-- The scan reads each account's trustee records after its mark, in order, from this index only.
CREATE INDEX records_trustees_seq ON records(user_id, seq) WHERE collection = 'trustees';
