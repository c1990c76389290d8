-- The owner's timeline of sharing keeps the name of a stopped share and every opening, as SQLite's
-- 031-share-timeline.sql.
ALTER TABLE shares ADD COLUMN kept_kid TEXT;
ALTER TABLE shares ADD COLUMN kept_wrap TEXT;
ALTER TABLE shares ADD COLUMN kept_label TEXT;
CREATE TABLE share_openings (
  share_id TEXT NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
  opened_at BIGINT NOT NULL,
  PRIMARY KEY (share_id, opened_at)
);
