/**
 * The pure parts of the record forms (web/forms/record-form-session.ts; DESIGN.md §2 "Screens write
 * what changed"): which fields react-hook-form counts as changed, how a list the person edited
 * follows another device's edits of the same list, and which changed fields are in conflict.
 */
import { COLLECTION_SPECS, type CollectionName } from '../../shared/schema/collections';
import type { RecordState } from '../../shared/sync/merge';
import { listItems } from '../../shared/sync/record';
import { changedSinceBase, type EditBase } from '../db/edit-session';

/**
 * True when an entry of react-hook-form's `dirtyFields` marks a change: `true`, or an array or
 * object holding one anywhere (a list or nested value changed in part).
 */
export function isDirtyEntry(entry: unknown): boolean {
  if (entry === true) return true;
  if (Array.isArray(entry)) return entry.some(isDirtyEntry);
  if (entry !== null && typeof entry === 'object') return Object.values(entry).some(isDirtyEntry);
  return false;
}

/** The top-level field names `dirtyFields` marks as changed. */
export function dirtyNames(dirtyFields: object): string[] {
  return Object.entries(dirtyFields)
    .filter(([, v]) => isDirtyEntry(v))
    .map(([k]) => k);
}

/** `values` limited to `fields`. */
export function pick<V extends object>(values: V, fields: readonly string[]): Partial<V> {
  const out: Partial<V> = {};
  for (const f of fields) if (f in values) (out as Record<string, unknown>)[f] = (values as Record<string, unknown>)[f];
  return out;
}

/**
 * A three-way merge of a text list (rule 6 of shared/sync/README.md, as the form shows it):
 * `theirs` (the store now) without the items the person removed from `base`, plus the items the
 * person added, in the person's order after the others. Counts repeated texts as separate items.
 */
export function mergeList(base: readonly string[], mine: readonly string[], theirs: readonly string[]): string[] {
  const count = (list: readonly string[]) => {
    const m = new Map<string, number>();
    for (const t of list) m.set(t, (m.get(t) ?? 0) + 1);
    return m;
  };
  const inBase = count(base);
  const inMine = count(mine);
  const removed = new Map<string, number>();
  for (const [t, n] of inBase) if (n > (inMine.get(t) ?? 0)) removed.set(t, n - (inMine.get(t) ?? 0));
  const out: string[] = [];
  for (const t of theirs) {
    const r = removed.get(t) ?? 0;
    if (r > 0) removed.set(t, r - 1);
    else out.push(t);
  }
  const seenBase = new Map(inBase);
  for (const t of mine) {
    const b = seenBase.get(t) ?? 0;
    if (b > 0) seenBase.set(t, b - 1);
    else out.push(t);
  }
  return out;
}

/** True when `field` of `collection` is a synced list (merged item by item, never in conflict). */
export const isListField = (collection: CollectionName, field: string) => COLLECTION_SPECS[collection].lists.includes(field);

/** The items of list `field` in `state`, as the form shows them. */
export const listTexts = (state: RecordState, field: string) => listItems(state, field).map((i) => i.text);

/**
 * What the form does when the store changed to `current` while it was open with `dirty` fields:
 * `follow` are the changed fields the person did not touch (they take the store's value and the
 * base moves to it: the person has now seen it), `mergeLists` the changed list fields the person
 * did edit (merged with mergeList, base moved too), and `conflicts` the other changed fields the
 * person edited (left alone; the form says so next to the field).
 */
export function classifyChanges(
  base: EditBase,
  current: RecordState,
  dirty: readonly string[],
): { follow: string[]; mergeLists: string[]; conflicts: string[] } {
  const changed = changedSinceBase(base, current);
  const follow: string[] = [];
  const mergeLists: string[] = [];
  const conflicts: string[] = [];
  for (const f of changed) {
    if (!dirty.includes(f)) follow.push(f);
    else if (isListField(base.collection, f)) mergeLists.push(f);
    else conflicts.push(f);
  }
  return { follow, mergeLists, conflicts };
}
