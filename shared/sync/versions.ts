/**
 * Nothing is lost silently (rules 20–23 of shared/sync/README.md): the losing text of a concurrent
 * edit of a long text is kept as a synced conflict field, and an edit that lands on a record another
 * device deleted marks the record as restorable. Pure functions: the server's record store calls
 * `keptVersions` inside its merge transaction; clients and the server validate kept-version fields
 * with `checkKeptField` (./change.ts, with the zod schemas: this module stays zod-free, issue 41).
 */
import type { CollectionName } from '../schema/collection-names';
import { COLLECTION_FACTS } from '../schema/collection-facts';
import { GENERATED_NODE } from './generated';
import { parseHlc, type Hlc } from './hlc';
import type { RecordState } from './merge';
import { isDeleted, TOMBSTONE_FIELD } from './record';
import { isFreshnessField } from '../schema/collection-names';

/** The long texts of each collection (rule 20): their losing versions are kept. */
export const LONG_TEXT_FIELDS: Readonly<Partial<Record<CollectionName, readonly string[]>>> = {
  messages: ['messageContent'],
  deathPlan: ['obituary', 'specialRequests'],
  survivorTasks: ['description'],
};

/** Separator of a conflict field: `<field>~conflict/<loserHlc>`. */
export const CONFLICT_MARK = '~conflict/';
/** The synced field that offers back an edit made on a record another device deleted (rule 22). */
export const RESTORABLE_FIELD = '_restorable';
/** Most conflict versions kept live per field in a record; older ones are cleared (the server's history keeps them). */
export const MAX_CONFLICTS_PER_FIELD = 5;

/** A kept losing text: the text and the HLC it was written with. */
export interface ConflictVersion {
  text: string;
  at: Hlc;
}

export const isLongText = (collection: CollectionName, field: string) => LONG_TEXT_FIELDS[collection]?.includes(field) ?? false;

/** `obituary~conflict/<hlc>` for a losing text written at `hlc`. */
export const conflictKey = (field: string, loserHlc: Hlc) => `${field}${CONFLICT_MARK}${loserHlc}`;

/** `[field, loserHlc]` of a conflict key, or null when `key` is not one. */
export function parseConflictKey(key: string): [string, Hlc] | null {
  const i = key.indexOf(CONFLICT_MARK);
  if (i <= 0) return null;
  return [key.slice(0, i), key.slice(i + CONFLICT_MARK.length)];
}

/** The live conflict versions of `field` in `state`, newest first. */
export function conflictVersions(state: RecordState, field: string): (ConflictVersion & { key: string })[] {
  const out: (ConflictVersion & { key: string })[] = [];
  for (const [key, value] of Object.entries(state.values)) {
    const parsed = parseConflictKey(key);
    if (!parsed || parsed[0] !== field || value === null || typeof value !== 'object') continue;
    out.push({ key, ...(value as ConflictVersion) });
  }
  return out.sort((a, b) => (a.at < b.at ? 1 : a.at > b.at ? -1 : 0));
}

/** A change as the server sees it: fields, HLC, and for each field the HLC its writer edited from. */
interface IncomingChange {
  collection: CollectionName;
  hlc: Hlc;
  fields: Record<string, unknown>;
  bases?: Record<string, Hlc>;
}

/**
 * A delete's view of its record (rule 22): the HLC of each field a person wrote in `state` as the
 * deleting device shows it — not the tombstone, kept-version fields, server-only fields (e.g.
 * `delivered`) or generated content (rule 18). A delete carries it as its `bases`, so the server
 * can tell an edit the deleting device had not seen. Returns `{ [fieldKey]: hlc }`.
 */
export function deleteView(collection: CollectionName, state: RecordState): Record<string, Hlc> {
  const serverOnly = COLLECTION_FACTS[collection].serverOnly;
  const view: Record<string, Hlc> = {};
  for (const [key, hlc] of Object.entries(state.clocks)) {
    if (key === TOMBSTONE_FIELD || key === RESTORABLE_FIELD || parseConflictKey(key) !== null || isFreshnessField(key)) continue;
    if (serverOnly.includes(key.split('/')[0]!) || parseHlc(hlc)?.node === GENERATED_NODE) continue;
    view[key] = hlc;
  }
  return view;
}

