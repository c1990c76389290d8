-- "Share now" (issue 43; docs/sharing.md; sync-server/sharing/): one row per share of one item
-- with one person. Everything that would open the item stays on the owner's devices and in the
-- link's fragment: `copy` is the item sealed under the share key S (s1, shared/crypto/share-copy.ts),
-- `owner_wrap` is S wrapped under the owner's `docs` scope key `owner_kid`, `label` is the person's
-- name sealed under S. The server holds none of S, the text or the name.
-- Stopping deletes the copy, the wrap and the name; the row stays so the link answers 410 and the
-- owner's list says when sharing stopped.
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
  created_at INTEGER NOT NULL,
  updated_at INTEGER NOT NULL,
  opened_at INTEGER,
  stopped_at INTEGER,
  CHECK ((phase = 'stopped' AND copy IS NULL AND owner_wrap IS NULL AND owner_kid IS NULL AND label IS NULL AND stopped_at IS NOT NULL)
      OR (phase = 'created' AND copy IS NULL AND revision = 0 AND owner_wrap IS NOT NULL AND owner_kid IS NOT NULL AND label IS NOT NULL)
      OR (phase = 'active' AND copy IS NOT NULL AND revision >= 1 AND owner_wrap IS NOT NULL AND owner_kid IS NOT NULL AND label IS NOT NULL))
);
CREATE INDEX shares_by_owner ON shares (user_id, item_id);
