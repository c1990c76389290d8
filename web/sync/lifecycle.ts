/**
 * Ties the local database and the sync engine to the session (DESIGN.md §2, §3, §5): while
 * someone is signed in (also the offline "last user" case) their database is open and syncing;
 * when the session ends here the engine stops and the database closes, but it is NOT deleted
 * (a 401 on start must keep every unsynced change). Deleting happens only on an explicit
 * sign-out, through endLocalSession().
 *
 * The sync engine (./index.ts, with its transport and the sealing of changes) is imported once the
 * database is open (issue #20): screens paint from the database, so the engine need not be loaded first;
 * on a device that has pulled before, once the first screen's network is quiet (./engine-start.ts, issue 41).
 */
import { useEffect } from 'react';
import { useSession } from '../app/session';
import { closeUserDatabase, deleteUserDatabase, openUserDatabase, useCurrentDb } from '../db/current';
import { toast } from '../ui/toast-store';
import { useSyncStore } from './sync-store';
import { networkQuiet } from '../pwa/network-quiet';
import { engineMayWait, loadUntilLoaded } from './engine-start';
import { keysWanted } from './keys-wanted';

type SyncModule = typeof import('./index');
type KeysModules = [typeof import('../features/keys/key-session'), typeof import('../features/keys/key-effects')];

/**
 * The key session's code (web/features/keys/key-session.ts, its crypto, and key-effects.ts), imported
 * with the engine's and on its schedule (issue 41: not for painting; the screens paint from the
 * database). Until it has arrived no engine runs, so nothing is sent: never plain text for want of keys.
 */
const loadKeys = (): Promise<KeysModules> => Promise.all([import('../features/keys/key-session'), import('../features/keys/key-effects')]);

let keysLoaded = () => {};
const keysArrived = new Promise<void>((resolve) => (keysLoaded = resolve));
/** Resolves once the sync lifecycle has the key session's code (for what follows the session: SignedInServices). */
export const keySessionLoaded = (): Promise<void> => keysArrived;

/**
 * The key session of `userId` (web/features/keys/key-session.ts), restored from this device when
 * not already open for them (a reload, an offline start), and its SyncKeys: null when the
 * account's data is not sealed.
 */
async function openKeySession([{ useKeySession }]: KeysModules, userId: string) {
  keysLoaded();
  const session = useKeySession.getState();
  if (session.userId !== userId) await session.restore(userId);
  return useKeySession.getState().syncKeys();
}
let syncModule: SyncModule | null = null;

/** The sync engine's module, imported on first need (issue #20). Rejects when it cannot be fetched. */
async function loadSync(): Promise<SyncModule> {
  syncModule ??= await import('./index');
  return syncModule;
}

let persistRequested = false;

/** Asks the browser once to keep our storage under pressure (DESIGN.md §5); failures are only logged. */
function requestPersistentStorage(): void {
  if (persistRequested || typeof navigator === 'undefined' || !navigator.storage?.persist) return;
  persistRequested = true;
  navigator.storage.persist().catch((err: unknown) => console.warn('Persistent storage request failed', err));
}

/**
 * Mount once at the app root: opens the signed-in user's database and syncs it; stops and closes
 * when the session ends; resumes after a re-sign-in; toasts changes the server refused.
 */
