/**
 * Keeping a chosen or recorded file before its record is written (issue #17): stores it on the
 * device and queues its upload (web/files addFile). A file the vault refuses (too large for the
 * per-file limit, past the quota, or a type it does not keep) is refused before anything is
 * queued, with the destructive toast of the screen's failure (SPEC.md §8 style: `failure` as the
 * title, the reason as the description).
 */
import { FILE_CHUNK_BYTES } from '../../shared/files/crypto';
import type { FileRef } from '../../shared/files/ref';
import { detectFileType, SNIFF_BYTES } from '../../shared/files/types';
import { addFile, checkSize, fileLimits, FileRefusedError } from '../files';
import { readSlice } from '../files/hash';
import { toast } from './toast-store';

function refuse(failure: string, reason: string): { ok: false; reason: string } {
  toast({ title: failure, description: reason, variant: 'destructive' });
  return { ok: false, reason };
}

/**
 * Checks, as soon as a file is picked, that it fits the server's limits (per-file size and what
 * the vault has left; offline, the last known limits) and is of a type the vault keeps, by its
 * content (shared/files/types.ts: an HTML page renamed .pdf is refused), so the person learns it
 * at once, not after naming it. Resolves null when it fits, else the reason after showing the
 * toast titled `failure`. addFile checks both again on save.
 */
export async function checkFileFits(file: Blob, failure: string): Promise<string | null> {
  try {
    checkSize(file.size, FILE_CHUNK_BYTES, await fileLimits(), 0);
    const verdict = await detectFileType(await readSlice(file, 0, SNIFF_BYTES));
    if (!verdict.ok) throw new FileRefusedError(verdict.reason);
    return null;
  } catch (err) {
    if (err instanceof FileRefusedError) return refuse(failure, err.message).reason;
    throw err;
  }
}

export type KeepFileResult = { ok: true; ref: FileRef } | { ok: false; reason: string };

/**
 * Adds `file` under `name` (and `durationMs` for a recording). Resolves the FileRef, or the
 * reason it was refused after showing the toast titled `failure` (e.g. 'Failed to upload document').
 */
export async function keepFile(file: Blob, opts: { name: string; durationMs?: number }, failure: string): Promise<KeepFileResult> {
  try {
    return { ok: true, ref: await addFile(file, opts) };
  } catch (err) {
    const reason = err instanceof FileRefusedError ? err.message : 'The file could not be kept on this device. Please try again later.';
    if (!(err instanceof FileRefusedError)) console.error(failure, err);
    return refuse(failure, reason);
  }
}
