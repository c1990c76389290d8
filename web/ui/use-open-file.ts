/**
 * Opening or downloading a vault file from its card (issue #17): decrypts it (downloading it
 * first, with progress, when it was added on another device; web/files openFile), then views it
 * in a new tab or saves it (file-actions.ts). A failure (offline and not on this device, a
 * damaged download) becomes a destructive toast with the reason.
 */
import { useState } from 'react';
import type { FileRef } from '../../shared/files/ref';
import { openFile } from '../files';
import { downloadBlob, viewBlob } from './file-actions';
import { toast } from './toast-store';

export interface FileOpener {
  /** Download progress 0..1 while the file is being fetched and decrypted, else null. */
  progress: number | null;
  /** Opens the file (PDF and images in a new tab, the rest downloaded). */
  view: () => Promise<void>;
  /** Saves the file under its name. */
  download: () => Promise<void>;
}

/** See the module comment. */
export function useOpenFile(file: FileRef): FileOpener {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (deliver: (blob: Blob) => void) => {
    setProgress(0);
    try {
      deliver(await openFile(file, (p) => setProgress(p)));
    } catch (err) {
      toast({
        title: 'Could not open the file',
        description: err instanceof Error && err.message ? err.message : 'Please try again later.',
        variant: 'destructive',
      });
    } finally {
      setProgress(null);
    }
  };
  return {
    progress,
    view: () => run((blob) => viewBlob(blob, file)),
    download: () => run((blob) => downloadBlob(blob, file.name)),
  };
}
