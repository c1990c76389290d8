/**
 * Keeping a chosen or recorded file before its record is written (issue #17): stores it on the
 * device and queues its upload (web/files addFile). A file the vault refuses (too large for the
 * per-file limit, past the quota, or a type it does not keep) is refused before anything is
 * queued (and, when picked, said at once by useFileCheck), with the destructive toast of the
 * screen's failure (SPEC.md §8 style: `failure` as the title, the reason as the description).
 */
import { useCallback, useEffect, useMemo, useRef } from 'react';
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
 * Why the vault would refuse `file` (too large for the per-file limit, past what the vault has
 * left, or a type it does not keep, by its content: shared/files/types.ts, an HTML page renamed
 * .pdf is refused), or null when it fits. The limits are the server's (offline, the last known:
 * web/files/limits.ts, which waits up to 5 s for an answer). addFile checks both again on save.
 */
async function refusalOf(file: Blob): Promise<string | null> {
  try {
    checkSize(file.size, FILE_CHUNK_BYTES, await fileLimits(), 0);
    const verdict = await detectFileType(await readSlice(file, 0, SNIFF_BYTES));
    if (!verdict.ok) throw new FileRefusedError(verdict.reason);
    return null;
  } catch (err) {
    if (err instanceof FileRefusedError) return err.message;
    throw err;
  }
}

/**
 * The early check of a picked file, which never holds the pick back (issue #17: "clear errors the
 * UI shows before uploading"). The caller takes and shows the picked file at once; `check(file,
 * onRefused)` then asks refusalOf and, when the file does not fit, shows the destructive toast
 * titled `failure` and calls `onRefused(reason)`, but only while that file is still the latest
 * pick: a newer pick, `forget()` (the form saved it, closed, or took a link instead) or the form
 * unmounting makes an older answer moot.
 * A Save pressed before the server's limits answer (up to 5 s on a slow network) so keeps the
 * file the person picked, and addFile (keepFile) decides on save; before, the pick was taken
 * only after the answer, and such a Save said the file was missing (the canary scan lost a
 * document so on a loaded CI machine).
 */
export function useFileCheck(failure: string): {
  check: (file: Blob | null, onRefused: (reason: string) => void) => Promise<void>;
  forget: () => void;
} {
  const latest = useRef(0);
  const check = useCallback(
    async (file: Blob | null, onRefused: (reason: string) => void) => {
      const pick = ++latest.current;
      // A check that could not run (the device's store failing) decides nothing: addFile says why on save.
      const reason = file && (await refusalOf(file).catch(() => null));
      if (!reason || pick !== latest.current) return;
      refuse(failure, reason);
      onRefused(reason);
    },
    [failure],
  );
  const forget = useCallback(() => {
    latest.current++;
  }, []);
  // A form gone (its dialog closed after a save) hears no answer: addFile decided when it saved.
  useEffect(() => forget, [forget]);
  return useMemo(() => ({ check, forget }), [check, forget]);
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
