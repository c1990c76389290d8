-- The release escrow (SECURITY.md "Release escrow"; sync-server/escrow/): for each account, the
-- scope keys a release hands to recipients and trustees, each wrapped under the release key, which
-- is never stored here. `release_key_check` holds one value that only the right release key opens,
-- so a server started with another key refuses to start (escrow/release-key.ts).
CREATE TABLE release_key_check (
  id INTEGER PRIMARY KEY CHECK (id = 1),
  value TEXT NOT NULL,
  created_at INTEGER NOT NULL
);
CREATE TABLE release_escrow (
  user_id TEXT PRIMARY KEY REFERENCES users(id) ON DELETE CASCADE,
  keys TEXT NOT NULL,
  key_count INTEGER NOT NULL,
  updated_at INTEGER NOT NULL
);
