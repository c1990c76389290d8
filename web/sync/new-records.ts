/**
 * The states a sealed page's merge starts from (issue 41 "A new device is ready in seconds"). A new
 * device's first sync brings tens of thousands of records it does not hold: reading each one's
 * state first (one IndexedDB request a record, answered "not here") cost about a third of a page's
 * merge in Chromium. So after a page whose records were (nearly) all new here, the next page's
 * records are written at once with one bulkAdd of the state they merge to from nothing; an add
 * refused because the record is there after all (written on this device, or pulled earlier) is
 * read and merged as before, in the same transaction. The result is the same either way: only
 * the number of requests differs. A page's records are checked for freshness (sealing.ts
 * checkOpened) and merged once: what pageStates worked out for the records it added is what the
 * page's merge (apply-response.ts) uses, not worked out again.
 */
import type { BulkError } from 'dexie';
import { emptyState, mergeState, type RecordState } from '../../shared/sync/merge';
import type { FieldStateRow } from '../db/schema';
import type { UserDatabase } from '../db/user-database';
import { checkOpened, type CheckedResponse, type OpenedRecords } from './sealing';

/**
 * A record's state as a page's merge starts from it: `stored` false when this device did not hold
 * it; `added`, when pageStates already wrote its field state: its merge from nothing (mergeState
 * of the empty state and the record as checked), which the page's merge uses as it is
 * (storeStates writes only its entity).
 */
export interface PageState {
  state: RecordState;
  stored: boolean;
  added?: ReturnType<typeof mergeState>;
}

/**
 * pageStates' answer: the states of `sealed.all`, in order, and `checked`, the page checked for
 * freshness (checkOpened) when pageStates already checked it against exactly these states (every
 * record added, so each held nothing here); absent when the merge must check it itself.
 */
export interface PageStates {
  states: PageState[];
  checked?: CheckedResponse;
}

/** Share of a page's records new on this device from which the next page of the pull is added first. */
const MOSTLY_NEW = 0.9;

/** Per database: whether the last page merged was mostly new here and more pages follow it. */
const newHere = new WeakMap<UserDatabase, boolean>();

const keyOf = (r: { collection: string; id: string }) => `${r.collection}\u0000${r.id}`;

/**
 * The states of `sealed.all` (in order) on this device, inside mergeAnswer's transaction (after
 * loadWriteKit). Usually one bulkGet (UserDatabase.readStates). After a mostly new page of the same
 * pull (notePage), and when the answer refuses none of this device's changes: each record the
 * answer names once is added with its state merged from nothing (checkOpened against an empty
 * state, as for a record not held), and only the records whose add was refused (held here), named
 * twice, or left with no field are read. A record added holds its merge (PageState `added`); when
 * every record was added, `checked` is the page's freshness check against them (PageStates).
 * Throws what the add throws but a refused key.
 */
export async function pageStates(db: UserDatabase, sealed: OpenedRecords): Promise<PageStates> {
  const { all, response } = sealed;
  if (!newHere.get(db) || response.rejected.length > 0) return { states: await db.readStates(all) };
  const named = new Map<string, number>();
  for (const r of all) named.set(keyOf(r), (named.get(keyOf(r)) ?? 0) + 1);
  // Checked as held nowhere here: true of each record the add below writes (a record named twice is read instead).
  const asNew = checkOpened(sealed, all.map(() => emptyState()));
  const rows: FieldStateRow[] = [];
  const at: { i: number; merged: ReturnType<typeof mergeState> }[] = [];
  asNew.response.records.forEach((record, i) => {
    const merged = mergeState(emptyState(), record);
    const { state } = merged;
    if (named.get(keyOf(record)) !== 1 || Object.keys(state.clocks).length === 0) return;
    rows.push({ collection: record.collection, id: record.id, values: state.values, clocks: state.clocks });
    at.push({ i, merged });
  });
  const added = await addAbsent(db, rows);
  const states: (PageState | undefined)[] = all.map(() => undefined);
  at.forEach(({ i, merged }, k) => added[k] && (states[i] = { state: emptyState(), stored: false, added: merged }));
  const rest = all.flatMap((_, i) => (states[i] ? [] : [i]));
  if (rest.length === 0) return { states: states as PageState[], checked: asNew };
  // Some were held here after all (or named twice): the page is checked again against what is held.
  const read = await db.readStates(rest.map((i) => all[i]!));
  rest.forEach((i, k) => (states[i] = read[k]!));
  return { states: states as PageState[] };
}

/** Adds `rows` to fieldState with one bulkAdd; true for each row added, false where the record was already there. */
async function addAbsent(db: UserDatabase, rows: readonly FieldStateRow[]): Promise<boolean[]> {
  if (rows.length === 0) return [];
  try {
    await db.dexie.fieldState.bulkAdd(rows);
    return rows.map(() => true);
  } catch (err) {
    const failures = (err as Partial<BulkError> | null)?.name === 'BulkError' ? (err as BulkError).failuresByPos : null;
    if (!failures || Object.values(failures).some((e) => e.name !== 'ConstraintError')) throw err; // only "already there" is expected
    return rows.map((_, i) => !(i in failures));
  }
}

/** After a page merged: the next page of this pull is added first when this one's records were mostly new here. */
export function notePage(db: UserDatabase, hasMore: boolean, states: readonly PageState[]): void {
  const fresh = states.filter((s) => !s.stored).length;
  newHere.set(db, hasMore && states.length > 0 && fresh >= MOSTLY_NEW * states.length);
}
