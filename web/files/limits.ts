/**
 * The file limits the server enforces (`GET /api/files/usage`, shared/files/README.md), so the
 * device refuses a file before storing or queueing it (issue #17: "clear 413 errors that the UI
 * shows before uploading"). The last answer is kept in `meta` for offline use.
 */
import { encryptedSize, paddedFileSize } from '../../shared/files/crypto';
import { formatBytes } from '../../shared/files/size';
import type { MetaValues } from '../db/schema';
import type { UserDatabase } from '../db/user-database';
import { FileRefusedError } from './errors';
import { jsonRequest, type FilesHttp } from './http';

/** Bytes per MiB. */
const MIB = 1024 * 1024;

/** What the server allows, in bytes: one file at most, the whole vault, and what is used. */
export type FileLimits = MetaValues['fileLimits'];

/** Used until the server has answered once: the server's defaults (MAX_FILE_BYTES 500 MiB, USER_QUOTA_BYTES 2 GiB). */
export const DEFAULT_FILE_LIMITS: FileLimits = { maxFileBytes: 500 * MIB, quotaBytes: 2048 * MIB, usedBytes: 0 };

/** How long to wait for the server before using the kept limits (ms). */
const LIMITS_TIMEOUT_MS = 5_000;

const isByteCount = (v: unknown): v is number => typeof v === 'number' && Number.isSafeInteger(v) && v >= 0;

/**
 * The server's limits (and keeps them in meta); offline or on any failure, the last kept ones,
 * else DEFAULT_FILE_LIMITS. Never throws.
 */
export async function fetchFileLimits(db: UserDatabase, http: FilesHttp): Promise<FileLimits> {
  try {
    const body = await jsonRequest<Partial<FileLimits>>(http, '/api/files/usage', undefined, AbortSignal.timeout(LIMITS_TIMEOUT_MS));
    if (isByteCount(body?.maxFileBytes) && isByteCount(body.quotaBytes) && isByteCount(body.usedBytes)) {
      const limits = { maxFileBytes: body.maxFileBytes, quotaBytes: body.quotaBytes, usedBytes: body.usedBytes };
      await db.setMeta('fileLimits', limits);
      return limits;
    }
  } catch {
    /* offline or refused: the kept limits below */
  }
  return (await db.getMeta('fileLimits')) ?? DEFAULT_FILE_LIMITS;
}

/** Bytes the server stores and counts for a file of `size` plaintext bytes: padded to its bucket, then encrypted (upload.ts). */
export const storedBytes = (size: number, chunkSize: number) => encryptedSize(paddedFileSize(size), chunkSize);

/**
 * Bytes the server's usedBytes does not count yet: files waiting in this device's queue whose
 * upload the server has not accepted (encrypted size, as the quota counts, shared/files/README.md).
 */
export async function pendingUploadBytes(db: UserDatabase): Promise<number> {
  const rows = (await db.dexie.attachments.where('state').anyOf('queued', 'uploading').toArray()).filter((r) => !r.reserved);
  return rows.reduce((sum, r) => sum + storedBytes(r.ref.size, r.ref.chunkSize), 0);
}

/**
 * Throws FileRefusedError when a file of `size` plaintext bytes (chunks of `chunkSize`) may not be
 * added: empty, over `maxFileBytes`, or more than the vault has left after what is still queued.
 */
export function checkSize(size: number, chunkSize: number, limits: FileLimits, pendingBytes: number): void {
  if (size === 0) throw new FileRefusedError('This file is empty.');
  if (size > limits.maxFileBytes) {
    throw new FileRefusedError(`This file is too large (${formatBytes(size)}). Files can be up to ${formatBytes(limits.maxFileBytes)}.`);
  }
  const free = Math.max(0, limits.quotaBytes - limits.usedBytes - pendingBytes);
  if (storedBytes(size, chunkSize) > free) {
    throw new FileRefusedError(
      `Your vault is full: this file needs ${formatBytes(size)} and ${formatBytes(free)} of ${formatBytes(limits.quotaBytes)} is left. Delete files you no longer need to make room.`,
    );
  }
}
