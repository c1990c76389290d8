/**
 * Adding a file on this device (issue #17 "Files work offline first"): checked, hashed and stored
 * in IndexedDB at once, then queued for upload. The screen writes the returned FileRef into its
 * record through the one local write (rule 9); the bytes travel apart (web/files/queue.ts).
 */
import { FILE_CHUNK_BYTES, generateBlobId, generateFileKey } from '../../shared/files/crypto';
import { fileRefSchema, type FileRef } from '../../shared/files/ref';
import { detectFileType, SNIFF_BYTES } from '../../shared/files/types';
import type { UserDatabase } from '../db/user-database';
import { FileRefusedError } from './errors';
import { readSlice, sha256OfBlob } from './hash';
import type { FilesHttp } from './http';
import { checkSize, fetchFileLimits, pendingUploadBytes } from './limits';
import { storeAndQueue } from './store';

/** What addFile needs: the user's database and the way to the server (for the limits). */
export interface FilesDeps {
  db: UserDatabase;
  http: FilesHttp;
}

/** Options of addFile: the name the person knows the file by, and a recording's length (ms). */
export interface AddFileOptions {
  name: string;
  durationMs?: number;
}

/** Shown when the browser refuses to store more on this device. */
export const NO_ROOM_MESSAGE = 'This device has no room left to keep this file. Free some space on it and try again.';

/** True for the browser's "storage full" errors (DOMException or Dexie's wrapper of it). */
export function isQuotaError(err: unknown): boolean {
  const e = err as { name?: string; inner?: { name?: string } } | null;
  return e?.name === 'QuotaExceededError' || e?.inner?.name === 'QuotaExceededError';
}

/** A name fit for a FileRef: one line, no control characters, at most 255 characters. */
function cleanName(name: string): string {
  return name.replace(/[\u0000-\u001f\u007f\u2028\u2029]+/g, ' ').trim().slice(0, 255).trim() || 'Untitled file';
}

/**
 * Keeps `file` on this device and queues it for upload; returns the FileRef for the record.
 * Refuses BEFORE anything is stored or queued (FileRefusedError, message for the person) when it
 * is empty, larger than the server's maxFileBytes, more than the vault has left, or of a type
 * refused by content (shared/files/types.ts). The SHA-256 is computed piece by piece.
 */
export async function addFileTo(deps: FilesDeps, file: Blob, opts: AddFileOptions): Promise<FileRef> {
  const { db } = deps;
  const limits = await fetchFileLimits(db, deps.http);
  checkSize(file.size, FILE_CHUNK_BYTES, limits, await pendingUploadBytes(db));
  const verdict = await detectFileType(await readSlice(file, 0, SNIFF_BYTES));
  if (!verdict.ok) throw new FileRefusedError(verdict.reason);
  const sha256 = await sha256OfBlob(file);
  const parsed = fileRefSchema.safeParse({
    blobId: generateBlobId(),
    name: cleanName(opts.name),
    size: file.size,
    mimeType: verdict.mimeType,
    sha256,
    key: generateFileKey(),
    chunkSize: FILE_CHUNK_BYTES,
    ...(opts.durationMs === undefined ? {} : { durationMs: Math.round(opts.durationMs) }),
  });
  if (!parsed.success) throw new FileRefusedError('This file cannot be kept: its name or length is not valid.');
  const ref = parsed.data;
  const now = db.deviceNow();
  await storeAndQueue(
    db,
    { blobId: ref.blobId, blob: file, storedAt: now },
    { blobId: ref.blobId, ref, state: 'queued', progress: 0, attempts: 0, nextAttemptAt: 0, createdAt: now, referenced: false },
  ).catch((err: unknown) => {
    if (isQuotaError(err)) throw new FileRefusedError(NO_ROOM_MESSAGE);
    throw err;
  });
  return ref;
}
