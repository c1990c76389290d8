/**
 * SQLite's file metadata, all its SQL about files (migrations 007-blobs.sql, 008-blob-grace.sql):
 * the blobs table (what each upload declared, its state, the type found by content; model.ts
 * BlobRow) and the question "does a live record refer to this blob?", answered over the records
 * table (documents and messages name it in `fileBlobId`, or in `file.blobId` when `file` is plain:
 * namesBlob).
 */
import type { Db } from '../db/sqlite';
import { FILE_COLLECTIONS } from '../../shared/files/ref';
import type { BlobRow } from './model';

const IN_FILE_COLLECTIONS = `(${FILE_COLLECTIONS.map((c) => `'${c}'`).join(', ')})`;

/**
 * SQL true when a record's stored state names the blob `blobSql`: its plain `fileBlobId` (the only
 * name the server can read when `file` is sealed), or `file.blobId` of a plain record and of one
 * written before `fileBlobId` existed (records/file-refs.ts). Only a JSON string equals a blob id.
 */
const namesBlob = (blobSql: string) =>
  // instr first: most records name no such blob, and a text search is far cheaper than two JSON reads.
  `(instr(state, ${blobSql}) > 0 AND (json_extract(state, '$.values.fileBlobId') = ${blobSql} OR json_extract(state, '$.values.file.blobId') = ${blobSql}))`;

