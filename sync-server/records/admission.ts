/**
 * Admission of validated changes against what the account already holds (issue #15): a change
 * that would bring a record to life must leave it whole (every required field of its collection
 * present), and no change may pass a limit of
 * Config.limits (shared/limits.ts defaults; list items, bytes per record, live records per collection, trustees, bytes per
 * account). Each change is merged IN PLACE into a working copy of its record loaded once per push,
 * so a push costs its own size plus one parse of each record it touches; a refused change is
 * undone field by field.
 */
import { COLLECTION_SPECS, type CollectionName } from '../../shared/schema';
import {
  isDeleted,
  LIST_SEPARATOR,
  mergeInto,
  splitField,
  type Change,
  type RecordState,
  type ServerRecord,
} from '../../shared/sync';
import { CAS_REFUSAL } from '../../shared/sync/cas';
import { z } from '../../shared/schema/z';
import type { Limits } from '../config-limits';
import type { AccountUsage } from './store/usage';

/** Why a change was refused: the reason, the field it names, and the HTTP status a REST write answers. */
export interface Refusal {
  reason: string;
  path: string;
  status: 400 | 403 | 409 | 413;
}

interface Entry {
  collection: CollectionName;
  id: string;
  /** The record as loaded (null when none); its state is the working copy, merged in place. */
  loaded: ServerRecord | null;
  state: RecordState;
  live: boolean;
  bytes: number;
  items: Map<string, number>;
}

const byteLength = (s: string) => Buffer.byteLength(s, 'utf8');
/** True for a list item's stored field (`list/itemId`, splitField), without splitting every field of every change. */
const isListItem = (field: string) => field.includes(LIST_SEPARATOR);
/** Printable ASCII but `"` and `\`: a string of these alone is its own JSON text between two quotes, one byte a character (an envelope, an HLC). */
const JSON_PLAIN_ASCII = /^[\x20\x21\x23-\x5b\x5d-\x7e]*$/;
/** The UTF-8 bytes of `JSON.stringify(value)` (0 for undefined), without making that text for a plain ASCII string. */
export const jsonBytes = (value: unknown) => (typeof value === 'string' && JSON_PLAIN_ASCII.test(value) ? value.length + 2 : byteLength(JSON.stringify(value) ?? ''));
const fieldBytes = (field: string, value: unknown, hlc: string | undefined) =>
  value === undefined && hlc === undefined ? 0 : field.length * 2 + jsonBytes(value) + (hlc?.length ?? 0) + 8;

/**
 * Fields a record must hold to be whole: not lists, no default, not nullable (null is the default
 * of those). Every value was already parsed with its field's schema (validateChange), and the
 * collections' object schemas have no cross-field rules, so "every required field present" is
 * exactly "the whole record parses" — without parsing the record again per change
 * (admission.test.ts checks this equivalence against the schemas).
 */
const REQUIRED = Object.fromEntries(
  (Object.keys(COLLECTION_SPECS) as CollectionName[]).map((c) => {
    const spec = COLLECTION_SPECS[c];
    const required = Object.entries(spec.fields.shape)
      .filter(([k]) => !spec.lists.includes(k) && !(spec.defaults && k in spec.defaults))
      .filter(([, s]) => !z.safeParse(s, undefined).success && !z.safeParse(s, null).success)
      .map(([k]) => k);
    return [c, required];
  }),
) as Record<CollectionName, string[]>;

/** Most live records of `collection` one account may hold under `limits`. */
export const recordLimitOf = (limits: Limits, collection: CollectionName) =>
  collection === 'trustees' ? limits.trustees : limits.recordsPerCollection;

/**
 * One push's admission for `userId`. `load` reads a record (once per record per push); `usage` is
 * the account's usage before the push, updated here as changes are admitted; `limits` is Config.limits.
 */
