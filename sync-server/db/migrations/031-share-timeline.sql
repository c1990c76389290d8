-- The owner's timeline of sharing keeps the name of a stopped share and every opening (issue 43
-- "The owner always knows"; sharing/store/share-store.ts). Stopping still deletes the copy; the
-- owner's wrap of the share key and the sealed name move to kept_* (the server opens neither: only
-- the owner's devices do, to name the person in the timeline). One row per opening of a share
-- (a reload within a minute is the same opening; at most the newest 50 are kept per share).
ALTER TABLE shares ADD COLUMN kept_kid TEXT;
ALTER TABLE shares ADD COLUMN kept_wrap TEXT;
ALTER TABLE shares ADD COLUMN kept_label TEXT;
CREATE TABLE share_openings (
  share_id TEXT NOT NULL REFERENCES shares(id) ON DELETE CASCADE,
  opened_at INTEGER NOT NULL,
  PRIMARY KEY (share_id, opened_at)
);