/** Blob metadata queries over `db`. */
export function createBlobMeta(db: Db) {
  const q = {
    get: db.prepare<[string, string], BlobRow>('SELECT * FROM blobs WHERE user_id = ? AND blob_id = ?'),
    insert: db.prepare(
      `INSERT INTO blobs (user_id, blob_id, size, chunk_size, chunk_count, encrypted_size, state, created_at, referenced_at)
       VALUES (?, ?, ?, ?, ?, ?, 'uploading', ?, ?)`,
    ),
    count: db.prepare<[string], { n: number }>("SELECT COUNT(*) AS n FROM blobs WHERE user_id = ? AND state != 'deleting'"),
    used: db.prepare<[string], { used: number | null }>(
      "SELECT SUM(encrypted_size) AS used FROM blobs WHERE user_id = ? AND state != 'deleting' AND released_at IS NULL",
    ),
    releasedUsed: db.prepare<[string], { used: number | null }>(
      "SELECT SUM(encrypted_size) AS used FROM blobs WHERE user_id = ? AND state != 'deleting' AND released_at IS NOT NULL",
    ),
    markReleased: db.prepare("UPDATE blobs SET released_at = ? WHERE user_id = ? AND blob_id = ? AND released_at IS NULL AND state != 'deleting'"),
    released: db.prepare<[number, number], BlobRow>(
      "SELECT * FROM blobs WHERE released_at IS NOT NULL AND released_at < ? AND state != 'deleting' ORDER BY released_at LIMIT ?",
    ),
    oldestReleased: db.prepare<[string, number], BlobRow>(
      "SELECT * FROM blobs WHERE user_id = ? AND released_at IS NOT NULL AND state != 'deleting' ORDER BY released_at, created_at LIMIT ?",
    ),
    complete: db.prepare("UPDATE blobs SET state = 'complete', completed_at = ? WHERE user_id = ? AND blob_id = ? AND state = 'uploading'"),
    markDeleting: db.prepare("UPDATE blobs SET state = 'deleting' WHERE user_id = ? AND blob_id = ?"),
    remove: db.prepare("DELETE FROM blobs WHERE user_id = ? AND blob_id = ? AND state = 'deleting'"),
    deletingUnreferenced: db.prepare(
      `UPDATE blobs SET state = 'deleting' WHERE user_id = ? AND blob_id = ? AND state != 'deleting' AND NOT EXISTS (
         SELECT 1 FROM records WHERE user_id = blobs.user_id AND collection IN ${IN_FILE_COLLECTIONS} AND deleted = 0
           AND ${namesBlob('blobs.blob_id')})`,
    ),
    referenced: db.prepare(
      'UPDATE blobs SET referenced_at = COALESCE(referenced_at, ?), released_at = NULL WHERE user_id = ? AND blob_id = ? AND (referenced_at IS NULL OR released_at IS NOT NULL)',
    ),
    liveRef: db.prepare<[{ user: string; blob: string }], { one: number }>(
      `SELECT 1 AS one FROM records WHERE user_id = @user AND collection IN ${IN_FILE_COLLECTIONS} AND deleted = 0
         AND ${namesBlob('@blob')} LIMIT 1`,
    ),
    abandoned: db.prepare<[number, number], BlobRow>(
      "SELECT * FROM blobs WHERE referenced_at IS NULL AND created_at < ? AND state != 'deleting' ORDER BY created_at LIMIT ?",
    ),
    deleting: db.prepare<[number], BlobRow>("SELECT * FROM blobs WHERE state = 'deleting' LIMIT ?"),
  };
  return {
    get: (userId: string, blobId: string) => q.get.get(userId, blobId) ?? null,
    /** Inserts an upload in state 'uploading'; `referencedAt` when a live record already refers to it. */
    insert(r: Pick<BlobRow, 'user_id' | 'blob_id' | 'size' | 'chunk_size' | 'chunk_count' | 'encrypted_size' | 'created_at' | 'referenced_at'>) {
      q.insert.run(r.user_id, r.blob_id, r.size, r.chunk_size, r.chunk_count, r.encrypted_size, r.created_at, r.referenced_at);
    },
    /** Files and uploads of the account, released ones included until they are deleted (SECURITY.md "Limits": the file count); not those being deleted. */
    count: (userId: string) => q.count.get(userId)?.n ?? 0,
    /** Bytes of the account's uploads and files a live record may hold (what counts against USER_QUOTA_BYTES). */
    usedBytes: (userId: string) => q.used.get(userId)?.used ?? 0,
    /** Bytes of the account's released blobs, kept for a while (bounded by the lifetime, not by the quota). */
    releasedBytes: (userId: string) => q.releasedUsed.get(userId)?.used ?? 0,
    /** Notes that no live record refers to the blob any more (from `at`, ms): it stops counting and is kept a while. */
    markReleased: (userId: string, blobId: string, at: number) => void q.markReleased.run(at, userId, blobId),
    /** Blobs released before `before` (ms), oldest first, at most `limit`. */
    released: (before: number, limit: number) => q.released.all(before, limit),
    /** The account's released blobs, oldest release first, at most `limit`. */
    oldestReleased: (userId: string, limit: number) => q.oldestReleased.all(userId, limit),
    /**
     * Marks an upload complete; false when it was not uploading. `mime_type` stays null: the server
     * never sees the content (verify.ts). Blobs completed before sealing keep the type found then.
     */
    complete: (userId: string, blobId: string, at: number) => q.complete.run(at, userId, blobId).changes > 0,
    /** Stops counting a blob (its chunks are about to be removed); `remove` drops the row afterwards. */
    markDeleting: (userId: string, blobId: string) => void q.markDeleting.run(userId, blobId),
    /**
     * `markDeleting` unless a live record of the account names the blob, decided in the same
     * statement as the mark (no window for a record to arrive between check and mark). True when
     * marked (its chunks are then to be removed); false when referenced, gone or already deleting.
     */
    markDeletingUnlessReferenced: (userId: string, blobId: string) => q.deletingUnreferenced.run(userId, blobId).changes > 0,
    remove: (userId: string, blobId: string) => void q.remove.run(userId, blobId),
    /** Notes that a live record refers to the blob (never swept for age; no longer released: it counts again). */
    markReferenced: (userId: string, blobId: string, at: number) => void q.referenced.run(at, userId, blobId),
    /** True when a live document or message of the account refers to `blobId`. */
    isReferenced: (userId: string, blobId: string) => q.liveRef.get({ user: userId, blob: blobId }) !== undefined,
    /** Uploads never referenced by a record, created before `before` (ms), oldest first, at most `limit`. */
    abandoned: (before: number, limit: number) => q.abandoned.all(before, limit),
    /** Blobs whose removal a crash may have interrupted. */
    deleting: (limit: number) => q.deleting.all(limit),
    transaction: <T>(fn: () => T): T => db.transaction(fn).immediate(),
  };
}
export type BlobMeta = ReturnType<typeof createBlobMeta>;
