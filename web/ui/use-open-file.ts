/**
 * Opening or downloading a vault file from its card (issue #17): decrypts it (downloading it
 * first, with progress, when it was added on another device; web/files openFile), then views it
 * in a new tab or saves it (use-file-opener.ts, the one mechanism the shared viewer's file card
 * uses too). A failure (offline and not on this device, a damaged download) becomes a destructive
 * toast with the reason.
 */
import type { FileRef } from '../../shared/files/ref';
import { openFile } from '../files';
import { toast } from './toast-store';
import { useFileOpener, type FileOpener } from './use-file-opener';

export type { FileOpener };

/** See the module comment. */
export function useOpenFile(file: FileRef): FileOpener {
  return useFileOpener(
    file,
    (onProgress) => openFile(file, onProgress),
    (err) =>
      toast({
        title: 'Could not open the file',
        description: err instanceof Error && err.message ? err.message : 'Please try again later.',
        variant: 'destructive',
      }),
  );
}
