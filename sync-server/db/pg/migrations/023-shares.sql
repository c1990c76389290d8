-- "Share now" (issue 43), as SQLite's 024-shares.sql (see there for each column).
CREATE TABLE shares (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_kind TEXT NOT NULL CHECK (item_kind IN ('document')),
  item_id TEXT NOT NULL,
  phase TEXT NOT NULL CHECK (phase IN ('created', 'active', 'stopped')),
  revision INTEGER NOT NULL CHECK (revision >= 0),
  owner_kid TEXT,
  owner_wrap TEXT,
  label TEXT,
  copy TEXT,
  created_at BIGINT NOT NULL,
  updated_at BIGINT NOT NULL,
  opened_at BIGINT,
  stopped_at BIGINT,
  CHECK ((phase = 'stopped' AND copy IS NULL AND owner_wrap IS NULL AND owner_kid IS NULL AND label IS NULL AND stopped_at IS NOT NULL)
      OR (phase = 'created' AND copy IS NULL AND revision = 0 AND owner_wrap IS NOT NULL AND owner_kid IS NOT NULL AND label IS NOT NULL)
      OR (phase = 'active' AND copy IS NOT NULL AND revision >= 1 AND owner_wrap IS NOT NULL AND owner_kid IS NOT NULL AND label IS NOT NULL))
);
CREATE INDEX shares_by_owner ON shares (user_id, item_id);