export function createAdmission(
  userId: string,
  load: (collection: CollectionName, id: string) => ServerRecord | null,
  usage: AccountUsage,
  limits: Limits,
) {
  const entries = new Map<string, Entry>();

  const entryOf = (collection: CollectionName, id: string): Entry => {
    const key = `${collection}/${id}`;
    let e = entries.get(key);
    if (e) return e;
    const loaded = load(collection, id);
    const state: RecordState = loaded ? { values: loaded.values, clocks: loaded.clocks } : { values: {}, clocks: {} };
    const items = new Map<string, number>();
    for (const [field, value] of Object.entries(state.values)) {
      const [list, item] = splitField(field);
      if (item !== null && value !== null) items.set(list, (items.get(list) ?? 0) + 1);
    }
    const live = loaded !== null && !isDeleted(state);
    e = {
      collection,
      id,
      loaded,
      state,
      live,
      bytes: loaded ? byteLength(JSON.stringify(state)) : 0,
      items,
    };
    entries.set(key, e);
    return e;
  };

  /**
   * The refusal for `e` as it now stands after a merge, or null when it may stay. Growth past a
   * limit is refused; a change that shrinks (or deletes) is always allowed.
   */
  const check = (e: Entry, changed: readonly string[], bytesDelta: number): Refusal | null => {
    if (bytesDelta > 0 && e.bytes + bytesDelta > limits.recordBytes) {
      return { reason: `${e.collection}: a record may hold at most ${limits.recordBytes / 1024} KB`, path: e.collection, status: 413 };
    }
    if (bytesDelta > 0 && usage.bytes + bytesDelta > limits.accountBytes) {
      return { reason: `This account may store at most ${limits.accountBytes / 1024 / 1024} MB`, path: e.collection, status: 413 };
    }
    for (const field of changed) {
      if (!isListItem(field)) continue;
      const [list] = splitField(field);
      // Only an added item is refused: removing items from an over-long (older) list stays possible.
      if (e.state.values[field] === null) continue;
      if ((e.items.get(list) ?? 0) > limits.listItems) {
        return { reason: `${e.collection}.${list}: at most ${limits.listItems} items`, path: list, status: 413 };
      }
    }
    if (isDeleted(e.state)) return null;
    const missing = REQUIRED[e.collection].find((f) => e.state.values[f] === undefined);
    if (missing) {
      return { reason: `${e.collection}.${missing}: required (a new record needs every required field)`, path: missing, status: 400 };
    }
    if (!e.live && usage.live[e.collection] + 1 > recordLimitOf(limits, e.collection)) {
      const limit = recordLimitOf(limits, e.collection);
      return { reason: `${e.collection}: an account may hold at most ${limit} records here`, path: e.collection, status: 403 };
    }
    return null;
  };

  return {
    /**
     * Merges `change` into its record's working copy when it keeps every rule; returns null then,
     * or the refusal (and the working copy is as before).
     */
    admit(change: Change): Refusal | null {
      const e = entryOf(change.collection, change.id);
      // Rule 28: compare-and-set against the record as this push has merged it so far.
      for (const [field, at] of Object.entries(change.ifClocks ?? {})) {
        const stored = e.state.clocks[field] ?? '';
        if (stored !== at) return { reason: `${change.collection}.${field}: ${CAS_REFUSAL} (its clock is ${stored || 'unset'}, not ${at || 'unset'}): the write was not applied`, path: field, status: 409 };
      }
      const before = Object.keys(change.fields).map((f) => [f, e.state.values[f], e.state.clocks[f]] as const);
      let itemsBefore: Map<string, number> | null = null; // copied only when a list item changes
      const changed = mergeInto(e.state, change.fields, change.hlc);
      if (changed.length === 0) return null;
      const changedSet = new Set(changed);
      let delta = 0;
      for (const [f, value, hlc] of before) {
        if (!changedSet.has(f)) continue;
        delta += fieldBytes(f, e.state.values[f], e.state.clocks[f]) - fieldBytes(f, value, hlc);
        if (!isListItem(f)) continue;
        const [list] = splitField(f);
        itemsBefore ??= new Map(e.items);
        const was = value !== undefined && value !== null ? 1 : 0;
        const now = e.state.values[f] !== null ? 1 : 0;
        e.items.set(list, (e.items.get(list) ?? 0) + now - was);
      }
      const refusal = check(e, changed, delta);
      if (refusal) {
        for (const [f, value, hlc] of before) {
          if (value === undefined) delete e.state.values[f];
          else e.state.values[f] = value;
          if (hlc === undefined) delete e.state.clocks[f];
          else e.state.clocks[f] = hlc;
        }
        if (itemsBefore) e.items = itemsBefore;
        return refusal;
      }
      const liveNow = !isDeleted(e.state);
      if (liveNow !== e.live) usage.live[e.collection] += liveNow ? 1 : -1;
      e.live = liveNow;
      e.bytes += delta;
      usage.bytes += delta;
      return null;
    },
    /**
     * The server's state of a record after this push (`changed` holds the records the store
     * wrote, with their new sequence), or null when it has none.
     */
    stateOf(collection: CollectionName, id: string, changed: ReadonlyMap<string, ServerRecord>): ServerRecord | null {
      const key = `${collection}/${id}`;
      const written = changed.get(key);
      if (written) return written;
      const e = entries.get(key) ?? entryOf(collection, id);
      if (!e.loaded) return null;
      return { collection, id, seq: e.loaded.seq, values: e.state.values, clocks: e.state.clocks };
    },
  };
}
