/**
 * Field-level last-writer-wins merge (rules 4–7 of shared/sync/README.md). Pure: the client
 * and the server call this same function, so both reach the same state from the same inputs,
 * whatever the order, duplication or repetition of those inputs.
 */
import type { Hlc } from './hlc';

/** The synced state of one record: each field's value and the HLC of its last write. */
export interface RecordState {
  values: Record<string, unknown>;
  clocks: Record<string, Hlc>;
}

export const emptyState = (): RecordState => ({ values: {}, clocks: {} });

/** Deterministic order of two values written with the same HLC (never happens for honest peers). */
function tieBreak(a: unknown, b: unknown): boolean {
  return JSON.stringify(b) > JSON.stringify(a);
}

/**
 * Merges one write (`fields`, all stamped `hlc`) into `state` IN PLACE, field by field (rule 4),
 * and returns the names of the fields that changed. Costs O(size of the write): the record's other
 * fields are not touched or copied (issue #15 "work per request is bounded").
 */
export function mergeInto(state: RecordState, fields: Record<string, unknown>, hlc: Hlc): string[] {
  const changed: string[] = [];
  for (const field of Object.keys(fields)) {
    const mine = Object.hasOwn(state.clocks, field) ? state.clocks[field] : undefined;
    const value = fields[field];
    if (mine === undefined || hlc > mine || (hlc === mine && tieBreak(state.values[field], value))) {
      state.values[field] = value;
      state.clocks[field] = hlc;
      changed.push(field);
    }
  }
  return changed;
}

/**
 * Merges `incoming` into `current` field by field: a field is taken from `incoming` only when its
 * HLC is greater (rule 4). Returns the merged state (a new object; inputs are not mutated) and the
 * names of the fields that changed.
 */
export function mergeState(
  current: RecordState | undefined,
  incoming: RecordState,
): { state: RecordState; changed: string[] } {
  const values = { ...(current?.values ?? {}) };
  const clocks = { ...(current?.clocks ?? {}) };
  const changed: string[] = [];
  for (const [field, hlc] of Object.entries(incoming.clocks)) {
    const mine = Object.hasOwn(clocks, field) ? clocks[field] : undefined;
    const value = incoming.values[field];
    if (mine === undefined || hlc > mine || (hlc === mine && tieBreak(values[field], value))) {
      values[field] = value;
      clocks[field] = hlc;
      changed.push(field);
    }
  }
  return { state: { values, clocks }, changed };
}

/** The state a single write produces: every field of `fields` stamped with `hlc`. */
export function stateOfWrite(fields: Record<string, unknown>, hlc: Hlc): RecordState {
  const clocks: Record<string, Hlc> = {};
  for (const f of Object.keys(fields)) clocks[f] = hlc;
  return { values: { ...fields }, clocks };
}
