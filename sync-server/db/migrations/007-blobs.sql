-- Files (issue #17, shared/files/README.md): one row per uploaded file of an account. The bytes
-- are encrypted chunks in the blob store (sync-server/blobs/); this row is what quota counts.
--   size            plaintext bytes (MAX_FILE_BYTES applies to it)
--   chunk_size      plaintext bytes per chunk; chunk_count chunks of chunk_size + 28 bytes (the last shorter)
--   encrypted_size  bytes stored, reserved against USER_QUOTA_BYTES when the upload starts
--   state           'uploading' → 'complete' (verified at POST …/complete); 'deleting' while its
--                   chunks are being removed (no longer counted; the sweep finishes what a crash left)
--   mime_type       the type detected by content at completion (shared/files/types.ts)
--   referenced_at   when a live record was first seen to refer to it; NULL = never (swept after 7 days)
CREATE TABLE blobs (
  user_id TEXT NOT NULL REFERENCES users(id) ON DELETE CASCADE,
  blob_id TEXT NOT NULL,
  size INTEGER NOT NULL,
  chunk_size INTEGER NOT NULL,
  chunk_count INTEGER NOT NULL,
  encrypted_size INTEGER NOT NULL,
  state TEXT NOT NULL CHECK (state IN ('uploading', 'complete', 'deleting')),
  mime_type TEXT,
  created_at INTEGER NOT NULL,
  completed_at INTEGER,
  referenced_at INTEGER,
  PRIMARY KEY (user_id, blob_id)
);
CREATE INDEX blobs_unreferenced ON blobs(referenced_at, created_at);
CREATE INDEX blobs_deleting ON blobs(state);
