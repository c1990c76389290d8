/**
 * The file service (issue #17; wire protocol in shared/files/README.md): starting an upload
 * (limits and quota reserved), storing chunks, status for resuming, completing (verify.ts), and
 * usage. Built once by `createServices` over the blob store (fs-blob-store.ts under
 * DATA_DIR/blobs) and the metadata (sqlite-blob-meta.ts). Every lookup is by (account, blob id): another
 * account's blob id is simply not found (404, never 403).
 */
import type { Readable } from 'node:stream';
import { CHUNK_OVERHEAD, chunkCount, encryptedSize, paddedFileSize, plainChunkBytes } from '../../shared/files/crypto';
import { formatBytes } from '../../shared/files/size';
import type { AppConfig } from '../app-env';
import { ApiHttpError } from '../http/errors';
import { ChunkMismatchError, type BlobStore } from './blob-store';
import type { BlobRow } from './model';
import type { AsyncBlobMeta } from './blob-meta-store';
import type { BlobLifetime } from './lifetime';
import { verifyUpload } from './verify';

/** What `POST /api/blobs` declares (validated by the route). */
export interface UploadDeclaration {
  blobId: string;
  size: number;
  chunkSize: number;
  chunkCount: number;
  encryptedSize: number;
}

/** `GET /api/blobs/:blobId`: what to resume from. */
export interface BlobStatus {
  blobId: string;
  size: number;
  chunkSize: number;
  chunkCount: number;
  received: number[];
  complete: boolean;
}

export interface BlobService {
  store: BlobStore;
  meta: AsyncBlobMeta;
  lifetime: BlobLifetime;
  /** Starts (or finds the same) upload; 201 when new. Throws 400/409/413 ApiHttpError. */
  start(userId: string, d: UploadDeclaration): Promise<{ created: boolean; status: BlobStatus }>;
  /** The upload's state; throws 404 when it is not this account's. */
  status(userId: string, blobId: string): Promise<BlobStatus>;
  /** Stores chunk `index` from `body` if its size and SHA-256 agree; throws 400/404/409/413. */
  putChunk(userId: string, blobId: string, index: number, body: Readable, sha256: string, contentLength?: number): Promise<void>;
  /** Completes the upload once every chunk is stored at its size (verify.ts); throws 400/404/409 ApiHttpError. */
  complete(userId: string, blobId: string): Promise<void>;
  /** `GET /api/files/usage`. */
  usage(userId: string): Promise<{ usedBytes: number; quotaBytes: number; maxFileBytes: number }>;
  /** A complete blob of the account; throws 404 (absent, another account's, deleting) or 409 (still uploading). */
  readable(userId: string, blobId: string): Promise<BlobRow>;
}

const notFound = () => new ApiHttpError(404, 'Not found');

/**
 * What a failed chunk write answers: the disk full → 507; another disk error → itself (a logged
 * 500); anything else is the request body failing (the client went away mid-chunk) → 400, not logged.
 */
function bodyFailure(err: unknown): Error {
  const code = (err as NodeJS.ErrnoException).code ?? '';
  if (code === 'ENOSPC' || code === 'EDQUOT') return new ApiHttpError(507, 'The server has no room for this file now. Please try again later.');
  if (/^E(IO|ACCES|PERM|ROFS|MFILE|NFILE|NOTDIR|ISDIR)$/.test(code)) return err as Error;
  return new ApiHttpError(400, 'The chunk did not arrive whole: send it again', [{ path: 'body', message: 'Interrupted' }]);
}
const field = (status: 400 | 409 | 413, path: string, message: string) => new ApiHttpError(status, message, [{ path, message }]);

/**
 * The service over `store` and `meta` with the file limits of `config.files`; `maxFiles` caps the
 * files and uploads of one account (services.ts: as many as its documents and messages can be);
 * `now` in ms.
 */
