-- The release escrow and the release key's check value, as SQLite's 015-release-escrow.sql.
CREATE TABLE release_key_check (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value TEXT NOT NULL,
  created_at BIGINT NOT NULL
);
CREATE TABLE release_escrow (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  keys TEXT NOT NULL,
  key_count INTEGER NOT NULL,
  updated_at BIGINT NOT NULL
);
