/**
 * How large a record is once sealed (issue 29 "Limits on ciphertext"; README.md "Sizes"): every
 * limit of shared/limits.ts counts what the server stores, and for a sealed field that is its
 * envelope — the value's JSON padded to its bucket (padding.ts), encrypted and base64url'd, about
 * 4/3 of the text and more for short values. The device checks a write with these figures BEFORE
 * anything is written (web/db/user-database.ts), so a text that fits as plain but not as sealed is
 * refused naming its field, never pushed to a 413 or left for the migration to refuse.
 *
 * The kid's length is taken at its longest plausible (`<scope>:9999`), so the figures are an upper
 * bound of what the device will seal; everything else is exact (envelope.ts envelopeLength).
 */
import { isFreshnessField, type CollectionName } from '../schema/collection-names';
import { ACCOUNT_LIMITS } from '../limits';
import { MAX_CHANGE_BYTES } from '../sync/change-limits';
import type { RecordState } from '../sync/merge';
import { envelopeLength, maxPlaintextBytes, plaintextBytes } from './envelope';
import { baseField, sealedScope } from './fields';
import { freshnessFields } from './freshness';

/** The limits a sealed write must fit (bytes): a record's stored state, and one change. */
export interface SealedSizeLimits {
  recordBytes: number;
  changeBytes: number;
}

/** shared/limits.ts's record cap and the sync protocol's change cap (shared/sync/change.ts). */
export const SEALED_SIZE_LIMITS: SealedSizeLimits = { recordBytes: ACCOUNT_LIMITS.recordBytes, changeBytes: MAX_CHANGE_BYTES };

/** A write that would not fit once sealed: the field to shorten (as stored, e.g. `resources/<item>`) and why. */
export interface SealedSizeProblem {
  field: string;
  reason: string;
}

const encoder = new TextEncoder();
const byteLength = (text: string) => encoder.encode(text).length;

/**
 * Characters of the envelope `value` of stored `field` is sealed as (ASCII: characters = bytes),
 * or null for a plain field, an undeclared one, and a plain `null` the server keeps (a removed
 * list item, a dismissed kept version).
 */
export function sealedLength(collection: CollectionName, id: string, field: string, value: unknown): number | null {
  const scope = scopeOf(collection, id, field);
  if (scope === null || (value === null && field !== baseField(field))) return null;
  return envelopeLength(plaintextBytes(value), `${scope}:9999`);
}

/** Bytes of `state` ({ values, clocks } as JSON, UTF-8) as the server stores it once its sealed fields are envelopes. */
export function sealedStateBytes(collection: CollectionName, id: string, state: RecordState): number {
  let bytes = byteLength(JSON.stringify({ values: state.values, clocks: state.clocks }));
  for (const [field, value] of Object.entries(state.values)) {
    const sealed = sealedLength(collection, id, field, value);
    if (sealed !== null) bytes += sealed + 2 - plaintextBytes(value); // the envelope in quotes, for the value's JSON
  }
  return bytes;
}

/**
 * Whether a write of `fields` (the change's stored fields; `change` its whole JSON-able change),
 * taking record `before` to `after`, fits once sealed: the sealed change within
 * `limits.changeBytes`, and the sealed record within `limits.recordBytes` unless the write does
 * not make it larger (shortening an over-large record is always allowed, as the server's
 * admission allows it). Returns the problem naming the written field to shorten, or null.
 */
