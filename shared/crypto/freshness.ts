/**
 * Freshness of a sealed record (issue 39 "No back door", attack 5; README.md "Freshness"): what
 * lets a device and a release page refuse a value the server brought back after the owner replaced
 * it, and a plain value (the deletion mark above all) the owner never wrote.
 *
 * An envelope already binds its owner, collection, record, field and HLC (envelope.ts), so the
 * server cannot forge or move a sealed value; it could only serve an OLDER envelope with its own
 * older HLC, and it could write any plain field. So every change the owner's device pushes carries,
 * at the change's own HLC and sealed under the record's own scope (fields.ts VERSION_CLASS):
 *
 * - `_version` (RecordVersion): the writer's view of the record: the HLC of each field as its
 *   device held it (those not newer than the change), and the deletion mark's value. A reader
 *   refuses a field older than the newest version names (RolledBackError) and a deletion mark at
 *   the version's HLC for it that is not the version's (UnvouchedError).
 * - `_auth/_deleted`: when the change writes the deletion mark, the same value sealed (its "twin").
 *   A deletion mark newer than the version names (another device's concurrent delete: the version
 *   is last-writer-wins like every field) is taken only with a twin of its own HLC and value.
 *   Other plain fields newer than the version are taken as they come: the server acts on them
 *   (a recipient's address, a delivery date) and writes some itself over REST (SECURITY.md "Freshness").
 *
 * A device also keeps the newest version it pulled (its own field state): a pulled record whose
 * version is older than that is refused whole. What remains possible is said in SECURITY.md
 * ("Freshness"): a record wholly replayed to an older state of its own, shown to a device (or page)
 * that never saw a newer one, and a whole-account rollback. Records written before this (no
 * `_version` yet) are taken as they are until the owner's device writes them next.
 */
import { isFreshnessField, TOMBSTONE_FIELD, TWIN_PREFIX, VERSION_FIELD, type CollectionName } from '../schema/collection-names';
import type { RecordState } from '../sync/merge';
import { CryptoError, MalformedError, RolledBackError, UnknownKeyError, UnvouchedError } from './errors';
import { sealedScope } from './fields';

export { isFreshnessField, TWIN_PREFIX, VERSION_FIELD };

/** The format of `_version`'s value this code writes and reads. */
export const FRESHNESS_VERSION = 1;

/**
 * A record's version as sealed in `_version`, kept small (every push carries one; issue 39 "Speed
 * and size"): `at` maps an HLC (`""`: the version's own, its stored clock) to the fields the writer
 * held at it, a field by its number (FIELD_NUMBERS), any other (a list item) by name; `d` is
 * the deletion mark's value when the writer held one.
 */
export interface RecordVersion {
  v: number;
  at: Record<string, (number | string)[]>;
  d?: boolean;
}

/**
 * The fields a version names by number (its index here; every other field by its name). Part of
 * the format of version 1: append only, never reorder or remove (a stored version would name
 * another field); a field added to fields.ts without being added here is simply named in full.
 */
const FIELD_NUMBERS: Record<CollectionName, readonly string[]> = {
  profile: ['firstName', 'email', 'emailName', 'lastName', 'birthdate', 'values', 'beliefs', 'contactEmail', 'emergencyContact', 'healthInfo', 'profileCompletion'],
  deathPlan: ['createdAt', 'funeralType', 'location', 'burialPreference', 'musicSelections', 'readings', 'specialRequests', 'obituary', 'completed', 'hometown', 'occupation', 'achievements', 'familyMembers', 'personalQualities', 'musicGenres'],
  messages: ['createdAt', 'recipientEmail', 'deliveryDate', 'delivered', 'deliveredAt', 'openedAt', 'fileBlobId', 'contentRevision', 'recipientName', 'messageType', 'messageContent', 'file'],
  documents: ['createdAt', 'documentType', 'documentName', 'documentUrl', 'originalLocation', 'file', 'fileBlobId'],
  trustees: ['createdAt', 'email', 'accessLevel', 'name', 'phone', 'relationship'],
  survivorTasks: ['createdAt', 'title', 'description', 'category', 'timeframe', 'automationLevel', 'priority', 'resources', 'automationSteps', 'notifyTrustees', 'completionStatus'],
};
const fieldOrder = (collection: CollectionName): readonly string[] => [TOMBSTONE_FIELD, ...FIELD_NUMBERS[collection]];

