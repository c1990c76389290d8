/**
 * The device's own earlier versions of long texts (rule 21 of shared/sync/README.md): whenever a
 * stored record's long text is replaced (by a local write or a pulled change), the replaced text is
 * kept in the `versions` table, at most MAX_LOCAL_VERSIONS per field.
 */
import type { CollectionName } from '../../shared/schema/collections';
import type { RecordState } from '../../shared/sync/merge';
import { LONG_TEXT_FIELDS } from '../../shared/sync/versions';
import type { AfterwordDexie } from './schema';

/** What keepReplacedTexts reads of a UserDatabase (user-database.ts), named here so this module,
 * part of the lazily loaded write kit, does not import the database that loads it (issue 42). */
type VersionsDb = { readonly dexie: AfterwordDexie; readonly deviceNow: () => number };

/** Most earlier versions a device keeps per long-text field. */
export const MAX_LOCAL_VERSIONS = 20;

/** True when `next` replaces the non-empty long text `field` of `stored`. */
const replaces = (stored: RecordState, next: RecordState, field: string) => {
  const old = stored.values[field];
  const at = stored.clocks[field];
  return typeof old === 'string' && old.trim() !== '' && !!at && next.clocks[field] !== at && next.values[field] !== old;
};

/**
 * True when `next` replaces a long text of `stored` (keepReplacedTexts has something to keep).
 * Synchronous, so a page of many records awaits only where there is work: each await of a promise
 * that is not Dexie's inside a transaction spends Dexie's budget of zone echoes, and a pulled page
 * of a few hundred changed records ran past it (the transaction then committed early).
 */
export function replacesText(collection: CollectionName, next: RecordState, stored: RecordState): boolean {
  return (LONG_TEXT_FIELDS[collection] ?? []).some((field) => replaces(stored, next, field));
}

/**
 * Compares the stored state of the record with `next` and keeps each long text `next` replaces.
 * Call inside the write transaction, before storing `next` (UserDatabase.storeState does).
 * `stored` is the record's stored state when the caller read it already (undefined: read here;
 * null: none stored).
 */
export async function keepReplacedTexts(db: VersionsDb, collection: CollectionName, id: string, next: RecordState, stored?: RecordState | null): Promise<void> {
  const fields = LONG_TEXT_FIELDS[collection];
  if (!fields) return;
  const row = stored === undefined ? await db.dexie.fieldState.get([collection, id]) : stored;
  if (!row) return;
  for (const field of fields) {
    if (!replaces(row, next, field)) continue;
    const old = row.values[field] as string;
    const at = row.clocks[field]!;
    const table = db.dexie.versions;
    const key = [collection, id, field];
    const existing = await table.where('[collection+id+field]').equals(key).toArray();
    if (existing.some((v) => v.at === at)) continue;
    await table.add({ collection, id, field, text: old, at, replacedAt: db.deviceNow() });
    const excess = existing.length + 1 - MAX_LOCAL_VERSIONS;
    if (excess > 0) await table.bulkDelete(existing.slice(0, excess).map((v) => v.seq!));
  }
}
