/**
 * Where the share follower (share-follow.ts) keeps the shared items whose copies wait to be sealed
 * again (docs/sharing.md "Always current"): in this device's database (`shareRefreshes`, Dexie v5),
 * so an item changed while offline, or whose refresh failed, is still refreshed after a reload or a
 * closed tab, when the device is online again; or in memory (tests, and before a database is open).
 * A row names the item only (kind and id); its copy is made from the record when the refresh runs.
 */
import type { AfterwordDexie, ShareRefreshRow } from '../../db/schema';
import type { ShareItemRef } from './projections';

/** An item's name: its kind and id (a shared item's ShareItemRef, an emergency bundle's trustee). */
type Ref = { kind: string; id: string };

/** One item waiting: which it is, and the stamp of its last change. */
export interface PendingRefresh<R extends Ref = ShareItemRef> {
  key: string;
  ref: R;
  stamp: number;
}

/**
 * A new stamp for a change, never `before`'s and, as it is random, not one an item cleared
 * meanwhile had: a stamp counted up from 1 again after a clear let a slower tab's `done` of the
 * first change clear the next one (review s27).
 */
const nextStamp = (before: number | undefined): number => {
  let stamp: number;
  do stamp = crypto.getRandomValues(new Uint32Array(1))[0]! + 1;
  while (stamp === before);
  return stamp;
};

/** The follower's store of waiting refreshes. */
export interface PendingRefreshes<R extends Ref = ShareItemRef> {
  /** Every item waiting, in no particular order. */
  list(): Promise<PendingRefresh<R>[]>;
  /** Notes that `ref` (keyed `key`) changed: it waits, with a new stamp (random: never one a cleared entry had, but by a 1 in 2^32 chance). */
  changed(key: string, ref: R): Promise<void>;
  /** Clears `key` when its stamp is still `stamp` (a change after the refresh began keeps it waiting). */
  done(key: string, stamp: number): Promise<void>;
}

/** Waiting refreshes kept in memory only (lost with the page). */
export function pendingRefreshesInMemory<R extends Ref = ShareItemRef>(): PendingRefreshes<R> {
  const rows = new Map<string, PendingRefresh<R>>();
  return {
    list: async () => [...rows.values()],
    async changed(key, ref) {
      rows.set(key, { key, ref, stamp: nextStamp(rows.get(key)?.stamp) });
    },
    async done(key, stamp) {
      if (rows.get(key)?.stamp === stamp) rows.delete(key);
    },
  };
}

/**
 * Waiting refreshes kept in `dexie`'s `shareRefreshes` table (the signed-in account's database on
 * this device), of the kinds `ofKind` takes: shared items' (the default) or a trustee's emergency
 * bundles' (`'emergency-bundle'`); each follower sees and clears only its own.
 */
export function pendingRefreshesIn<R extends { kind: ShareRefreshRow['kind']; id: string } = ShareItemRef>(
  dexie: AfterwordDexie,
  ofKind: (kind: ShareRefreshRow['kind']) => boolean = (kind) => kind !== 'emergency-bundle',
): PendingRefreshes<R> {
  const table = dexie.shareRefreshes;
  return {
    list: async () => (await table.toArray()).filter((r) => ofKind(r.kind)).map((r) => ({ key: r.key, ref: { kind: r.kind, id: r.id } as R, stamp: r.stamp })),
    changed: (key, ref) =>
      dexie.transaction('rw', table, async () => {
        const before = await table.get(key);
        await table.put({ key, kind: ref.kind, id: ref.id, stamp: nextStamp(before?.stamp) });
      }),
    done: (key, stamp) =>
      dexie.transaction('rw', table, async () => {
        if ((await table.get(key))?.stamp === stamp) await table.delete(key);
      }),
  };
}
