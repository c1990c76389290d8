/**
 * The one way a file card opens a file (the vault's cards: use-open-file.ts; a shared document's
 * file on the viewer's page: web/features/sharing/SharedFileCard.tsx): `open` fetches and decrypts
 * it, telling its progress, then it is viewed in a new tab or saved (file-actions.ts). Imports
 * nothing of the vault, so the viewer's page (no account) does not load it.
 */
import { useState } from 'react';
import { downloadBlob, viewBlob } from './file-actions';

export interface FileOpener {
  /** Progress 0..1 while the file is being fetched and decrypted, else null. */
  progress: number | null;
  /** Opens the file (PDF and images in a new tab, the rest downloaded). */
  view: () => Promise<void>;
  /** Saves the file under its name. */
  download: () => Promise<void>;
}

/**
 * An opener of `file` (its name and type): `open(onProgress)` resolves its plaintext (onProgress
 * 0..1 as it goes) or throws; a throw goes to `onFailure` (the caller's words: a toast, a line on the
 * page) and nothing is handed on. The caller's functions may change at each render.
 */
export function useFileOpener(
  file: { name: string; mimeType: string },
  open: (onProgress: (progress: number) => void) => Promise<Blob>,
  onFailure: (err: unknown) => void,
): FileOpener {
  const [progress, setProgress] = useState<number | null>(null);
  const run = async (deliver: (blob: Blob) => void) => {
    setProgress(0);
    try {
      deliver(await open(setProgress));
    } catch (err) {
      onFailure(err);
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
