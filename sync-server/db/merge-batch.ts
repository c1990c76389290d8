/**
 * The engine-independent half of `RecordStore.applyChanges` (record-store.ts), shared by the
 * SQLite and PostgreSQL stores so that both merge identically: each change is merged into its
 * record's state (rule 4, shared/sync/merge.ts) together with what it would make lost (rules 20
 * and 22: conflict fields and `_restorable`), and the long texts it replaced are collected for
 * the history (rule 21). Pure apart from `load`; the caller writes the result in its transaction.
 */
import type { CollectionName } from '../../shared/schema';
import { isLongText, keptVersions, mergeInto, type Change, type RecordState } from '../../shared/sync';

/** One record the batch touched: its merged state, and whether any field changed. */
export interface TouchedRecord {
  collection: CollectionName;
  id: string;
  state: RecordState;
  changed: boolean;
}

/** A long text the batch replaced (rule 21): the old text and the HLC it had been written with. */
export interface ReplacedText {
  collection: CollectionName;
  id: string;
  field: string;
  hlc: string;
  text: string;
}

/**
 * Merges `changes` in order. `load` gives a record's stored state, or null when there is none;
 * it is called once per distinct record, and the state it returns is merged in place.
 * Returns the touched records in first-touch order and the replaced long texts in order.
 */
export function mergeBatch(
  changes: readonly Change[],
  load: (collection: CollectionName, id: string) => RecordState | null,
): { touched: TouchedRecord[]; replaced: ReplacedText[] } {
  const touched = new Map<string, TouchedRecord>();
  const replaced: ReplacedText[] = [];
  for (const change of changes) {
    const key = `${change.collection}\u0000${change.id}`;
    let entry = touched.get(key);
    if (!entry) {
      entry = { collection: change.collection, id: change.id, state: load(change.collection, change.id) ?? { values: {}, clocks: {} }, changed: false };
      touched.set(key, entry);
    }
    // Rules 20, 22: what this change would make lost is kept, as fields stamped with its HLC.
    const kept = keptVersions(entry.state, change);
    const before = longTextsBefore(entry.state, change);
    // In place: a change costs its own size, not a copy of the record (issue #15).
    const changed = mergeInto(entry.state, Object.keys(kept).length > 0 ? { ...change.fields, ...kept } : change.fields, change.hlc);
    for (const field of changed) {
      const old = before.values[field];
      if (!isLongText(change.collection, field) || typeof old !== 'string' || old.trim() === '') continue;
      replaced.push({ collection: change.collection, id: change.id, field, hlc: before.clocks[field]!, text: old });
    }
    if (changed.length > 0) entry.changed = true;
  }
  return { touched: [...touched.values()], replaced };
}

/** The long-text fields `change` writes, as they are in `state` before it merges (for rule 21). */
function longTextsBefore(state: RecordState, change: Change): RecordState {
  const prev: RecordState = { values: {}, clocks: {} };
  for (const field of Object.keys(change.fields)) {
    if (!isLongText(change.collection, field) || !Object.hasOwn(state.clocks, field)) continue;
    prev.values[field] = state.values[field];
    prev.clocks[field] = state.clocks[field]!;
  }
  return prev;
}
