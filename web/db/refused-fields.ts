/**
 * Which records' fields this device refused at its last pull (`sealErrors`: a sealed value that
 * did not open, or one its freshness check refused as left out or older, web/sync/sealing.ts). A
 * refused field is left out of the record, so code that acts on it must ask here, never read its
 * absence as "never written" (issue 39 "No back door"; SECURITY.md "Freshness").
 */
import type { CollectionName } from '../../shared/schema/collection-names';
import type { UserDatabase } from './user-database';

/** The ids of the records of `collection` in `db` whose `field` was refused. */
export async function refusedIds(db: UserDatabase, collection: CollectionName, field: string): Promise<Set<string>> {
  const rows = await db.dexie.sealErrors.where('collection').equals(collection).toArray();
  return new Set(rows.filter((r) => r.field === field).map((r) => r.id));
}
