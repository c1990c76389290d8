/**
 * Blob metadata behind one asynchronous shape for both engines (issue #19): SQLite's
 * synchronous BlobMeta (sqlite-blob-meta.ts) through `createSqliteAsyncBlobMeta`, PostgreSQL's in
 * pg-blob-meta.ts; both pass blob-meta.contract.ts. Same methods as BlobMeta, as Promises;
 * `transaction(fn)` hands `fn` a `tx` whose calls run in that one transaction (on SQLite without
 * holding it open across an await: db/sqlite-async.ts), and on PostgreSQL locks the account on
 * its first call, so two instances checking one account's quota run one after the other.
 */
import type { Db } from '../db/sqlite';
import { createSqliteAsync, type Asyncified } from '../db/sqlite-async';
import { createBlobMeta, type BlobMeta } from './sqlite-blob-meta';

/** The methods of BlobMeta that carry over one for one (as Promises). */
export type BlobMetaMethods = Omit<BlobMeta, 'transaction'>;

/** BlobMeta as Promises, with an asynchronous transaction. */
export type AsyncBlobMeta = Asyncified<BlobMetaMethods> & {
  /** Runs `fn` in one transaction: all its writes or none (see db/release-store.ts for the same contract). */
  transaction<T>(fn: (tx: AsyncBlobMeta) => Promise<T>): Promise<T>;
};

/** The methods of BlobMeta that write. */
export const BLOB_META_WRITES = ['insert', 'complete', 'markDeleting', 'markDeletingUnlessReferenced', 'remove', 'markReferenced', 'markReleased'] as const satisfies readonly (keyof BlobMetaMethods)[];

/** The blob metadata of SQLite file `db` (migrated) as an AsyncBlobMeta. */
export function createSqliteAsyncBlobMeta(db: Db): AsyncBlobMeta {
  const { transaction: _t, ...methods } = createBlobMeta(db);
  return createSqliteAsync(db, methods, BLOB_META_WRITES) as AsyncBlobMeta;
}