/**
 * Plain fields only the server writes (shared/schema/collections.ts `serverOnly`; this module, like
 * fields.ts, imports no schema): a message's delivery state. A version does not name them.
 */
const SERVER_WRITTEN: Partial<Record<CollectionName, readonly string[]>> = { messages: ['delivered', 'deliveredAt', 'openedAt'] };
const serverWritten = (collection: CollectionName, field: string) => SERVER_WRITTEN[collection]?.includes(field) ?? false;

/** True when a version names `field`: a field a person's device writes (not the server's own, not freshness or kept fields). */
function isVersioned(collection: CollectionName, field: string): boolean {
  if (isFreshnessField(field) || field === '_restorable' || field.includes('~conflict/')) return false;
  return !serverWritten(collection, field);
}

/**
 * The version a change of `collection` written at `hlc` carries, from `state` (the writing device's
 * field state of the record, which holds the change): every versioned field whose HLC is not newer
 * than `hlc` (a later local write's field is left to that write's own version).
 */
export function versionOf(collection: CollectionName, state: RecordState, hlc: string): RecordVersion {
  const order = fieldOrder(collection);
  const at: Record<string, (number | string)[]> = {};
  for (const [field, clock] of Object.entries(state.clocks)) {
    if (clock > hlc || !isVersioned(collection, field)) continue;
    const index = order.indexOf(field);
    (at[clock === hlc ? '' : clock] ??= []).push(index < 0 ? field : index);
  }
  const d = state.values[TOMBSTONE_FIELD];
  return { v: FRESHNESS_VERSION, at, ...(typeof d === 'boolean' && (state.clocks[TOMBSTONE_FIELD] ?? '') <= hlc ? { d } : {}) };
}

/**
 * The freshness fields of a change (not sealed yet: sealed-record.ts sealFields seals them with
 * the change): `_version` (versionOf) and, for a change of the deletion mark, its twin `_auth/_deleted`.
 */
export function freshnessFields(collection: CollectionName, state: RecordState, hlc: string, fields: Readonly<Record<string, unknown>>): Record<string, unknown> {
  const out: Record<string, unknown> = { [VERSION_FIELD]: versionOf(collection, state, hlc) };
  if (Object.hasOwn(fields, TOMBSTONE_FIELD)) out[TWIN_PREFIX + TOMBSTONE_FIELD] = fields[TOMBSTONE_FIELD];
  return out;
}

/**
 * The freshness fields of stored state `r` (`_version`, `_auth/…`) and its plain deletion mark, with
 * their HLCs: what the server hands a page that opens a record one field at a time, for it to hold
 * the fields it opens to their owner's version (web/release/page-freshness.ts, shared/release/handover-links.ts).
 */
export function freshnessState(r: RecordState): RecordState {
  const values: Record<string, unknown> = {};
  const clocks: Record<string, string> = {};
  for (const [f, clock] of Object.entries(r.clocks)) {
    if (!isFreshnessField(f) && f !== TOMBSTONE_FIELD) continue;
    values[f] = r.values[f];
    clocks[f] = clock;
  }
  return { values, clocks };
}

/** The fields `value` (a RecordVersion stored at `own`) names and their HLCs, or null when it is not one. */
function namedBy(collection: CollectionName, value: unknown, own: string): { named: Map<string, string>; d: unknown } | null {
  const v = value as RecordVersion | null;
  if (!v || typeof v !== 'object' || v.v !== FRESHNESS_VERSION || !v.at || typeof v.at !== 'object') return null;
  const order = fieldOrder(collection);
  const named = new Map<string, string>();
  for (const [clock, fields] of Object.entries(v.at)) {
    if (!Array.isArray(fields)) return null;
    for (const f of fields) {
      const field = typeof f === 'number' ? order[f] : typeof f === 'string' ? f : undefined;
      if (field === undefined) return null;
      named.set(field, clock === '' ? own : clock);
    }
  }
  return { named, d: v.d };
}

/**
 * True when the version of `got` did not open for want of its key, and this reader truly lacks the
 * key of the version's scope: no sealed value of that scope opened either. A server that rewrote
 * only the version's key id (so that it reads as a key this reader lacks) beside fields that open
 * is not believed (the version then vouches for nothing, as a damaged one).
 */
