-- As SQLite's 008-blob-grace.sql: a blob no live record refers to is kept (not counted against
-- quota) until RELEASED_KEPT_MS after released_at (ms), so a restored record keeps its file.
ALTER TABLE blobs ADD COLUMN released_at BIGINT;
CREATE INDEX blobs_released ON blobs(released_at) WHERE released_at IS NOT NULL;
