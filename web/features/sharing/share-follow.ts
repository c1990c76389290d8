/**
 * Which shared items must be sealed again (docs/sharing.md "Always current"), kept apart from
 * React so it is tested on its own: `update(items)` notes each item's copy (projections.ts
 * shareableItems; the first sight of one is its baseline: nothing sent) and queues every one whose
 * copy changed; `run()` refreshes the queue, keeping any that failed (offline, a server error)
 * for the next run. One path for every kind of item, and for emergency bundles (web/features/emergency
 * EmergencyRefresher: an "item" there is one trustee's bundle, its "copy" the bundle's contents).
 */
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
  /** Notes `items` as they are now; returns true when something waits to be refreshed. */
  update(items: readonly T[]): boolean;
  /** Refreshes every queued item once; returns the ids of the shares refused (keys this device did not make). */
  run(): Promise<string[]>;
}

/** A follower that refreshes through `refresh` (share-client.ts refreshShares with the device's deps, or an emergency bundle's seal). */
export function createShareFollower<T extends Followable = FollowedItem>(refresh: (item: T) => Promise<{ refused: string[] }>): ShareFollower<T> {
  const seen = new Map<string, string>();
  const pending = new Map<string, T>();
  return {
    update(items) {
      for (const item of items) {
        const key = `${item.ref.kind}:${item.ref.id}`;
        const copy = JSON.stringify(item.copy);
        const before = seen.get(key);
        seen.set(key, copy);
        if (before !== undefined && before !== copy) pending.set(key, item);
      }
      return pending.size > 0;
    },
    async run() {
      const refused: string[] = [];
      for (const [key, item] of [...pending]) {
        try {
          refused.push(...(await refresh(item)).refused);
          if (pending.get(key) === item) pending.delete(key); // a newer change meanwhile stays queued
        } catch {
          // Kept: tried again at the next change or when the device is back online.
        }
      }
      return refused;
    },
  };
}
