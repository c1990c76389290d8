/**
 * The sync engine of the signed-in user's database (DESIGN.md §2; shared/sync/README.md).
 * startSync/stopSync/resumeSync drive one engine at a time; useSyncState() is what the header
 * shows; <SyncLifecycle/> (mounted once by the shell) opens the database and syncs while signed in.
 */
import { requireDb } from '../db/current';
import { useSession } from '../app/session';
import { createSyncEngine, type SyncEngine } from './engine';
import { useSyncStore } from './sync-store';
import { toast } from '../ui/toast-store';
import { keptToast, rejectedToast } from './kept-toast';
import { eventSourceLive } from './live';
import { fetchTransport, type Transport } from './transport';
import type { SyncKeys } from './sealing';

export type { SyncKeys } from './sealing';


let engine: SyncEngine | null = null;

/**
 * Starts syncing the open database of `userId` (openUserDatabase first): pushes the outbox,
 * pulls changes, and keeps doing so (see engine.ts). Replaces an engine already running.
 * `keys`: a sealed account's keys (the key session); without them the account syncs in plain.
 * Throws if that user's database is not the open one.
 */
export function startSync(opts: { userId: string; transport?: Transport; now?: () => number; keys?: SyncKeys }): void {
  const db = requireDb();
  if (db.userId !== opts.userId) throw new Error(`The open database is not ${opts.userId}'s`);
  const previous = engine;
  if (previous) void previous.stop();
  useSyncStore.setState({ status: 'syncing', lastError: undefined, lastRejected: [] });
  engine = createSyncEngine({
    db,
    transport: opts.transport ?? fetchTransport,
    now: opts.now,
    keys: opts.keys, // a sealed account's keys (shared/sync/README.md rules 24–27)
    live: opts.transport ? undefined : typeof EventSource === 'undefined' ? undefined : eventSourceLive,
    onState: (s) => useSyncStore.setState({ status: s.status, lastError: s.lastError, lastSyncedAt: s.lastSyncedAt, clockOffMs: s.clockOffMs, unopened: s.unopened }),
    onRejected: (lastRejected) => {
      useSyncStore.setState({ lastRejected });
      const words = rejectedToast(lastRejected);
      if (words) toast(words);
    },
    onKept: (kept) => toast(keptToast(kept)),
    onUnauthorized: () => useSession.getState().setNeedsReauth(true),
  });
  engine.start();
}

/** Stops syncing (the outbox stays); resolves when a run in progress has ended. */
export async function stopSync(): Promise<void> {
  const current = engine;
  engine = null;
  await current?.stop();
}

/** Resumes after 'needs-sign-in' (the person signed in again). */
export function resumeSync(): void {
  engine?.resume();
}

/** Asks for a sync soon (e.g. a "retry" button). */
export function requestSync(): void {
  engine?.requestSync(0);
}

/** Runs a sync now and resolves when it ends (e.g. before signing out). */
export function syncNow(): Promise<void> {
  return engine?.syncNow() ?? Promise.resolve();
}