export function sealedSizeProblem(
  collection: CollectionName,
  id: string,
  change: { fields: Record<string, unknown> },
  before: RecordState,
  after: RecordState,
  limits: SealedSizeLimits = SEALED_SIZE_LIMITS,
): SealedSizeProblem | null {
  // The change travels with its record's version and twin (freshness.ts), and the record keeps them.
  const hlc = Object.values(after.clocks).reduce((a, b) => (b > a ? b : a), '');
  const fresh = freshnessFields(collection, after, hlc, change.fields);
  change = { ...change, fields: { ...change.fields, ...fresh } };
  const versioned = (state: RecordState) => ({ values: { ...state.values, ...fresh }, clocks: { ...state.clocks, ...Object.fromEntries(Object.keys(fresh).map((f) => [f, hlc])) } });
  after = versioned(after);
  before = versioned(before); // a write that shrinks the record replaces its version too
  const written = Object.entries(change.fields).flatMap(([field, value]) => {
    const sealed = sealedLength(collection, id, field, value);
    return sealed === null || isFreshnessField(field) ? [] : [{ field, value, sealed }];
  });
  if (written.length === 0) return null; // no sealed field written: nothing grows by sealing
  const largest = written.reduce((a, b) => (b.sealed > a.sealed ? b : a)); // the person's field to shorten, never a freshness field
  const sealedFields = [...written, ...Object.entries(fresh).map(([field, value]) => ({ field, value, sealed: sealedLength(collection, id, field, value)! }))];
  // The sealed change's JSON (what validateChange measures, in characters): each value's JSON replaced by its envelope in quotes.
  const changeChars = JSON.stringify(change).length + sealedFields.reduce((n, w) => n + w.sealed + 2 - (JSON.stringify(w.value) ?? '').length, 0);
  if (changeChars > limits.changeBytes) {
    // Exact, buckets included: the most plaintext the largest field may hold beside the rest of the change.
    const room = maxPlaintextBytes(limits.changeBytes - (changeChars - largest.sealed), `${scopeOf(collection, id, largest.field)}:9999`);
    return tooLong(collection, largest.field, charsOf(plaintextBytes(largest.value) - Math.max(0, room), largest.value));
  }
  const afterBytes = sealedStateBytes(collection, id, after);
  if (afterBytes > limits.recordBytes && afterBytes > sealedStateBytes(collection, id, before)) {
    const plainAfter = byteLength(JSON.stringify({ values: after.values, clocks: after.clocks }));
    // The record's own ratio of plain to sealed bytes turns the excess into characters to remove.
    const chars = Math.ceil(((afterBytes - limits.recordBytes) * plainAfter) / afterBytes);
    return tooLong(collection, largest.field, chars, `this ${RECORD_WORDS[collection]} may hold at most ${Math.floor(limits.recordBytes / 1024)} KB once sealed`);
  }
  return null;
}

/** What a record of each collection is called in a refusal. */
const RECORD_WORDS: Record<CollectionName, string> = {
  profile: 'profile',
  trustees: 'trustee',
  messages: 'message',
  deathPlan: 'plan',
  documents: 'document',
  survivorTasks: 'task',
};

const scopeOf = (collection: CollectionName, id: string, field: string): string | null => {
  try {
    return sealedScope(collection, id, field);
  } catch {
    return null; // undeclared: the change's schema refuses it
  }
};

/** About how many characters of `value` hold `bytes` bytes of its JSON (its own UTF-8 bytes per character). */
function charsOf(bytes: number, value: unknown): number {
  const text = JSON.stringify(value) ?? '';
  return Math.ceil(bytes / Math.max(1, plaintextBytes(value) / Math.max(1, text.length)));
}

function tooLong(collection: CollectionName, field: string, chars: number, why?: string): SealedSizeProblem {
  const by = `shorten it by about ${Math.max(1, chars).toLocaleString('en-US')} characters`;
  return { field, reason: `${collection}.${field}: too long to keep end-to-end encrypted (${why ? `${why}; ` : ''}${by})` };
}

/**
 * Whether a stored record (an account made before keys, as the migration reads it: every sealed
 * field plaintext) can be sealed within the server's limits: each envelope within
 * `limits.changeBytes` (the server's cap on one envelope, records/sealed-check.ts) and the sealed
 * record within `limits.recordBytes`. Returns the field to shorten (the largest sealed one), or null.
 */
export function sealedRecordProblem(collection: CollectionName, id: string, state: RecordState, limits: SealedSizeLimits = SEALED_SIZE_LIMITS): SealedSizeProblem | null {
  let largest: { field: string; value: unknown; sealed: number } | null = null;
  for (const [field, value] of Object.entries(state.values)) {
    const sealed = sealedLength(collection, id, field, value);
    if (sealed !== null && (!largest || sealed > largest.sealed)) largest = { field, value, sealed };
  }
  if (!largest) return null;
  if (largest.sealed > limits.changeBytes) {
    const room = maxPlaintextBytes(limits.changeBytes, `${scopeOf(collection, id, largest.field)}:9999`);
    return tooLong(collection, largest.field, charsOf(plaintextBytes(largest.value) - Math.max(0, room), largest.value));
  }
  const bytes = sealedStateBytes(collection, id, state);
  if (bytes <= limits.recordBytes) return null;
  const plain = byteLength(JSON.stringify({ values: state.values, clocks: state.clocks }));
  return tooLong(collection, largest.field, Math.ceil(((bytes - limits.recordBytes) * plain) / bytes), `this ${RECORD_WORDS[collection]} may hold at most ${Math.floor(limits.recordBytes / 1024)} KB once sealed`);
}
