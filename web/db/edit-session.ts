/**
 * The write path of every form (DESIGN.md §2 "Screens write what changed"): a form opens an
 * edit session on a record, remembering the state it started from (its *base*: each field's value
 * and HLC), and saves only the fields the person changed since then. Fields the person did not
 * touch are never written, so they keep following the store (another device's edit is never
 * reverted by an open form). Lists are diffed against the base, not against the current store, so
 * an item another device added while the form was open is kept. Each written field carries the
 * HLC it was edited from (`bases`), so the sync layer can tell a concurrent edit from a
 * sequential one and keep the losing text as a version (shared/sync/README.md).
 *
 * React forms (react-hook-form) and the model-based sync test both call these functions, so
 * the test drives exactly the code the screens run.
 */
import { COLLECTION_SPECS, type CollectionName, type EntityOf } from '../../shared/schema/collections';
import type { Change } from '../../shared/sync/change';
import type { Hlc } from '../../shared/sync/hlc';
import type { RecordState } from '../../shared/sync/merge';
import { listItems, materialize, splitField } from '../../shared/sync/record';
import { hasCreatedAt, normalizeNewRecord, normalizePatch } from './normalize';
import type { UserDatabase } from './user-database';

/** What a form started from. */
export interface EditBase<C extends CollectionName = CollectionName> {
  collection: C;
  id: string;
  /** The record's raw field state when the form opened (empty when it did not exist). */
  state: RecordState;
  /** The entity as the form shows it (lists as arrays), or null when the record did not exist. */
  entity: EntityOf[C] | null;
}

/**
 * The HLC an entity field was last written with in `state`: for a list, the greatest HLC of its
 * items; '' when never written.
 */
export function fieldClock(state: RecordState, collection: CollectionName, field: string): Hlc {
  if (!COLLECTION_SPECS[collection].lists.includes(field)) return state.clocks[field] ?? '';
  let max = '';
  for (const [key, hlc] of Object.entries(state.clocks)) {
    if (splitField(key)[0] === field && key !== field && hlc > max) max = hlc;
  }
  return max;
}

/** The edit base of record `id` as it is now on this device. */
export async function openEdit<C extends CollectionName>(db: UserDatabase, collection: C, id: string): Promise<EditBase<C>> {
  const state = await db.dexie.transaction('r', db.dexie.fieldState, () => db.readState(collection, id));
  const exists = Object.keys(state.clocks).length > 0; // an empty state would materialise to defaults
  return { collection, id, state, entity: exists ? materialize(collection, id, state, db.userId) : null };
}

/**
 * The base moved to the store's current value for `fields` (the person saw the other device's
 * value and chose to keep their own: their next save is then a sequential edit, not a conflict).
 */
export function rebase<C extends CollectionName>(base: EditBase<C>, current: RecordState, fields: readonly string[]): EditBase<C> {
  const values = { ...base.state.values };
  const clocks = { ...base.state.clocks };
  for (const field of fields) {
    for (const key of Object.keys(current.clocks)) {
      if (key === field || splitField(key)[0] === field) {
        values[key] = current.values[key];
        clocks[key] = current.clocks[key]!;
      }
    }
  }
  return { ...base, state: { values, clocks } };
}

/** Entity fields whose value in `current` differs from the base (changed elsewhere since the form opened). */
export function changedSinceBase(base: EditBase, current: RecordState): string[] {
  const spec = COLLECTION_SPECS[base.collection];
  const out: string[] = [];
  for (const field of Object.keys(spec.fields.shape)) {
    if (fieldClock(current, base.collection, field) !== fieldClock(base.state, base.collection, field)) {
      const a = spec.lists.includes(field) ? listItems(base.state, field) : base.state.values[field];
      const b = spec.lists.includes(field) ? listItems(current, field) : current.values[field];
      if (JSON.stringify(a) !== JSON.stringify(b)) out.push(field);
    }
  }
  return out;
}

/**
 * Saves `changed` (entity fields the person changed, lists as whole arrays) on the record of
 * `base`. Only those fields are written, each with its base HLC. Returns the change, or null when
 * nothing differs from the store. Throws LocalWriteError naming an invalid field (nothing written).
 */
export async function saveEdit<C extends CollectionName>(
  db: UserDatabase,
  base: EditBase<C>,
  changed: Record<string, unknown>,
): Promise<Change | null> {
  const patch = normalizePatch(base.collection, changed);
  const bases: Record<string, Hlc> = {};
  for (const field of Object.keys(patch)) bases[field] = fieldClock(base.state, base.collection, field);
  const [change] = await db.writeMany([{ collection: base.collection, id: base.id, patch, listBase: base.state, bases }]);
  return change ?? null;
}

/**
 * Creates a record holding only the fields that were set (blank optional fields are absent, not
 * null with a fresh timestamp); a many-record collection's required fields must be among them.
 * Returns the id: `id` when given, the user's id for a singleton (rule 7), else a new UUID; only
 * the last is a new record (a new letter's sealed default choice, shared/sync/record.ts addCreationFields).
 * Throws LocalWriteError naming an invalid field (nothing written).
 */
export async function createRecord<C extends CollectionName>(
  db: UserDatabase,
  collection: C,
  fields: Record<string, unknown>,
  id?: string,
): Promise<string> {
  const spec = COLLECTION_SPECS[collection];
  const given: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(fields)) if (isSet(v)) given[k] = v;
  if (hasCreatedAt(collection) && !('createdAt' in given)) given.createdAt = new Date(db.correctedNow()).toISOString(); // rule 17: the server-corrected time
  const normalized = normalizeNewRecord(collection, given);
  const patch: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(normalized)) if (k in given && isSet(v)) patch[k] = v;
  const recordId = id ?? (spec.singleton ? db.userId : crypto.randomUUID());
  // Only an id minted here makes a new record (shared/sync/record.ts addCreationFields): a given id
  // may name one this device has not pulled yet, whose sealed fields must not get defaults.
  const creates = id === undefined && !spec.singleton;
  // A create saw nothing: each field's base is '' (never written), so a concurrent create of the
  // same record (a singleton, a stable id) keeps the losing long text (rule 20).
  const bases = Object.fromEntries(Object.keys(patch).map((k) => [k, '']));
  await db.writeMany([{ collection, id: recordId, patch, bases, creates }]);
  return recordId;
}

/** A value a person set: not undefined, null, a blank string or an empty list. */
function isSet(v: unknown): boolean {
  if (v === undefined || v === null) return false;
  if (typeof v === 'string') return v.trim() !== '';
  if (Array.isArray(v)) return v.length > 0;
  return true;
}
