/**
 * Which shared items must be sealed again (docs/sharing.md "Always current"), kept apart from
 * React so it is tested on its own: `update(items)` notes each item's copy (projections.ts
 * shareableItems; the first sight of one is its baseline: nothing sent) and marks every one whose
 * copy changed as waiting; `run()` refreshes every waiting item with its copy as it is now, keeping
 * any that failed (offline, a server error) for the next run. The waiting items are kept in
 * `pending` (pending-refreshes.ts): the device's database in the app, so a reload or a closed tab
 * loses none. One path for every kind of item, and for emergency bundles (web/features/emergency
 * EmergencyRefresher: an "item" there is one trustee's bundle, its "copy" the bundle's contents).
 */
import { pendingRefreshesInMemory, type PendingRefreshes } from './pending-refreshes';
import type { SharedCopy, ShareItemRef } from './projections';

/** One item as the follower sees it: which it is, and its copy now. */
export interface FollowedItem {
  ref: ShareItemRef;
  copy: SharedCopy;
}

/** What a follower can watch: anything named by a kind and an id whose copy is JSON. */
export interface Followable {
  ref: { kind: string; id: string };
  copy: unknown;
}

export interface ShareFollower<T extends Followable = FollowedItem> {
  /** Notes `items` as they are now (every item there is); resolves true when something waits to be refreshed, from before a reload too. */
  update(items: readonly T[]): Promise<boolean>;
  /** Refreshes every waiting item once; resolves the ids of the shares refused (keys this device did not make). */
  run(): Promise<string[]>;
}

const keyOf = (ref: Followable['ref']) => `${ref.kind}:${ref.id}`;

/**
 * A follower that refreshes through `refresh` (share-client.ts refreshShares with the device's
 * deps, or an emergency bundle's seal), keeping what waits in `pending` (memory unless given). A
 * waiting item that no longer exists (deleted: the server stopped its shares) is cleared at the
 * next run after an update.
 */
export function createShareFollower<T extends Followable = FollowedItem>(
  refresh: (item: T) => Promise<{ refused: string[] }>,
  pending: PendingRefreshes<T['ref']> = pendingRefreshesInMemory<T['ref']>(),
): ShareFollower<T> {
  const seen = new Map<string, string>();
  let current: Map<string, T> | null = null;
  return {
    async update(items) {
      current = new Map(items.map((item) => [keyOf(item.ref), item]));
      for (const item of items) {
        const key = keyOf(item.ref);
        const copy = JSON.stringify(item.copy);
        const before = seen.get(key);
        seen.set(key, copy);
        if (before !== undefined && before !== copy) await pending.changed(key, item.ref);
      }
      return (await pending.list()).length > 0;
    },
    async run() {
      const refused: string[] = [];
      if (!current) return refused; // nothing seen yet: no copy to send
      for (const { key, stamp } of await pending.list()) {
        const item = current.get(key);
        try {
          if (item) refused.push(...(await refresh(item)).refused);
          await pending.done(key, stamp); // a newer change meanwhile stays waiting
        } catch {
          // Kept: tried again at the next change, when the device is back online, or after a reload.
        }
      }
      return refused;
    },
  };
}