function lacksVersionKey(collection: CollectionName, got: OpenedRecord): boolean {
  if (!(got.errors[VERSION_FIELD] instanceof UnknownKeyError)) return false;
  const scope = (field: string) => {
    try {
      return sealedScope(collection, '-', field);
    } catch {
      return null; // a field not declared: not this scope's
    }
  };
  const own = scope(VERSION_FIELD);
  return !Object.entries(got.values).some(([field, value]) => value !== null && !isFreshnessField(field) && scope(field) === own);
}

/** A record as a reader has it: opened values (a field that did not open is in `errors`), and every field's HLC. */
export interface OpenedRecord {
  values: Record<string, unknown>;
  clocks: Record<string, string>;
  errors: Record<string, CryptoError>;
}

/**
 * Checks the freshness of a record of `collection` as opened (`got`), against `known`, the state
 * this device already holds (opened values; omitted on a page or a new device). Returns the
 * fields to refuse and why (RolledBackError, UnvouchedError, MalformedError); none for a record
 * written before versions (no `_version` here nor known). Pure; the caller leaves the refused
 * fields out of what it merges or shows, value and clock.
 */
export function checkFreshness(collection: CollectionName, got: OpenedRecord, known?: RecordState): Record<string, CryptoError> {
  const refused: Record<string, CryptoError> = {};
  const gotClock = got.clocks[VERSION_FIELD];
  const knownClock = known?.clocks[VERSION_FIELD];
  if (gotClock === undefined && knownClock === undefined) return refused; // written before versions (SECURITY.md "Freshness")
  if (knownClock !== undefined && (gotClock === undefined || gotClock < knownClock)) {
    // The whole record is older than one this device already pulled: nothing of it merges.
    const why = new RolledBackError(`This ${collection} record is older than one this device already saw`);
    for (const field of Object.keys(got.clocks)) refused[field] = why;
    return refused;
  }
  const own = gotClock ?? knownClock!;
  const opened = gotClock !== undefined && !got.errors[VERSION_FIELD] ? namedBy(collection, got.values[VERSION_FIELD], gotClock) : null;
  if (gotClock !== undefined && !opened && !got.errors[VERSION_FIELD]) refused[VERSION_FIELD] = new MalformedError('The record version is not one this app reads');
  const version = opened ?? (knownClock === gotClock ? namedBy(collection, known?.values[VERSION_FIELD], own) : null);
  if (gotClock !== undefined && version === null && !lacksVersionKey(collection, got)) {
    // A version that does not open (or reads as nothing known) vouches for nothing: were its fields
    // taken unchecked, damaging the version would let any older field back in. Nothing merges.
    // (Not when this reader lacks the key of the record's scope: its sealed fields of that scope fail
    // the same way already, and that is the reader's state, not the server's doing: a trustee's page
    // without a letter's key, an export opened without keys.)
    const why = got.errors[VERSION_FIELD] ?? refused[VERSION_FIELD]!;
    for (const field of Object.keys(got.clocks)) refused[field] = why;
    return refused;
  }
  const named = version?.named ?? new Map<string, string>();
  for (const [field, clock] of named) {
    const now = got.clocks[field];
    if (now === undefined || now < clock) refused[field] = new RolledBackError(`${field} is older than its owner's last version (${clock})`);
  }
  const clock = got.clocks[TOMBSTONE_FIELD];
  if (clock !== undefined && !refused[TOMBSTONE_FIELD]) {
    const value = got.values[TOMBSTONE_FIELD];
    const twin = TWIN_PREFIX + TOMBSTONE_FIELD;
    if (named.get(TOMBSTONE_FIELD) === clock) {
      if (version!.d !== value) refused[TOMBSTONE_FIELD] = new UnvouchedError(`The deletion mark is not the one its owner wrote at ${clock}`);
    } else if (got.clocks[twin] !== clock || got.errors[twin] || got.values[twin] !== value) {
      // Newer than the version (another device's delete carries its twin), or a mark the server wrote.
      refused[TOMBSTONE_FIELD] = new UnvouchedError('The deletion mark was not written by its owner\'s device');
    }
  }
  return refused;
}