export function createBlobService(
  store: BlobStore,
  meta: AsyncBlobMeta,
  lifetime: BlobLifetime,
  opts: { files: AppConfig['files']; now: () => number; maxFiles: number },
): BlobService {
  const { userQuotaBytes, maxFileBytes } = opts.files;

  const statusOf = async (row: BlobRow): Promise<BlobStatus> => ({
    blobId: row.blob_id,
    size: row.size,
    chunkSize: row.chunk_size,
    chunkCount: row.chunk_count,
    received: row.state === 'complete' ? Array.from({ length: row.chunk_count }, (_, i) => i) : (await store.listChunks(row.user_id, row.blob_id)).map((c) => c.index).filter((i) => i < row.chunk_count),
    complete: row.state === 'complete',
  });
  // A chunk stored while `complete` verifies would land in a complete file unchecked: the two never
  // overlap for one blob (per this service; keys `user/blob`).
  const arriving = new Map<string, number>();
  const verifying = new Map<string, number>();
  const keyOf = (userId: string, blobId: string) => `${userId}/${blobId}`;
  const enter = (m: Map<string, number>, k: string) => m.set(k, (m.get(k) ?? 0) + 1);
  const leave = (m: Map<string, number>, k: string) => {
    const left = (m.get(k) ?? 1) - 1;
    if (left > 0) m.set(k, left);
    else m.delete(k);
  };
  const live = async (userId: string, blobId: string) => {
    const row = await meta.get(userId, blobId);
    if (!row || row.state === 'deleting') throw notFound();
    return row;
  };

  return {
    store,
    meta,
    lifetime,
    async start(userId, d) {
      if (d.chunkCount !== chunkCount(d.size, d.chunkSize)) throw field(400, 'chunkCount', `Invalid request: chunkCount: must be ${chunkCount(d.size, d.chunkSize)} for this size and chunkSize`);
      if (d.encryptedSize !== encryptedSize(d.size, d.chunkSize)) throw field(400, 'encryptedSize', `Invalid request: encryptedSize: must be ${encryptedSize(d.size, d.chunkSize)} for this size and chunkSize`);
      // `size` is the padded size (issue 39): a file of at most maxFileBytes is declared at most at its bucket.
      if (d.size > paddedFileSize(maxFileBytes)) throw field(413, 'size', `This file is larger than the ${formatBytes(maxFileBytes)} limit`);
      // Released files count until deleted (SECURITY.md "Limits"): at the cap, the oldest released make room first.
      if ((await meta.count(userId)) >= opts.maxFiles) await lifetime.makeRoom(userId, opts.now());
      // One transaction: two uploads of one account (on two instances, too) never both pass the quota.
      const created = await meta.transaction(async (tx) => {
        const existing = await tx.get(userId, d.blobId);
        if (existing) {
          if (existing.state === 'deleting') throw field(409, 'blobId', 'This file was deleted: upload it again with a new id');
          if (existing.size !== d.size || existing.chunk_size !== d.chunkSize) throw field(409, 'blobId', 'A file with this id exists with another size');
          return false;
        }
        // Many tiny uploads cost rows and directories, not bytes: as many files as records can refer to,
        // released ones included until they are deleted.
        if ((await tx.count(userId)) >= opts.maxFiles) throw field(413, 'blobId', `You have ${opts.maxFiles} files, the most one account can keep. Delete files you no longer need.`);
        const used = await tx.usedBytes(userId);
        if (used + d.encryptedSize > userQuotaBytes) {
          const free = Math.max(0, userQuotaBytes - used);
          throw field(413, 'size', `Your vault is full: this file needs ${formatBytes(d.encryptedSize)} and ${formatBytes(free)} of your ${formatBytes(userQuotaBytes)} are free. Delete files you no longer need to make room.`);
        }
        const at = opts.now();
        await tx.insert({
          user_id: userId,
          blob_id: d.blobId,
          size: d.size,
          chunk_size: d.chunkSize,
          chunk_count: d.chunkCount,
          encrypted_size: d.encryptedSize,
          created_at: at,
          referenced_at: (await tx.isReferenced(userId, d.blobId)) ? at : null, // the record often syncs before its bytes
        });
        return true;
      });
      return { created, status: await statusOf((await meta.get(userId, d.blobId))!) };
    },

    status: async (userId, blobId) => statusOf(await live(userId, blobId)),

    async putChunk(userId, blobId, index, body, sha256, contentLength) {
      const row = await live(userId, blobId);
      if (row.state === 'complete') throw field(409, 'blobId', 'This file is already complete');
      if (index >= row.chunk_count) throw field(400, 'index', `Invalid request: index: this file has ${row.chunk_count} chunk(s)`);
      const size = plainChunkBytes(row.size, row.chunk_size, index) + CHUNK_OVERHEAD;
      if (contentLength !== undefined && contentLength > size) throw field(413, 'body', `This chunk is larger than the ${size} bytes chunk ${index} must have`);
      if (contentLength !== undefined && contentLength < size) throw field(400, 'body', `Invalid request: body: chunk ${index} must have ${size} bytes`);
      const k = keyOf(userId, blobId);
      if (verifying.has(k)) throw field(409, 'blobId', 'This file is being completed');
      enter(arriving, k);
      try {
        await store.putChunk(userId, blobId, index, body, { size, sha256 });
      } catch (err) {
        if (!(err instanceof ChunkMismatchError)) throw bodyFailure(err);
        throw err.reason === 'sha256' ? field(400, 'x-chunk-sha256', `Invalid request: x-chunk-sha256: ${err.message}`) : field(err.tooLarge ? 413 : 400, 'body', err.message);
      } finally {
        leave(arriving, k);
      }
      // Deleted (or its account) while the chunk streamed in: keep nothing.
      const after = await meta.get(userId, blobId);
      if (!after || after.state === 'deleting') {
        await store.deleteBlob(userId, blobId);
        throw notFound();
      }
    },

    async complete(userId, blobId) {
      const row = await live(userId, blobId);
      if (row.state === 'complete') return; // a retry after a lost answer
      const k = keyOf(userId, blobId);
      if (arriving.has(k)) throw field(409, 'chunks', 'Chunks of this file are still arriving: complete it once they are stored');
      enter(verifying, k);
      try {
        await completeVerified(userId, blobId, row);
      } finally {
        leave(verifying, k);
      }
    },

    usage: async (userId) => ({ usedBytes: await meta.usedBytes(userId), quotaBytes: userQuotaBytes, maxFileBytes }),

    async readable(userId, blobId) {
      const row = await live(userId, blobId);
      if (row.state !== 'complete') throw field(409, 'blobId', 'This file is still being uploaded');
      return row;
    },
  };

  /** Checks `row` (verify.ts) and marks it complete; chunks of the wrong size go (sent again). */
  async function completeVerified(userId: string, blobId: string, row: BlobRow) {
    const verdict = await verifyUpload(store, row);
    if (!verdict.ok) {
      for (const i of verdict.badChunks ?? []) await store.deleteChunk(userId, blobId, i); // sent again from GET status
      throw new ApiHttpError(verdict.status, verdict.error, verdict.issues);
    }
    if (!(await meta.complete(userId, blobId, opts.now())) && (await meta.get(userId, blobId))?.state !== 'complete') throw notFound();
  }
}