/**
 * Rule 22, a delete landing after an edit: the newest HLC of a field of `before` that the
 * delete's view (`bases`, see deleteView) does not show as it is — an edit its device had not
 * seen — or null. A delete without bases (older clients) finds nothing.
 */
function unseenByDelete(before: RecordState, change: IncomingChange): Hlc | null {
  if (change.fields[TOMBSTONE_FIELD] !== true || isDeleted(before) || !change.bases) return null;
  let newest: Hlc | null = null;
  for (const [key, hlc] of Object.entries(deleteView(change.collection, before))) {
    if (change.bases[key] !== hlc && (newest === null || hlc > newest)) newest = hlc;
  }
  return newest;
}

const textOf = (v: unknown) => (typeof v === 'string' && v.trim() !== '' ? v : null);

/** A sealed value (envelope v1, shared/crypto/README.md): one ASCII string with no spaces, `v<n>.<kid>.<16-char nonce>.<ct>`. */
const ENVELOPE = /^v[0-9]+\.[A-Za-z0-9_:~-]+\.[A-Za-z0-9_-]{16}\.[A-Za-z0-9_-]+$/;
const isSealed = (v: unknown) => typeof v === 'string' && ENVELOPE.test(v);

/**
 * The fields the server adds (stamped with the change's own HLC) when merging `change` into
 * `before` (rules 20–22): for each long text the change writes, the text that loses, when its
 * writer had not seen the other (an incoming write winning over a value whose HLC is not its base,
 * or an incoming write losing to a newer value, seen for the first time); older conflict versions
 * beyond MAX_CONFLICTS_PER_FIELD cleared; and `_restorable` when the change edits a record that
 * is deleted, or deletes a record with an edit its device had not seen (its `bases`, deleteView). Generated content (rule 18) never makes versions. Returns {} when nothing is kept.
 */
export function keptVersions(before: RecordState, change: IncomingChange): Record<string, unknown> {
  const out: Record<string, unknown> = {};
  if (parseHlc(change.hlc)?.node === GENERATED_NODE) return out;
  for (const field of LONG_TEXT_FIELDS[change.collection] ?? []) {
    if (!(field in change.fields)) continue;
    const current = before.clocks[field];
    const incoming = textOf(change.fields[field]);
    const existing = textOf(before.values[field]);
    const base = change.bases?.[field];
    // Rule 27: sealed texts are never compared here (each envelope differs); the device dismisses identical ones.
    const sealed = isSealed(change.fields[field]) || isSealed(before.values[field]);
    if (current === undefined || current === change.hlc || (!sealed && change.fields[field] === before.values[field])) continue;
    let loser: ConflictVersion | null = null;
    if (change.hlc > current) {
      if (base !== undefined && base !== current && existing !== null) loser = { text: existing, at: current };
    } else if (incoming !== null && !(conflictKey(field, change.hlc) in before.clocks)) {
      loser = { text: incoming, at: change.hlc };
    }
    if (!loser) continue;
    out[conflictKey(field, loser.at)] = loser;
    const live = conflictVersions(before, field).filter((v) => v.key !== conflictKey(field, loser.at));
    for (const old of live.slice(MAX_CONFLICTS_PER_FIELD - 1)) out[old.key] = null;
  }
  const unseen = unseenByDelete(before, change);
  if (unseen !== null) out[RESTORABLE_FIELD] = { at: unseen };
  const editsFields = Object.keys(change.fields).some((k) => k !== TOMBSTONE_FIELD && parseConflictKey(k) === null && k !== RESTORABLE_FIELD && !isFreshnessField(k));
  if (isDeleted(before) && !(TOMBSTONE_FIELD in change.fields) && editsFields) {
    const changesSomething = Object.keys(change.fields).some((k) => before.clocks[k] === undefined || change.hlc > before.clocks[k]!);
    if (changesSomething) out[RESTORABLE_FIELD] = { at: change.hlc };
  }
  return out;
}
