/** The sync state screens read (DESIGN.md §2 "never silent"): a tiny zustand store fed by the engine. */
import { create } from 'zustand';
import type { RejectedChange } from '../../shared/sync/protocol';
import type { SyncSnapshot } from './engine';

interface SyncStoreState extends SyncSnapshot {
  /** The last changes the server refused (their fields were restored); for a toast. */
  lastRejected: RejectedChange[];
}

/**
 * Before the engine reports, a browser that says it is online is "syncing" (starting), never
 * "Offline": the header used to flash Offline on every first open (issue "Promises kept", finding 9).
 */
const initialStatus = (): SyncStoreState['status'] => (typeof navigator !== 'undefined' && navigator.onLine === false ? 'offline' : 'syncing');

export const useSyncStore = create<SyncStoreState>()(() => ({ status: initialStatus(), lastRejected: [] }));
