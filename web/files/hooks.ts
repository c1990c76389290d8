/**
 * React hooks over the files of the current user's database (issue #17): the upload state of a
 * file (live from the `attachments` and `files` tables, so every tab sees progress) and an object
 * URL of a file's bytes for previews and players (downloaded on first use, revoked on unmount).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { useEffect, useRef, useState, useSyncExternalStore } from 'react';
import type { FileRef } from '../../shared/files/ref';
import { useCurrentDb } from '../db/current';
import { useSyncStore } from '../sync/sync-store';
import type { AttachmentState } from '../db/schema';
import { FileDamagedError, FileUnavailableError } from './errors';
import { readAttachmentState } from './store';

/** Where a file is: in this device's upload queue, uploaded, failed, or `remote` (not on this device yet). */
export type AttachmentStatus = {
  state: AttachmentState | 'remote';
  /** Upload progress 0..1 (chunks the server has); 1 once uploaded. */
  progress: number;
  /** Why it failed (the server's message) or why it waits; for the person. */
  reason?: string;
  /** True when this device is offline (e.g. "Waiting to upload — offline"). */
  offline: boolean;
  /** True while the state is still being read (state is then 'remote'). */
  loading?: boolean;
};

function subscribeOnline(fn: () => void): () => void {
  if (typeof window === 'undefined') return () => {};
  window.addEventListener('online', fn);
  window.addEventListener('offline', fn);
  return () => {
    window.removeEventListener('online', fn);
    window.removeEventListener('offline', fn);
  };
}
const browserOnline = () => typeof navigator === 'undefined' || navigator.onLine !== false;

/** True when the browser says it is offline or the sync engine cannot reach the server for that reason. */
export function useOffline(): boolean {
  const online = useSyncExternalStore(subscribeOnline, browserOnline, () => true);
  const syncOffline = useSyncStore((s) => s.status === 'offline');
  return !online || syncOffline;
}

/**
 * The upload state of a file (by its FileRef or blob id), live. A file added on this device has a
 * queue row; one only kept here (downloaded) counts as `uploaded`; neither means `remote`.
 */
export function useAttachment(refOrBlobId: FileRef | string | null | undefined): AttachmentStatus {
  const db = useCurrentDb((s) => s.db);
  const blobId = typeof refOrBlobId === 'string' ? refOrBlobId : refOrBlobId?.blobId;
  const offline = useOffline();
  const found = useLiveQuery(async () => (db && blobId ? readAttachmentState(db, blobId) : null), [db, blobId]);
  if (found === undefined) return { state: 'remote', progress: 0, offline, loading: true };
  return { ...(found ?? { state: 'remote', progress: 0 }), offline };
}

/** What useFileUrl gives: the object URL once the bytes are here, download progress 0..1, or an error message for the person. */
export interface FileUrlState {
  url?: string;
  progress: number;
  error?: string;
  /** Tries again after an error (e.g. a "Try again" button once back online). */
  retry: () => void;
}

/**
 * An object URL of `ref`'s bytes (typed `ref.mimeType`), opening it through `open` (the files
 * service's openFile: local, else downloaded with progress). Pass null to load nothing. The URL
 * is revoked on unmount or when `ref` changes.
 */
export function useFileUrlWith(
  open: ((ref: FileRef, onProgress: (f: number) => void) => Promise<Blob>) | null,
  ref: FileRef | null | undefined,
): FileUrlState {
  const [state, setState] = useState<Omit<FileUrlState, 'retry'>>({ progress: 0 });
  const [attempt, setAttempt] = useState(0);
  const blobId = ref?.blobId;
  const offline = useOffline();
  // Back online after a failure (e.g. "not on this device yet"): try again by itself.
  const wasOffline = useRef(offline);
  const failed = state.error !== undefined;
  useEffect(() => {
    if (wasOffline.current && !offline && failed) setAttempt((n) => n + 1);
    wasOffline.current = offline;
  }, [offline, failed]);
  useEffect(() => {
    if (!open || !ref) {
      setState({ progress: 0 });
      return;
    }
    let cancelled = false;
    let url: string | undefined;
    setState({ progress: 0 });
    open(ref, (progress) => !cancelled && setState((s) => ({ ...s, progress })))
      .then((blob) => {
        if (cancelled) return;
        url = URL.createObjectURL(blob);
        setState({ url, progress: 1 });
      })
      .catch((err: unknown) => {
        if (cancelled) return;
        const known = err instanceof FileUnavailableError || err instanceof FileDamagedError;
        if (!known) console.error('Could not open a file', err);
        setState({ progress: 0, error: known ? err.message : 'This file could not be opened. Please try again.' });
      });
    return () => {
      cancelled = true;
      if (url) URL.revokeObjectURL(url);
    };
    // The ref is identified by its blob id (records re-render with equal, new objects).
  }, [open, blobId, attempt]);
  return { ...state, retry: () => setAttempt((n) => n + 1) };
}
