/**
 * The engine-independent half of `RecordStore.applyChanges` (record-store.ts), shared by the
 * SQLite and PostgreSQL stores so that both merge identically: each change is merged into its
 * record's state (rule 4, shared/sync/merge.ts) together with what it would make lost (rules 20
 * and 22: conflict fields and `_restorable`), and the long texts it replaced are collected for
 * the history (rule 21). Pure apart from `load`; the caller writes the result in its transaction.
 */
import { baseField, sealedScope } from '../../../shared/crypto/fields';
import type { CollectionName } from '../../../shared/schema';
import { isLongText, keptVersions, mergeInto, type Change, type RecordState } from '../../../shared/sync';
import { SEAL_REFUSALS } from '../../../shared/sync/protocol';
import { ApiHttpError } from '../../http/errors';

/**
 * The store's last guard for a sealed account (`account_keys.sealed_at` set, read in the merge's
 * own transaction): no change may put a plain value into a sealed field (issue 29 "Sealed
 * fields"; shared/sync/README.md rule 24), whichever server path made it. Admission checks the
 * envelopes first and answers with the refusal a device re-seals on (records/sealed-check.ts);
 * this only checks the shape, so a path that skipped admission fails loudly with 422 naming the
 * field and nothing of the batch is written. A plain `null` stays allowed where the server must
 * see it (a removed list item, a dismissed kept version). Undeclared fields are the schema's.
 */
export class SealedPlaintextError extends ApiHttpError {
  constructor(readonly collection: CollectionName, readonly field: string) {
    const reason = `${collection}.${field}: ${SEAL_REFUSALS.plaintext} (this account's words are end-to-end encrypted, so the server accepts no plain text here)`;
    super(422, reason, [{ path: field, message: reason }]);
  }
}

/** Throws SealedPlaintextError for the first plain value in a sealed field of `changes` (see above). */
export function refusePlaintextInSealed(changes: readonly Change[]): void {
  for (const { collection, id, fields } of changes) {
    for (const [field, value] of Object.entries(fields)) {
      let scope: string | null;
      try {
        scope = sealedScope(collection, id, field);
      } catch {
        continue; // undeclared: refused by the change's schema
      }
      if (scope === null || (value === null && field !== baseField(field))) continue;
      if (typeof value !== 'string' || !/^v[0-9]+\./.test(value)) throw new SealedPlaintextError(collection, field);
    }
  }
}

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
