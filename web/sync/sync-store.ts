/** The sync state screens read (DESIGN.md §2 "never silent"): a tiny zustand store fed by the engine. */
import { create } from 'zustand';
import type { RejectedChange } from '../../shared/sync/protocol';
import type { SyncSnapshot } from './engine';

interface SyncStoreState extends SyncSnapshot {
  /** The last changes the server refused (their fields were restored); for a toast. */
  lastRejected: RejectedChange[];
}

export const useSyncStore = create<SyncStoreState>()(() => ({ status: 'offline', lastRejected: [] }));
