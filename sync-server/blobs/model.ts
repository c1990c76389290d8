/**
 * What the server keeps of a file (issue #17): its metadata row, the same on both engines
 * (SQLite's sqlite-blob-meta.ts, PostgreSQL's pg-blob-meta.ts, blob-meta-store.ts's contract).
 * Pure types, below the stores and the service that read them.
 */

export type BlobState = 'uploading' | 'complete' | 'deleting';

/** One file's row: what its upload declared, its state, when a live record last referred to it. */
export interface BlobRow {
  user_id: string;
  blob_id: string;
  /** Plaintext bytes. */
  size: number;
  chunk_size: number;
  chunk_count: number;
  /** Bytes stored (and reserved against the quota). */
  encrypted_size: number;
  state: BlobState;
  mime_type: string | null;
  created_at: number;
  completed_at: number | null;
  referenced_at: number | null;
  /** When the last live record stopped referring to it (ms); null while one does (008-blob-grace.sql). */
  released_at: number | null;
}
