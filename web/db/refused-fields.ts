/**
 * Which records' fields this device refused at its last pull (`sealErrors`: a sealed value that
 * did not open, or one its freshness check refused as left out or older, web/sync/sealing.ts). A
 * refused field is left out of the record, so code that acts on it must ask here, never read its
 * absence as "never written" (issue 39 "No back door"; SECURITY.md "Freshness").
 */
import { TOMBSTONE_FIELD, type CollectionName } from '../../shared/schema/collection-names';
import type { UserDatabase } from './user-database';

/** The ids of the records of `collection` in `db` whose `field` was refused. */
export async function refusedIds(db: UserDatabase, collection: CollectionName, field: string): Promise<Set<string>> {
  const rows = await db.dexie.sealErrors.where('collection').equals(collection).toArray();
  return new Set(rows.filter((r) => r.field === field).map((r) => r.id));
}

/**
 * True only when this device holds record `collection/id`'s deletion mark, opened, with no field of
 * it refused: the one proof on this device that the record was deleted. A record it never received,
 * or one whose fields did not open, is absent too, and is not "deleted" (issue 43: an emergency
 * bundle is sealed empty only when each chosen item is known deleted here).
 */
export async function deletedHere(db: UserDatabase, collection: CollectionName, id: string): Promise<boolean> {
  const [row, refused] = await Promise.all([
    db.dexie.fieldState.get([collection, id]),
    db.dexie.sealErrors.where('collection').equals(collection).filter((r) => r.id === id).count(),
  ]);
  return row?.values[TOMBSTONE_FIELD] === true && refused === 0;
}
