-- Files are kept a while after no live record refers to them (issue #17, every word kept): a
-- record restored on another device (sync rule 22) comes back with its file.
--   released_at  when the last live record stopped referring to the blob (ms); NULL while one does.
--                A released blob is not counted against quota; the sweep deletes it
--                RELEASED_KEPT_MS later (sync-server/blobs/lifetime.ts) unless a record refers to it again.
ALTER TABLE blobs ADD COLUMN released_at INTEGER;
CREATE INDEX blobs_released ON blobs(released_at) WHERE released_at IS NOT NULL;
