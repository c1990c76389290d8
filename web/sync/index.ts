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
import type { ValuesOf } from './kept-toast';
import type { KeptNotice } from './apply-response';
import type { UserDatabase } from '../db/user-database';
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
    onState: (s) => useSyncStore.setState({ status: s.status, lastError: s.lastError, lastSyncedAt: s.lastSyncedAt, clockOffMs: s.clockOffMs, unopened: s.unopened, progress: s.progress }),
    onRejected: (lastRejected) => {
      useSyncStore.setState({ lastRejected });
      void toastWords()
        .then(({ rejectedToast }) => {
          const words = rejectedToast(lastRejected);
          if (words) toast(words);
        })
        .catch(noticeFailed);
    },
    onKept: (kept) =>
      void Promise.all([namedKept(db, kept), toastWords()])
        .then(([valuesOf, { keptToast }]) => toast(keptToast(kept, valuesOf)))
        .catch(noticeFailed),
    onUnauthorized: () => useSession.getState().setNeedsReauth(true),
  });
  engine.start();
}

/**
 * The words of the sync's toasts (./kept-toast.ts), imported when the engine first has something to
 * say (issue 41: not on every start). Should the import fail (a build replaced meanwhile), the
 * console says so (noticeFailed) and the sync status still holds what was refused.
 */
const toastWords = () => import('./kept-toast');
const noticeFailed = (err: unknown) => console.error('Could not show the sync notice', err);

/** The device's own copies of the records in `kept`, for the toast to name them (e.g. the letter's recipient). */
async function namedKept(db: UserDatabase, kept: readonly KeptNotice[]): Promise<ValuesOf> {
  const found = new Map<string, Record<string, unknown>>();
  for (const k of kept.slice(0, 5)) {
    const entity = await db.dexie.entities(k.collection).get(k.id).catch(() => undefined);
    if (entity) found.set(`${k.collection}/${k.id}`, entity as unknown as Record<string, unknown>);
  }
  return (collection, id) => found.get(`${collection}/${id}`);
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
