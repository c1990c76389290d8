/**
 * What screens need to show and act on kept versions (rules 20–23 of shared/sync/README.md):
 * live lists of a long text's conflict versions (from another device) and earlier versions (this
 * device's), restore and dismiss; and records deleted on one device but edited on another,
 * offered back for restoring. Every action is a normal local write (rule 9).
 */
import { useLiveQuery } from 'dexie-react-hooks';
import { Dexie } from 'dexie';
import type { CollectionName, EntityOf } from '../../shared/schema/collections';
import type { Hlc } from '../../shared/sync/hlc';
import { materialize, TOMBSTONE_FIELD } from '../../shared/sync/record';
import { conflictVersions, RESTORABLE_FIELD } from '../../shared/sync/versions';
import { useCurrentDb } from './current';
import { useLiveView } from './hooks';
import type { UserDatabase } from './user-database';

/** A long text's other versions: from other devices (conflicts, newest first) and earlier ones here (newest first). */
export interface TextVersions {
  conflicts: { key: string; text: string; at: Hlc }[];
  earlier: { seq: number; text: string; at: Hlc; replacedAt: number }[];
}

/** Reads the versions of `field` of a record (for the hook and tests). */
export async function readTextVersions(db: UserDatabase, collection: CollectionName, id: string, field: string): Promise<TextVersions> {
  const state = await db.readState(collection, id);
  const rows = await db.dexie.versions.where('[collection+id+field]').equals([collection, id, field]).toArray();
  const current = state.values[field];
  const earlier = rows
    .filter((r) => r.text !== current)
    .reverse()
    .map((r) => ({ seq: r.seq!, text: r.text, at: r.at, replacedAt: r.replacedAt }));
  return { conflicts: conflictVersions(state, field), earlier };
}

/** Live: the versions of `field` of record `id` (undefined while loading or with no record id). */
export function useTextVersions(collection: CollectionName, id: string | null | undefined, field: string): TextVersions | undefined {
  const db = useCurrentDb((s) => s.db);
  return useLiveQuery(async () => (db && id ? readTextVersions(db, collection, id, field) : undefined), [db, collection, id, field]);
}

/**
 * Live: how many versions another device wrote of `field` of record `id` are kept and not yet
 * dealt with (a card's mark): the record's state only, not the earlier-versions table.
 */
export function useConflictCount(collection: CollectionName, id: string, field: string): number {
  const db = useCurrentDb((s) => s.db);
  return useLiveQuery(async () => (db ? conflictVersions(await db.readState(collection, id), field).length : 0), [db, collection, id, field]) ?? 0;
}

/**
 * Makes `text` the value of `field` again (a sequential edit: its base is the current value) and
 * dismisses the conflict version `conflictKey` when given, in one write (rule 23).
 */
export async function restoreVersion(db: UserDatabase, collection: CollectionName, id: string, field: string, text: string, conflictKey?: string): Promise<void> {
  const state = await db.dexie.transaction('r', db.dexie.fieldState, () => db.readState(collection, id));
  await db.writeMany([
    { collection, id, patch: { [field]: text }, bases: { [field]: state.clocks[field] ?? '' }, rawFields: conflictKey ? { [conflictKey]: null } : undefined },
  ]);
}

/** Dismisses conflict versions (sets each key to null, which syncs to every device; rule 23). */
export async function dismissConflicts(db: UserDatabase, collection: CollectionName, id: string, keys: readonly string[]): Promise<void> {
  if (keys.length === 0) return;
  await db.writeMany([{ collection, id, patch: {}, rawFields: Object.fromEntries(keys.map((k) => [k, null])) }]);
}

/** A deleted record that another device edited after the delete (rule 22), as it would be restored. */
export interface RestorableRecord<C extends CollectionName> {
  id: string;
  entity: EntityOf[C];
  /** HLC of the edit that landed on the deleted record. */
  at: Hlc;
}

/** Reads the restorable records of `collection`. */
export async function readRestorable<C extends CollectionName>(db: UserDatabase, collection: C): Promise<RestorableRecord<C>[]> {
  const rows = await db.dexie.fieldState
    .where('[collection+id]')
    .between([collection, Dexie.minKey], [collection, Dexie.maxKey])
    .filter((r) => r.values[TOMBSTONE_FIELD] === true && r.values[RESTORABLE_FIELD] != null)
    .toArray();
  return rows.map((r) => {
    const values = { ...r.values, [TOMBSTONE_FIELD]: false };
    return { id: r.id, entity: materialize(collection, r.id, { values, clocks: r.clocks }, db.userId)!, at: (r.values[RESTORABLE_FIELD] as { at: Hlc }).at };
  });
}

/** Live: the restorable records of `collection` (rule 22); [] while loading. */
export function useRestorable<C extends CollectionName>(collection: C): RestorableRecord<C>[] {
  const db = useCurrentDb((s) => s.db);
  return useLiveView(db, (open) => readRestorable(open, collection), [collection]) ?? []; // reads the collection's every state: holds still while a pull brings pages (issue 41)
}

/** Brings a deleted record back with the edit that landed on it, and clears the offer (rule 22). */
export async function restoreDeleted(db: UserDatabase, collection: CollectionName, id: string): Promise<void> {
  await db.writeMany([{ collection, id, patch: { [TOMBSTONE_FIELD]: false }, rawFields: { [RESTORABLE_FIELD]: null } }]);
}

/** Leaves the record deleted and clears the offer on every device (rule 22). */
export async function dismissRestorable(db: UserDatabase, collection: CollectionName, id: string): Promise<void> {
  await db.writeMany([{ collection, id, patch: {}, rawFields: { [RESTORABLE_FIELD]: null } }]);
}
