-- "Share now" for a letter, by the owner's explicit choice for that one letter (issue 43;
-- docs/sharing.md; shared/share-items.ts). SQLite cannot change a CHECK in place, so the table is
-- made again with the wider one and every row copied as it is (as 026-share-kinds.sql).
CREATE TABLE shares_new (
  id TEXT PRIMARY KEY,
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  item_kind TEXT NOT NULL CHECK (item_kind IN ('document', 'plan-section', 'task-list', 'trustee', 'letter')),
  item_id TEXT NOT NULL,
  phase TEXT NOT NULL CHECK (phase IN ('created', 'active', 'stopped')),
  revision INTEGER NOT NULL CHECK (revision >= 0),
  owner_kid TEXT,
  owner_wrap TEXT,
  label TEXT,
  copy TEXT,
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  opened_at INTEGER,
  stopped_at INTEGER,
  CHECK ((phase = 'stopped' AND copy IS NULL AND owner_wrap IS NULL AND owner_kid IS NULL AND label IS NULL AND stopped_at IS NOT NULL)
      OR (phase = 'created' AND copy IS NULL AND revision = 0 AND owner_wrap IS NOT NULL AND owner_kid IS NOT NULL AND label IS NOT NULL)
      OR (phase = 'active' AND copy IS NOT NULL AND revision >= 1 AND owner_wrap IS NOT NULL AND owner_kid IS NOT NULL AND label IS NOT NULL))
);
INSERT INTO shares_new SELECT id, user_id, item_kind, item_id, phase, revision, owner_kid, owner_wrap, label, copy, created_at, updated_at, opened_at, stopped_at FROM shares;
DROP TABLE shares;
ALTER TABLE shares_new RENAME TO shares;
CREATE INDEX shares_by_owner ON shares (user_id, item_id);
