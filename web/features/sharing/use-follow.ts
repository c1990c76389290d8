/**
 * The React side of a follower (share-follow.ts), one for shares (ShareRefresher) and emergency
 * bundles (web/features/emergency EmergencyRefresher): whenever `items` change, notes them; when
 * something waits, refreshes it now and again each time the device comes back online. `refused`
 * gets what a run refused (in the follower's terms: share ids, or the owner's words), when any.
 * `caughtUp` (useCaughtUp): nothing is compared or sent before this device's sync has ended.
 * A failure to note or refresh is logged; what waits stays waiting (the follower keeps it).
 */
import { useEffect, useState } from 'react';
import { useSyncStore } from '../../sync/sync-store';
import type { Followable, ShareFollower } from './share-follow';

/**
 * True once this device's sync has ended well ('synced') while `follower` exists: from then on its
 * records are at least as new as what the server held then, so the follower may compare and seal
 * them (share-follow.ts `update`'s `caughtUp`). Latched per follower (a later sync's 'syncing' does
 * not close it again); false while `follower` is null. Review s27: a device back after months
 * sealed its older records at first sight, before its sync brought another device's newer ones.
 */
export function useCaughtUp(follower: object | null): boolean {
  const synced = useSyncStore((s) => s.status === 'synced');
  const [caught, setCaught] = useState<object | null>(null);
  useEffect(() => {
    if (follower && synced && caught !== follower) setCaught(follower);
  }, [follower, synced, caught]);
  return follower !== null && (caught === follower || synced);
}

export function useFollow<T extends Followable>(follower: ShareFollower<T> | null, items: readonly T[] | null, refused: (ids: string[]) => void, caughtUp = true): void {
  useEffect(() => {
    if (!items || !follower) return;
    let live = true;
    const fail = (err: unknown) => console.error('Updating shared items failed:', err);
    const run = () =>
      follower.run().then((ids) => {
        if (ids.length) refused(ids);
      }, fail);
    void follower.update(items, caughtUp).then((waiting) => {
      if (!live || !waiting) return;
      void run();
      window.addEventListener('online', run);
    }, fail);
    return () => {
      live = false;
      window.removeEventListener('online', run);
    };
    // `refused` is the caller's message, not a reason to note the items again.
  }, [items, follower, caughtUp]);
}
