/**
 * How long a file lives (issue #17 "Release and deletion", shared/files/README.md "Lifetime"):
 * - a blob no live record refers to any more (its document or message deleted, or its `file`
 *   replaced, by sync or REST) is RELEASED: its quota is freed at once, and it is kept
 *   RELEASED_KEPT_MS so that a record restored on another device (sync rule 22) comes back with
 *   its file (every word kept); a record that refers to it again makes it count again. An
 *   account's released bytes are bounded by its quota (oldest deleted first), so deleting and
 *   re-uploading never stores more than twice the quota. Released files also count against the
 *   account's file count until they are deleted (SECURITY.md "Limits"): past it the oldest released
 *   go first, and an upload at the cap makes room the same way (`makeRoom`), so tiny files deleted
 *   and uploaded again never pile up on disk. The record service tells us after each commit
 *   (records/file-refs.ts);
 * - an upload no record ever referred to is deleted after ABANDONED_AFTER_MS (the release
 *   scheduler's pass calls `sweep`);
 * - deleting the account deletes every blob.
 * A deletion first marks the row 'deleting' (quota freed in the same statement), then removes
 * the chunks, then the row: a crash between leaves a 'deleting' row that the sweep finishes.
 */
import { isDatabaseBusy } from '../db/tx-errors';
import type { FileRefChanges } from '../records/index';
import type { BlobStore } from './blob-store';
import type { AsyncBlobMeta } from './blob-meta-store';

/** An upload never referred to by a record is deleted this long after it started (ms): 7 days. */
export const ABANDONED_AFTER_MS = 7 * 24 * 3600_000;
/** A released blob (no live record refers to it) is kept this long (ms): 30 days. */
export const RELEASED_KEPT_MS = 30 * 24 * 3600_000;
/** The sweep runs at most this often (ms), however often the scheduler passes. */
const SWEEP_EVERY_MS = 10 * 60_000;
/** A temporary chunk file older than this (ms, wall clock) was left by a crash. */
const TEMPORARY_MAX_AGE_MS = 3600_000;


export interface BlobLifetime {
  /** After a commit of `userId`'s records: marks referenced blobs, deletes released ones no live record refers to. */
  recordsChanged(userId: string, refs: FileRefChanges): void;
  /**
   * Deletes the account's oldest released blobs (unless a record refers to them again) until it
   * holds fewer than `keptFiles` files, so an upload at the file count has room; nothing when no
   * released blob is left (the upload is then refused).
   */
  makeRoom(userId: string, at: number): Promise<void>;
  /** Deletes one blob now (quota freed at once; chunks removed in the background, see `idle`). */
  remove(userId: string, blobId: string): Promise<void>;
  /** Deletes every blob of an account (before and after its rows go). */
  deleteAccount(userId: string): Promise<void>;
  /** Finishes interrupted deletions and deletes abandoned uploads; at most once per 10 minutes unless `force`. Returns how many blobs went. */
  sweep(opts?: { force?: boolean }): Promise<number>;
  /** Resolves when background deletions have finished (tests, shutdown). */
  idle(): Promise<void>;
}

/**
 * The lifetime rules over `meta` and `store`; `now` is the wall clock (ms) of AppDeps;
 * `keptBytes` bounds each account's released bytes (its USER_QUOTA_BYTES), `keptFiles` its files,
 * released ones included (the file count, services.ts).
 */
