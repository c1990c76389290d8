/**
 * The React side of a follower (share-follow.ts), one for shares (ShareRefresher) and emergency
 * bundles (web/features/emergency EmergencyRefresher): whenever `items` change, notes them; when
 * something waits, refreshes it now and again each time the device comes back online. `refused`
 * gets what a run refused (in the follower's terms: share ids, or the owner's words), when any.
 * A failure to note or refresh is logged; what waits stays waiting (the follower keeps it).
 */
import { useEffect } from 'react';
import type { Followable, ShareFollower } from './share-follow';

export function useFollow<T extends Followable>(follower: ShareFollower<T> | null, items: readonly T[] | null, refused: (ids: string[]) => void): void {
  useEffect(() => {
    if (!items || !follower) return;
    let live = true;
    const fail = (err: unknown) => console.error('Updating shared items failed:', err);
    const run = () =>
      follower.run().then((ids) => {
        if (ids.length) refused(ids);
      }, fail);
    void follower.update(items).then((waiting) => {
      if (!live || !waiting) return;
      void run();
      window.addEventListener('online', run);
    }, fail);
    return () => {
      live = false;
      window.removeEventListener('online', run);
    };
    // `refused` is the caller's message, not a reason to note the items again.
  }, [items, follower]);
}
