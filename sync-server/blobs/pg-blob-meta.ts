/**
 * Blob metadata on PostgreSQL (issue #19): AsyncBlobMeta (blobs/blob-meta-store.ts) over a `pg`
 * Pool, with the semantics of blobs/sqlite-blob-meta.ts (table in migrations/005-blobs.sql): what each
 * upload declared, its state, the type found by content, and "does a live record refer to this
 * blob?" over the records table. In a transaction the first call naming an account takes an
 * advisory lock on it, so the quota check and the insert of two instances (two uploads of one
 * account at once) run one after the other.
 */
import type pg from 'pg';
import { FILE_COLLECTIONS } from '../../shared/files/ref';
import type { BlobRow } from './model';
import type { AsyncBlobMeta } from './blob-meta-store';
import { advisoryAccountLock, numeric, pgTransactional, type Queryable } from '../db/pg/pg-tx';

type Methods = Omit<AsyncBlobMeta, 'transaction'>;
/**
 * SQL true when the record state `stateSql` (JSON text) names the blob `blobText` (text): its plain
 * `fileBlobId` (all the server can read of a sealed `file`) or a plain `file.blobId`, as SQLite's
 * sqlite-blob-meta.ts namesBlob; only a JSON string equals a blob id. strpos first: most records name no
 * such blob, and a text search is far cheaper than parsing the state into jsonb.
 */
const namesBlob = (stateSql: string, blobText: string) =>
  `(strpos(${stateSql}, ${blobText}) > 0 AND (${stateSql}::jsonb #> '{values,fileBlobId}' = to_jsonb(${blobText}) OR ${stateSql}::jsonb #> '{values,file,blobId}' = to_jsonb(${blobText})))`;
const BLOB_NUMS = ['size', 'encrypted_size', 'created_at', 'completed_at', 'referenced_at', 'released_at'];
const toBlob = (r: Record<string, unknown>) => numeric<BlobRow>(r, BLOB_NUMS);