export function createBlobLifetime(meta: AsyncBlobMeta, store: BlobStore, now: () => number, opts: { keptBytes: number; keptFiles: number }): BlobLifetime {
  const pending = new Set<Promise<void>>();
  let lastSweep = -Infinity;

  const removeChunks = async (userId: string, blobId: string) => {
    await store.deleteBlob(userId, blobId);
    await meta.remove(userId, blobId);
  };
  /** Runs `work` in the background: `idle` waits for it; a failure is logged (the sweep retries). */
  const track = (work: () => Promise<void>, failure: string): Promise<void> => {
    const p = work()
      .catch((err) => console.error(failure, err))
      .finally(() => pending.delete(p));
    pending.add(p);
    return p;
  };

  /** Removes the chunks of a blob already marked 'deleting', in the background (`idle` waits for it). */
  const removeMarked = (userId: string, blobId: string) => track(() => removeChunks(userId, blobId), 'Deleting a file failed (the sweep retries):');
  const remove = async (userId: string, blobId: string): Promise<void> => {
    await meta.markDeleting(userId, blobId);
    return removeMarked(userId, blobId);
  };
  /**
   * Deletes a released or abandoned blob unless a live record names it (then it counts again, at
   * `at`): check and mark in one transaction of the store, so a record written meanwhile (on any
   * instance) keeps its file. True when the blob is being deleted; false too when the account is
   * busy writing (left for the next sweep).
   */
  const removeUnlessReferenced = async (userId: string, blobId: string, at: number): Promise<boolean> => {
    let marked: boolean;
    try {
      marked = await meta.transaction((tx) => tx.markDeletingUnlessReferenced(userId, blobId));
    } catch (err) {
      if (isDatabaseBusy(err)) return false; // the account is writing now: the next sweep decides
      throw err;
    }
    if (!marked) {
      await meta.markReferenced(userId, blobId, at);
      return false;
    }
    await removeMarked(userId, blobId);
    return true;
  };
  /** Releases `released` blobs no live record refers to, then trims the account's released bytes to `keptBytes`. */
  const release = async (userId: string, released: readonly string[], at: number) => {
    for (const blobId of released) {
      // One transaction: on SQLite its commit re-checks that no record refers to the blob (db/sqlite-async.ts).
      await meta.transaction(async (tx) => {
        const row = await tx.get(userId, blobId);
        if (row && row.state !== 'deleting' && !(await tx.isReferenced(userId, blobId))) await tx.markReleased(userId, blobId, at);
      });
    }
    // Kept files never grow past the quota nor past the file count: the oldest released go first.
    for (const row of await meta.oldestReleased(userId, 100)) {
      if ((await meta.releasedBytes(userId)) <= opts.keptBytes && (await meta.count(userId)) <= opts.keptFiles) break;
      // A record written on another instance meanwhile may refer to it again: then it counts, and stays.
      await removeUnlessReferenced(userId, row.blob_id, at);
    }
  };
  const makeRoom = async (userId: string, at: number) => {
    for (const row of await meta.oldestReleased(userId, 100)) {
      if ((await meta.count(userId)) < opts.keptFiles) break;
      await removeUnlessReferenced(userId, row.blob_id, at);
    }
  };

  return {
    recordsChanged(userId, refs) {
      const at = now();
      // On SQLite these run at once, in the write's group commit (db/sqlite-async.ts calls outside a transaction are synchronous).
      const marked = refs.referenced.map((blobId) => meta.markReferenced(userId, blobId, at));
      void track(async () => {
        await Promise.all(marked);
        if (refs.released.length === 0) return;
        // Decided once the write's transaction has ended, never inside it: a group commit
        // (db/group-commit.ts) may still roll the write back, and then the record keeps its file.
        await new Promise<void>((resolve) => queueMicrotask(resolve));
        await release(userId, refs.released, at);
      }, 'Following released files failed (the sweep retries):');
    },
    makeRoom,
    remove,
    async deleteAccount(userId) {
      await store.deleteUser(userId);
    },
    async sweep(opts = {}) {
      const t = now();
      if (!opts.force && t - lastSweep < SWEEP_EVERY_MS) return 0;
      lastSweep = t;
      let n = 0;
      for (const row of await meta.deleting(100)) {
        await removeChunks(row.user_id, row.blob_id);
        n += 1;
      }
      // Released long enough, or never referenced: deleted, unless a live record refers to it after all.
      const due = new Map([...(await meta.released(t - RELEASED_KEPT_MS, 100)), ...(await meta.abandoned(t - ABANDONED_AFTER_MS, 100))].map((r) => [`${r.user_id}/${r.blob_id}`, r]));
      for (const row of due.values()) if (await removeUnlessReferenced(row.user_id, row.blob_id, t)) n += 1;
      await store.sweepTemporary(TEMPORARY_MAX_AGE_MS);
      return n;
    },
    async idle() {
      while (pending.size > 0) await Promise.all([...pending]);
    },
  };
}
