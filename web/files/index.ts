/**
 * Files in the vault (issue #17, DESIGN.md §9, protocol in shared/files/README.md): what the
 * screens use. Every function works on the signed-in user's database (web/db/current.ts) and
 * throws when none is open. A file is kept on this device at once and its record holds only a
 * FileRef (written by the screen through the one local write); the bytes are encrypted in 4 MiB
 * chunks and uploaded by the attachment queue, which <FilesLifecycle/> runs while signed in.
 */
import { useEffect } from 'react';
import type { FileRef } from '../../shared/files/ref';
import { requireDb, useCurrentDb } from '../db/current';
import type { UserDatabase } from '../db/user-database';
import { useSyncStore } from '../sync/sync-store';
import type { AddFileOptions } from './add';
import { useFileUrlWith, type FileUrlState } from './hooks';
import { fetchFilesHttp } from './http';
import type { FileLimits } from './limits';
import { createFilesService, type FilesService } from './service';

// Re-exported for the screens (each documented where it is defined).
export { FileRefusedError, FileUnavailableError, FileDamagedError } from './errors';
export { useAttachment, useOffline, type AttachmentStatus, type FileUrlState } from './hooks';
export { checkSize, DEFAULT_FILE_LIMITS, type FileLimits } from './limits';
export { formatBytes } from '../../shared/files/size';
export type { AddFileOptions } from './add';
export type { FileRef } from '../../shared/files/ref';

let current: FilesService | null = null;

/** The files service of `db` (made on first use; the queue runs only once FilesLifecycle starts it). */
function serviceFor(db: UserDatabase): FilesService {
  if (current?.db !== db) current = createFilesService({ db, http: fetchFilesHttp });
  return current;
}

/**
 * Keeps `file` on this device and queues its upload; returns the FileRef to write into the record.
 * Refuses before anything is stored or queued with FileRefusedError (its message is for the
 * person): empty, larger than the limit, the vault full, or a type refused by content.
 */
export function addFile(file: Blob, opts: AddFileOptions): Promise<FileRef> {
  return serviceFor(requireDb()).addFile(file, opts);
}

/** Puts a failed upload back in the queue and tries it now. */
export function retryUpload(blobId: string): Promise<void> {
  return serviceFor(requireDb()).retryUpload(blobId);
}

/**
 * The file's bytes as a Blob typed `ref.mimeType`: the copy on this device, else downloaded chunk
 * by chunk (with `onProgress` 0..1), decrypted, checked (size, SHA-256) and kept for offline use.
 * Throws FileUnavailableError (offline, not uploaded yet) or FileDamagedError.
 */
export function openFile(ref: FileRef, onProgress?: (fraction: number) => void): Promise<Blob> {
  return serviceFor(requireDb()).openFile(ref, onProgress);
}

/** The server's file limits in bytes `{ maxFileBytes, quotaBytes, usedBytes }`; offline the last known, else 500 MiB / 2 GiB. */
export function fileLimits(): Promise<FileLimits> {
  return serviceFor(requireDb()).fileLimits();
}

/**
 * An object URL of the file for previews and players: `{ url?, progress, error? }`. Downloads on
 * first use when the file is not on this device; the URL is revoked on unmount. Pass null to load nothing.
 */
export function useFileUrl(ref: FileRef | null | undefined): FileUrlState {
  const db = useCurrentDb((s) => s.db);
  return useFileUrlWith(db ? serviceFor(db).openFile : null, ref);
}

/**
 * Runs the attachment queue of the open database while signed in (mounted once by
 * SignedInServices): starts it when the database opens, wakes it whenever the sync engine reaches
 * the server again, stops it when the database closes. Renders nothing.
 */
export function FilesLifecycle(): null {
  const db = useCurrentDb((s) => s.db);
  useEffect(() => {
    if (!db) return;
    const service = serviceFor(db);
    service.queue.start();
    const unsubscribe = useSyncStore.subscribe((s, prev) => {
      if (s.status !== 'synced' || prev.status === 'synced') return;
      // The server is reachable again (after offline, an error, or signing in again): try waiting
      // files now. After any sync: records deleted on another device may have freed files here.
      if (['offline', 'error', 'needs-sign-in'].includes(prev.status)) service.queue.wake();
      else service.queue.kick(0);
    });
    return () => {
      unsubscribe();
      void service.queue.stop();
      if (current === service) current = null;
    };
  }, [db]);
  return null;
}