function pgBlobMethods(q: Queryable): Methods {
  const count = async (sql: string, params: unknown[]) => (await q.query(sql, params)).rowCount ?? 0;
  return {
    async get(userId, blobId) {
      const { rows } = await q.query('SELECT * FROM blobs WHERE user_id = $1 AND blob_id = $2', [userId, blobId]);
      return rows[0] ? toBlob(rows[0]) : null;
    },
    async insert(r) {
      await q.query(
        `INSERT INTO blobs (user_id, blob_id, size, chunk_size, chunk_count, encrypted_size, state, created_at, referenced_at)
         VALUES ($1, $2, $3, $4, $5, $6, 'uploading', $7, $8)`,
        [r.user_id, r.blob_id, r.size, r.chunk_size, r.chunk_count, r.encrypted_size, r.created_at, r.referenced_at],
      );
    },
    async count(userId) {
      // Released files count until they are deleted (sqlite-blob-meta.ts).
      const { rows } = await q.query<{ n: number }>("SELECT COUNT(*)::int AS n FROM blobs WHERE user_id = $1 AND state != 'deleting'", [userId]);
      return rows[0]!.n;
    },
    async usedBytes(userId) {
      const { rows } = await q.query<{ used: string | null }>("SELECT SUM(encrypted_size) AS used FROM blobs WHERE user_id = $1 AND state != 'deleting' AND released_at IS NULL", [userId]);
      return Number(rows[0]!.used ?? 0);
    },
    async releasedBytes(userId) {
      const sql = "SELECT SUM(encrypted_size) AS used FROM blobs WHERE user_id = $1 AND state != 'deleting' AND released_at IS NOT NULL";
      const { rows } = await q.query<{ used: string | null }>(sql, [userId]);
      return Number(rows[0]!.used ?? 0);
    },
    async markReleased(userId, blobId, at) {
      await q.query("UPDATE blobs SET released_at = $3 WHERE user_id = $1 AND blob_id = $2 AND released_at IS NULL AND state != 'deleting'", [userId, blobId, at]);
    },
    async released(before, limit) {
      const sql = "SELECT * FROM blobs WHERE released_at IS NOT NULL AND released_at < $1 AND state != 'deleting' ORDER BY released_at LIMIT $2";
      return (await q.query(sql, [before, limit])).rows.map(toBlob);
    },
    async oldestReleased(userId, limit) {
      const sql = "SELECT * FROM blobs WHERE user_id = $1 AND released_at IS NOT NULL AND state != 'deleting' ORDER BY released_at, created_at LIMIT $2";
      return (await q.query(sql, [userId, limit])).rows.map(toBlob);
    },
    async complete(userId, blobId, at) {
      const sql = "UPDATE blobs SET state = 'complete', completed_at = $3 WHERE user_id = $1 AND blob_id = $2 AND state = 'uploading'";
      return (await count(sql, [userId, blobId, at])) > 0;
    },
    async markDeleting(userId, blobId) {
      await q.query("UPDATE blobs SET state = 'deleting' WHERE user_id = $1 AND blob_id = $2", [userId, blobId]);
    },
    async markDeletingUnlessReferenced(userId, blobId) {
      // Call it in a transaction: the account's row is share-locked first, so a push of this
      // account (which holds that row FOR UPDATE until it commits, records/store/pg-record-store.ts) either
      // committed before, and the statement below (a fresh snapshot) sees its record, or waits
      // until this mark is committed. NOWAIT: with a push in flight this throws (55P03,
      // isDatabaseBusy) and the blob waits for the next sweep; the sweep never queues behind an
      // account's pushes.
      await q.query('SELECT 1 FROM users WHERE id = $1 FOR SHARE NOWAIT', [userId]);
      const sql = `UPDATE blobs b SET state = 'deleting' WHERE b.user_id = $1 AND b.blob_id = $2 AND b.state != 'deleting' AND NOT EXISTS (
                     SELECT 1 FROM records r WHERE r.user_id = b.user_id AND r.collection = ANY($3) AND NOT r.deleted
                       AND ${namesBlob('r.state', 'b.blob_id')})`;
      return (await count(sql, [userId, blobId, [...FILE_COLLECTIONS]])) > 0;
    },
    async remove(userId, blobId) {
      await q.query("DELETE FROM blobs WHERE user_id = $1 AND blob_id = $2 AND state = 'deleting'", [userId, blobId]);
    },
    async markReferenced(userId, blobId, at) {
      const sql = `UPDATE blobs SET referenced_at = COALESCE(referenced_at, $3), released_at = NULL
                   WHERE user_id = $1 AND blob_id = $2 AND (referenced_at IS NULL OR released_at IS NOT NULL)`;
      await q.query(sql, [userId, blobId, at]);
    },
    async isReferenced(userId, blobId) {
      const sql = `SELECT 1 FROM records WHERE user_id = $1 AND collection = ANY($2) AND NOT deleted
                   AND ${namesBlob('state', '$3::text')} LIMIT 1`;
      return (await count(sql, [userId, [...FILE_COLLECTIONS], blobId])) > 0;
    },
    async abandoned(before, limit) {
      const { rows } = await q.query(
        "SELECT * FROM blobs WHERE referenced_at IS NULL AND created_at < $1 AND state != 'deleting' ORDER BY created_at LIMIT $2",
        [before, limit],
      );
      return rows.map(toBlob);
    },
    async deleting(limit) {
      return (await q.query("SELECT * FROM blobs WHERE state = 'deleting' LIMIT $1", [limit])).rows.map(toBlob);
    },
  };
}

const first = (args: unknown[]) => args[0] as string;

/** Blob metadata over `pool` (migrations of db/pg/ applied). */
export function createPgBlobMeta(pool: pg.Pool): AsyncBlobMeta {
  return pgTransactional<Methods>(pool, pgBlobMethods, {
    accountOf: {
      get: first,
      insert: (args) => (args[0] as { user_id: string }).user_id,
      count: first,
      usedBytes: first,
      complete: first,
      markDeleting: first,
      markDeletingUnlessReferenced: first,
      remove: first,
      markReferenced: first,
      markReleased: first,
      releasedBytes: first,
      oldestReleased: first,
      isReferenced: first,
    },
    lockAccount: (client, userId) => advisoryAccountLock(client, 'blobs', userId),
  });
}
