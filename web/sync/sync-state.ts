/**
 * What the header shows of sync (issue #20: apart from the engine, so the signed-in frame paints
 * without the sync engine, its transport and the zod protocol schemas; web/sync/index.ts re-exports it).
 */
import { useShallow } from 'zustand/react/shallow';
import { usePendingCount } from '../db/hooks';
import type { SyncStatus } from './engine';
import { useSyncStore } from './sync-store';

/** A device clock off by more than this is named in the sync status (rule 17). */
export const CLOCK_OFF_WARN_MS = 2 * 60 * 1000;

export interface SyncState {
  status: SyncStatus;
  /** Changes waiting in the outbox. */
  pending: number;
  lastError?: string;
  lastSyncedAt?: number;
  /** Server time − device time (ms), rule 17. */
  clockOffMs?: number;
  /** Words naming the screens whose pulled words could not be opened (rule 26). */
  unopened?: string;
  /** While a pull has more pages to come: this device's records of the account's (issue 41). */
  progress?: { done: number; total: number };
}

/** The header's view of sync: status, how many changes wait, the last error and success time. */
export function useSyncState(): SyncState {
  const { status, lastError, lastSyncedAt, clockOffMs, unopened, progress } = useSyncStore(
    useShallow((s) => ({ status: s.status, lastError: s.lastError, lastSyncedAt: s.lastSyncedAt, clockOffMs: s.clockOffMs, unopened: s.unopened, progress: s.progress })),
  );
  const pending = usePendingCount() ?? 0; // the status line counts what it has read
  return { status, pending, lastError, lastSyncedAt, clockOffMs, unopened, progress };
}
