/**
 * The server's list of an item's shares as this device last read it (the Share dialog, online),
 * kept in the device's database (Dexie `meta` `knownShares`, per `<kind>:<id>`; never synced), so
 * the dialog can still list the live shares, and stop one, while the server cannot be reached
 * (docs/sharing.md "Offline"). It holds what the server already holds: each share's id, its key
 * wrapped under the owner's `docs` key and the sealed name, which only the owner's keyring opens.
 * What is live is still the owner's own word: the item's live set (openShareRows).
 */
import type { AfterwordDexie } from '../../db/schema';
import { metaMap } from '../../db/meta-map';
import type { ShareJson } from './share-client';
import type { ShareItemRef } from './projections';

const keyOf = (ref: ShareItemRef) => `${ref.kind}:${ref.id}`;

/** Keeps and reads the last list of each item's shares on the device `dexie`. */
export function knownSharesIn(dexie: AfterwordDexie) {
  const map = metaMap(dexie, 'knownShares');
  return {
    /** Keeps `shares` (the server's list for `ref`, just read) as the last known. */
    keep: (ref: ShareItemRef, shares: readonly ShareJson[]) => map.set(keyOf(ref), shares.filter((s) => s.phase !== 'stopped')),
    /** The live shares of `ref` last read from the server (none when never read on this device). */
    read: async (ref: ShareItemRef): Promise<ShareJson[]> => (await map.get(keyOf(ref))) ?? [],
  };
}