export function useSyncLifecycle(): void {
  const userId = useSession((s) => (s.status === 'signed-in' ? (s.user?.id ?? null) : null));
  const needsReauth = useSession((s) => s.needsReauth);

  useEffect(() => {
    if (!userId) return;
    let cancelled = false;
    let unsubscribe = () => {};
    void (async () => {
      try {
        const db = await openUserDatabase(userId);
        if (cancelled) return;
        // A device with data to show fetches the engine once the screen's network is quiet (engine-start.ts).
        const quietFirst = await engineMayWait(db);
        const whenDue = <T,>(load: () => Promise<T>, sooner?: Promise<void>) => () => (quietFirst ? Promise.race([networkQuiet(), ...(sooner ? [sooner] : [])]).then(load) : load());
        // The keys come sooner when a screen that reads them has loaded their module (keys-wanted.ts).
        const keysModules = loadUntilLoaded(whenDue(loadKeys, keysWanted()), () => cancelled);
        const [sync, keys] = await Promise.all([loadUntilLoaded(whenDue(loadSync), () => cancelled), keysModules.then((m) => m && openKeySession(m, userId))]);
        const modules = await keysModules;
        if (cancelled || !sync || !modules) return;
        const [{ useKeySession }, { needsSealing, sealExisting }] = modules;
        // An account made before keys whose keys are open here is sealed first (key-effects.ts), with
        // no engine running meanwhile: a plain one would pull the new envelopes with no key to open
        // them and keep them as text. Then (or if sealing failed: plain, as before) sync starts.
        let sealed = keys !== null;
        let sealingTried = false;
        let sealing = false; // the session changes during the sealing (its refresh): this run decides
        const sealThenSync = async () => {
          sealingTried = sealing = true;
          try {
            await sync.stopSync();
            await sealExisting(userId);
          } finally {
            sealing = false;
          }
          if (cancelled) return;
          const now = useKeySession.getState().syncKeys();
          sealed = now !== null;
          sync.startSync({ userId, keys: now ?? undefined });
        };
        // Unlocked keys (the Unlock screen): the sealed changes that waited go now.
        const stopUnlocked = useKeySession.subscribe((s, prev) => {
          if (s.status === 'open' && prev.status !== 'open') sync.requestSync();
        });
        if (!sealed && needsSealing(useKeySession.getState(), userId)) await sealThenSync();
        // A sealed account syncs with its keys (while they are locked, sealed sync waits: the
        // engine says so in the sync status and keeps the outbox); others sync in plain.
        else sync.startSync({ userId, keys: keys ?? undefined });
        requestPersistentStorage();
        // The keys opened later (an offline start answered, Unlock) on an account to seal, or the
        // account became sealed while syncing: the engine starts again accordingly.
        const stopFollowing = useKeySession.subscribe((s) => {
          if (cancelled || sealed || sealing) return;
          if (!sealingTried && needsSealing(s, userId)) {
            void sealThenSync();
            return;
          }
          const now = s.userId === userId ? s.syncKeys() : null;
          if (!now) return;
          sealed = true;
          void sync.stopSync().then(() => !cancelled && sync.startSync({ userId, keys: now }));
        });
        unsubscribe = () => {
          stopFollowing();
          stopUnlocked();
        };
      } catch (err) {
        console.error('Could not open the local database', err);
        useSyncStore.setState({ status: 'error', lastError: 'Could not open the data stored on this device' });
      }
    })();
    return () => {
      cancelled = true;
      unsubscribe();
      // No sync module yet means no engine was started (startSync is its only way in).
      void (syncModule?.stopSync() ?? Promise.resolve()).then(() => {
        if (useCurrentDb.getState().db?.userId === userId) closeUserDatabase();
      });
    };
  }, [userId]);

  useEffect(() => {
    // No engine yet (its module not loaded) means nothing to resume: startSync starts it running.
    if (userId && !needsReauth) syncModule?.resumeSync();
  }, [userId, needsReauth]);

  useEffect(
    () =>
      useSyncStore.subscribe((s, prev) => {
        if (s.lastRejected === prev.lastRejected || s.lastRejected.length === 0) return;
        toast({
          title: 'A change could not be saved',
          description: s.lastRejected.map((r) => r.reason).join('; '),
          variant: 'destructive',
        });
      }),
    [],
  );
}

/** <SyncLifecycle/>: the component form of useSyncLifecycle, rendering nothing. */
export function SyncLifecycle(): null {
  useSyncLifecycle();
  return null;
}

/**
 * Explicit sign-out of `userId` on this device: pushes what is still waiting (for at most
 * `timeoutMs`; 0 skips that last push), stops syncing, and deletes the local database — unless changes are still
 * waiting (offline), in which case it is kept (closed) so nothing is lost; it is pushed when
 * that account signs in here again. With `discardPending` (the person confirmed that the
 * waiting changes may be lost, issue #8) it is deleted all the same. Returns what happened.
 */
export async function endLocalSession(
  userId: string,
  opts: { timeoutMs?: number; discardPending?: boolean } = {},
): Promise<'deleted' | 'kept'> {
  const timeoutMs = opts.timeoutMs ?? 5_000;
  // An engine not fetched yet (a sign-out in the first seconds, offline) has nothing running to stop:
  // what waits is kept below, as when the push cannot reach the server.
  const sync = await loadSync().catch(() => null);
  const current = useCurrentDb.getState().db;
  if (sync && current?.userId === userId && timeoutMs > 0) await Promise.race([sync.syncNow(), new Promise((r) => setTimeout(r, timeoutMs))]);
  await sync?.stopSync();
  const db = current?.userId === userId ? current : await openUserDatabase(userId);
  const pending = await db.pendingCount();
  if (pending > 0 && !opts.discardPending) {
    closeUserDatabase();
    return 'kept';
  }
  await deleteUserDatabase(userId);
  return 'deleted';
}
