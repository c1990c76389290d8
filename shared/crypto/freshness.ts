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
 * - `_version`: `{ v: 1, at: { <hlc>: [field, …] }, plain: { <field>: value } }`, the writer's view of
 *   the record: the HLC of each field as its device held it (those not newer than the change), and
 *   the value of each vouched plain field (VOUCHED below) in that view. A reader refuses a field
 *   older than the newest version names (RolledBackError) and a plain value at the version's HLC
 *   for it that is not the version's (UnvouchedError).
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
import { FIELD_CLASSES, type FieldClass } from './fields';
import { isFreshnessField, TOMBSTONE_FIELD, TWIN_PREFIX, VERSION_FIELD, type CollectionName } from '../schema/collection-names';
import type { RecordState } from '../sync/merge';
import { CryptoError, MalformedError, RolledBackError, UnvouchedError } from './errors';

export { isFreshnessField, TWIN_PREFIX, VERSION_FIELD };

/** The format of `_version`'s value this code writes and reads. */
export const FRESHNESS_VERSION = 1;

/** A record's version as sealed in `_version`. */
export interface RecordVersion {
  v: number;
  /** HLC → the fields the writer held at that HLC. */
  at: Record<string, string[]>;
  /** Each vouched plain field of the writer's view and its value. */
  plain: Record<string, unknown>;
}

/**
 * Plain fields derived by the device from sealed ones (record.ts DERIVED_FIELDS: a blob id the
 * sealed file reference names, a random revision token), left unvouched so a sealed REST write
 * (which the server completes with them) never shows as an error.
 */
const UNVOUCHED_PLAIN = new Set(['fileBlobId', 'contentRevision']);

/**
 * Plain fields only the server writes (shared/schema/collections.ts `serverOnly`; this module, like
 * fields.ts, imports no schema): a message's delivery state. Neither vouched nor versioned.
 */
const SERVER_WRITTEN: Partial<Record<CollectionName, readonly string[]>> = { messages: ['delivered', 'deliveredAt', 'openedAt'] };
const serverWritten = (collection: CollectionName, field: string) => SERVER_WRITTEN[collection]?.includes(field) ?? false;

/**
 * True when `field` of `collection` is a plain field the owner writes and a reader checks: the
 * deletion mark and every plain field but the server's own (a message's delivery state) and the
 * derived ones. Kept versions and `_restorable` are the server's (rules 20–23) and are not vouched.
 */
export function isVouched(collection: CollectionName, field: string): boolean {
  if (field === TOMBSTONE_FIELD) return true;
  const cls = (FIELD_CLASSES[collection] as Record<string, FieldClass>)[field];
  return cls === 'plain' && !UNVOUCHED_PLAIN.has(field) && !serverWritten(collection, field);
}

/** True when a version names `field`: a field a person's device writes (not the server's own, not freshness or kept fields). */
function isVersioned(collection: CollectionName, field: string): boolean {
  if (isFreshnessField(field) || field === '_restorable' || field.includes('~conflict/')) return false;
  if (field === TOMBSTONE_FIELD) return true;
  return !serverWritten(collection, field);
}

/**
 * The version a change of `collection` written at `hlc` carries, from `state` (the writing device's
 * field state of the record, which holds the change): every versioned field whose HLC is not newer
 * than `hlc` (a later local write's field is left to that write's own version).
 */
export function versionOf(collection: CollectionName, state: RecordState, hlc: string): RecordVersion {
  const at: Record<string, string[]> = {};
  const plain: Record<string, unknown> = {};
  for (const [field, clock] of Object.entries(state.clocks)) {
    if (clock > hlc || !isVersioned(collection, field)) continue;
    (at[clock] ??= []).push(field);
    if (isVouched(collection, field)) plain[field] = state.values[field] ?? null;
  }
  return { v: FRESHNESS_VERSION, at, plain };
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

/** `value` as a RecordVersion, or null when it is not one. */
function asVersion(value: unknown): RecordVersion | null {
  const v = value as RecordVersion | null;
  if (!v || typeof v !== 'object' || v.v !== FRESHNESS_VERSION || !v.at || typeof v.at !== 'object' || !v.plain || typeof v.plain !== 'object') return null;
  return Object.values(v.at).every((fields) => Array.isArray(fields) && fields.every((f) => typeof f === 'string')) ? v : null;
}

const sameJson = (a: unknown, b: unknown) => JSON.stringify(a ?? null) === JSON.stringify(b ?? null);

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
  const opened = gotClock !== undefined && !got.errors[VERSION_FIELD] ? asVersion(got.values[VERSION_FIELD]) : null;
  if (gotClock !== undefined && !opened && !got.errors[VERSION_FIELD]) refused[VERSION_FIELD] = new MalformedError('The record version is not one this app reads');
  const version = opened ?? (knownClock === gotClock ? asVersion(known?.values[VERSION_FIELD]) : null);
  const named = new Map<string, string>();
  for (const [clock, fields] of Object.entries(version?.at ?? {})) for (const f of fields) named.set(f, clock);
  for (const [field, clock] of named) {
    const now = got.clocks[field];
    if (now === undefined || now < clock) refused[field] = new RolledBackError(`${field} is older than its owner's last version (${clock})`);
  }
  for (const [field, clock] of Object.entries(got.clocks)) {
    if (refused[field] || !isVouched(collection, field)) continue;
    const value = got.values[field];
    const twin = TWIN_PREFIX + field;
    if (named.get(field) === clock) {
      if (!sameJson(version!.plain[field], value)) refused[field] = new UnvouchedError(`${field} is not the value its owner wrote at ${clock}`);
    } else if (field !== TOMBSTONE_FIELD) {
      continue; // newer than the version: a plain fact the server acts on anyway (see above)
    } else if (got.clocks[twin] !== clock || got.errors[twin] || !(twin in got.values) || !sameJson(got.values[twin], value)) {
      refused[field] = new UnvouchedError(`${field} was not written by its owner's device`);
    }
  }
  return refused;
}

