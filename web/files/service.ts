/**
 * The files service of one open user database (issue #17): adding, opening and retrying files,
 * the limits, and the attachment queue runner, built from explicit parts so tests can run two
 * devices against the real server in one process. web/files/index.ts binds one to the current
 * user's database for the screens. Adding (add.ts: type sniffing, hashing) and downloading
 * (download.ts: decryption, SHA-256) are loaded on first use (issue #20; precached for offline).
 */
import type { FileRef } from '../../shared/files/ref';
import type { SyncEnvironment } from '../sync/environment';
import type { AddFileOptions, FilesDeps } from './add';
import { fetchFileLimits, type FileLimits } from './limits';
import { createAttachmentQueue, retryAttachment, type AttachmentQueue } from './queue';

/** The parts of a files service: database, server access, and the runner's browser hooks and backoff. */
export interface FilesServiceOptions extends FilesDeps {
  env?: SyncEnvironment;
  random?: () => number;
  maxBackoffMs?: number;
}

/** What the screens call (through web/files/index.ts), for one database. */
export interface FilesService extends FilesDeps {
  /** See addFileTo (add.ts): stores, queues and kicks the runner. Throws FileRefusedError. */
  addFile(file: Blob, opts: AddFileOptions): Promise<FileRef>;
  /** See downloadFile (download.ts); concurrent calls for one file share one download. */
  openFile(ref: FileRef, onProgress?: (fraction: number) => void): Promise<Blob>;
  /** Puts a failed upload back in the queue and runs it now. */
  retryUpload(blobId: string): Promise<void>;
  /** The server's limits (kept for offline use). */
  fileLimits(): Promise<FileLimits>;
  /** The upload runner (start it once per signed-in session). */
  queue: AttachmentQueue;
}

/** Builds the files service of `opts.db` (its queue not started). */
export function createFilesService(opts: FilesServiceOptions): FilesService {
  const deps: FilesDeps = { db: opts.db, http: opts.http };
  const queue = createAttachmentQueue({ ...deps, env: opts.env, random: opts.random, maxBackoffMs: opts.maxBackoffMs });
  const downloads = new Map<string, { promise: Promise<Blob>; listeners: Set<(fraction: number) => void> }>();

  return {
    ...deps,
    queue,
    async addFile(file, options) {
      const { addFileTo } = await import('./add');
      const ref = await addFileTo(deps, file, options);
      queue.kick(0);
      return ref;
    },
    openFile(ref, onProgress) {
      let entry = downloads.get(ref.blobId);
      if (!entry) {
        const listeners = new Set<(fraction: number) => void>();
        const promise = import('./download')
          .then(({ downloadFile }) => downloadFile(deps, ref, (f) => listeners.forEach((l) => l(f))))
          .finally(() => downloads.delete(ref.blobId));
        entry = { promise, listeners };
        downloads.set(ref.blobId, entry);
      }
      if (onProgress) entry.listeners.add(onProgress);
      return entry.promise.then((blob) => (blob.type === ref.mimeType ? blob : new Blob([blob], { type: ref.mimeType })));
    },
    async retryUpload(blobId) {
      await retryAttachment(opts.db, blobId);
      queue.kick(0);
    },
    fileLimits: () => fetchFileLimits(opts.db, opts.http),
  };
}
