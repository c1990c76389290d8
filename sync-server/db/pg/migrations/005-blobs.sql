-- Files (issue #17), as SQLite's 007-blobs.sql (see it for what each column means): one row per
-- uploaded file; the bytes are encrypted chunks in the blob store (disk or S3). Sizes in bytes,
-- times in ms.
CREATE TABLE blobs (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blob_id TEXT NOT NULL,
  size BIGINT NOT NULL,
  chunk_size INTEGER NOT NULL,
  chunk_count INTEGER NOT NULL,
  encrypted_size BIGINT NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('uploading', 'complete', 'deleting')),
  mime_type TEXT,
  created_at BIGINT NOT NULL,
  completed_at BIGINT,
  referenced_at BIGINT,
  PRIMARY KEY (user_id, blob_id)
);
CREATE INDEX blobs_unreferenced ON blobs(referenced_at, created_at);
CREATE INDEX blobs_deleting ON blobs(state);
