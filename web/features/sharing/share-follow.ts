/**
 * Which shared items must be sealed again (docs/sharing.md "Always current"), kept apart from
 * React so it is tested on its own: `update(items)` compares each item's copy (projections.ts
 * shareableItems) with what this device last SEALED for it (sealed-copies.ts: a digest kept in the
 * device's database in the app) and marks every one that differs as waiting, so an edit made while
 * the keys were locked, while no one was signed in, or synced in from another device is sealed
 * again once the keys open; an item this device never sealed is sealed once at first sight (it
 * cannot know what another device sealed). `run()` refreshes every waiting item with its copy as it
 * is now, notes that copy as sealed, and keeps any that failed (offline, a server error) for the
 * next run. The waiting items are kept in `pending` (pending-refreshes.ts): the device's database
 * in the app, so a reload or a closed tab loses none. One path for every kind of item, and for
 * emergency bundles (web/features/emergency EmergencyRefresher: an "item" there is one trustee's
 * bundle, its "copy" the bundle's contents).
 */
import { pendingRefreshesInMemory, type PendingRefreshes } from './pending-refreshes';
import type { SharedCopy, ShareItemRef } from './projections';
import { canonical, followKey, sealedCopiesInMemory, textDigest, type SealedCopies } from './sealed-copies';

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
  /**
   * Notes `items` as they are now (every item there is); resolves true when something waits to be
   * refreshed, from before a reload too. `caughtUp` (true unless given): a sync of this device has
   * ended since it started (use-follow.ts useCaughtUp). Until a call says so once, nothing is
   * compared, marked or sent: the records of a device back after a while may be older than what
   * another device sealed since, and sealing them would put older words over newer ones.
   */
  update(items: readonly T[], caughtUp?: boolean): Promise<boolean>;
  /** Refreshes every waiting item once (nothing before an update said caughtUp); resolves the ids of the shares refused (keys this device did not make). */
  run(): Promise<string[]>;
}

/**
 * A follower that refreshes through `refresh` (share-client.ts refreshShares with the device's
 * deps, or an emergency bundle's seal), keeping what waits in `pending` and what was last sealed in
 * `sealed` (memory unless given). A waiting item that no longer exists (deleted: the server stopped
 * its shares) is cleared at the next run after an update. Nothing is sent before an update said
 * the device caught up (`update`'s `caughtUp`; review s27: a device back after months sealed its
 * older records over another device's newer copy at first sight, before its sync brought them).
 */
export function createShareFollower<T extends Followable = FollowedItem>(
  refresh: (item: T) => Promise<{ refused: string[] }>,
  pending: PendingRefreshes<T['ref']> = pendingRefreshesInMemory<T['ref']>(),
  sealed: SealedCopies = sealedCopiesInMemory(),
): ShareFollower<T> {
  const seen = new Map<string, string>(); // the digest noted last per item, so a copy still waiting is not marked again at every update
  const hashed = new Map<string, { text: string; digest: string }>(); // each item's last canonical copy and its digest: hashed again only when it changed
  let current: Map<string, { item: T; digest: string }> | null = null;
  let caught = false; // once a sync has ended, the records are at least as new as the server's
  return {
    async update(items, caughtUp = true) {
      caught ||= caughtUp;
      const next = new Map<string, { item: T; digest: string }>();
      for (const item of items) {
        const key = followKey(item.ref);
        const text = canonical(item.copy);
        const last = hashed.get(key);
        const digest = last?.text === text ? last.digest : await textDigest(text);
        hashed.set(key, { text, digest });
        next.set(key, { item, digest });
        if (!caught) continue; // compared once caught up: none is taken as seen before
        const before = seen.get(key);
        seen.set(key, digest);
        if (before !== digest && (await sealed.get(key)) !== digest) await pending.changed(key, item.ref);
      }
      current = next;
      return caught && (await pending.list()).length > 0;
    },
    async run() {
      const refused: string[] = [];
      // Passes until no copy seen meanwhile is newer than the one just sealed (at most a few: each follows an update).
      for (let again = true, passes = 0; again && passes < 3; passes++) {
        again = false;
        if (!current || !caught) return refused; // nothing seen yet, or the records may be older than the server's: no copy to send
        for (const { key, stamp } of await pending.list()) {
          const now = current.get(key);
          try {
            if (now) {
              refused.push(...(await refresh(now.item)).refused);
              await sealed.set(key, now.digest);
            }
            await pending.done(key, stamp); // a newer change meanwhile stays waiting
            // A newer copy noted meanwhile, maybe not marked (another tab had noted it sealed): what
            // was just sealed may have landed over it (a 409 is retried with this copy), so again.
            const latest = now && current.get(key);
            if (latest && latest.digest !== now.digest) {
              await pending.changed(key, latest.item.ref);
              again = true;
            }
          } catch {
            // Kept: tried again at the next change, when the device is back online, or after a reload.
          }
        }
      }
      return refused;
    },
  };
}
