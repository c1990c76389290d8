/**
 * The unit of sync: one write to one record (rule 8 of shared/sync/README.md), and its
 * validation against the collection's zod schema (rule 10). Both sides validate with this code.
 */
import { z } from '../schema/z';
import { LIMITS, idSchema, multiLine, singleLine, trimmedText } from '../schema/common';
import { COLLECTIONS, COLLECTION_SPECS, type CollectionName } from '../schema/collections';
import { parseHlc, type Hlc } from './hlc';
import { splitField, TOMBSTONE_FIELD } from './record';
import { isFreshnessField, TWIN_PREFIX } from '../schema/collection-names';
import { isLongText, parseConflictKey, RESTORABLE_FIELD } from './versions';
import { MAX_CHANGE_BYTES, MAX_FIELDS_PER_CHANGE } from './change-limits';

export { MAX_CHANGE_BYTES, MAX_FIELDS_PER_CHANGE };

/** One write: `fields` of record `id` in `collection`, all stamped with `hlc` (also its id). */
export interface Change {
  collection: CollectionName;
  id: string;
  hlc: Hlc;
  fields: Record<string, unknown>;
  /** For written fields, the HLC of the value the person edited from ('' = never written); rule 20. */
  bases?: Record<string, Hlc>;
  /**
   * Compare-and-set (rule 28): the change is merged only while each named written field's stored
   * HLC is the one given ('' = never written); else it is rejected with CAS_REFUSAL (cas.ts). Set by the
   * migration's re-keyed file references (web/features/keys/migrate-files.ts), never by an edit.
   */
  ifClocks?: Record<string, Hlc>;
}

/** Deepest nesting of a field value: list items and the emergency contact are objects of depth 2. */
export const MAX_VALUE_DEPTH = 4;

/** True when `value` nests arrays/objects deeper than `max` levels (iterative: never overflows the stack). */
export function nestedDeeperThan(value: unknown, max: number): boolean {
  const stack: [unknown, number][] = [[value, 0]];
  while (stack.length) {
    const [v, depth] = stack.pop()!;
    if (v === null || typeof v !== 'object') continue;
    if (depth >= max) return true;
    for (const child of Object.values(v)) stack.push([child, depth + 1]);
  }
  return false;
}

/**
 * An upper bound of `JSON.stringify(value).length` for a value parsed from JSON (strings,
 * numbers, booleans, null, arrays, plain objects): a string's UTF-16 unit escapes to at most 6
 * characters (`\u001f`), a finite number prints in at most 25 (`-0.0000010076456946651312`).
 * Anything else (a `toJSON`, undefined) gives Infinity, so the caller measures exactly.
 */
export function jsonLengthBound(value: unknown): number {
  if (typeof value === 'string') return value.length * 6 + 2;
  // The longest JSON number is 25 units: "-0.000001" then 16 more significant digits.
  if (typeof value === 'number') return 25;
  if (typeof value === 'boolean' || value === null) return 5;
  if (typeof value !== 'object' || typeof (value as { toJSON?: unknown }).toJSON === 'function') return Infinity;
  let n = 2;
  if (Array.isArray(value)) for (const item of value) n += jsonLengthBound(item) + 1;
  else for (const [key, item] of Object.entries(value)) n += key.length * 6 + 4 + jsonLengthBound(item);
  return n;
}

const conflictValueSchema = z.strictObject({ text: z.string().check(z.maxLength(LIMITS.longText)), at: z.string().check(z.maxLength(64)) });
const restorableValueSchema = z.strictObject({ at: z.string().check(z.maxLength(64)) });

/**
 * Checks one kept-version key of a change (rule 23): a conflict field of a long text of
 * `collection`, or `_restorable`. A client may only set them to null (dismiss); the server writes
 * the values. Returns null when valid, the reason otherwise, or undefined when `key` is neither.
 */
export function checkKeptField(collection: CollectionName, key: string, value: unknown, actor: 'client' | 'server'): string | null | undefined {
  const conflict = parseConflictKey(key);
  if (key !== RESTORABLE_FIELD && !conflict) return undefined; // most fields: no words made for them
  const where = `${collection}.${key}`;
  if (conflict && (!isLongText(collection, conflict[0]) || !parseHlc(conflict[1]))) return `${where}: unknown field`;
  if (value === null) return null;
  if (actor === 'client') return `${where}: only the server may set this field (a device may only dismiss it)`;
  const ok = (conflict ? conflictValueSchema : restorableValueSchema).safeParse(value).success;
  return ok ? null : `${where}: invalid value`;
}

export const changeSchema = z.strictObject({
  collection: z.enum(COLLECTIONS),
  id: idSchema,
  hlc: z.string().check(z.maxLength(64)),
  fields: z.record(z.string().check(z.maxLength(120)), z.unknown()),
  bases: z.optional(z.record(z.string().check(z.maxLength(120)), z.string().check(z.maxLength(64)))),
  ifClocks: z.optional(z.record(z.string().check(z.maxLength(120)), z.string().check(z.maxLength(64)))),
});

/** A list item: `{ text, pos }`, or null once removed. Survivor-task steps may be long (AI content). */
const shortItemSchema = z.nullable(z.strictObject({ text: singleLine(trimmedText(1, LIMITS.listItem)), pos: z.number() }));
const longItemSchema = z.nullable(z.strictObject({ text: multiLine(trimmedText(1, LIMITS.text)), pos: z.number() }));
const listItemSchema = (collection: CollectionName) =>
  collection === 'survivorTasks' ? longItemSchema : shortItemSchema;

/**
 * Checks `raw` as a change written by `actor`. Returns the change, or a reason naming the
 * collection and field. Server-only fields (e.g. `messages.delivered`) are refused from clients;
 * a singleton record's id must be the user's id.
 */
export function validateChange(
  raw: unknown,
  opts: {
    actor: 'client' | 'server';
    userId: string;
    /**
     * A sealed account (rule 24): checks a known field's value in place of its schema. Returns
     * undefined for a plain field (the schema decides), null when valid, or the reason.
     */
    sealed?: (collection: CollectionName, id: string, field: string, value: unknown) => string | null | undefined;
  },
): { ok: true; change: Change } | { ok: false; reason: string } {
  const shape = changeSchema.safeParse(raw);
  if (!shape.success) {
    const i = shape.error.issues[0]!;
    return { ok: false, reason: `Invalid change: ${i.path.join('.') || 'change'}: ${i.message}` };
  }
  const change = shape.data as Change;
  if (nestedDeeperThan(change.fields, MAX_VALUE_DEPTH + 1)) return { ok: false, reason: 'Invalid change: fields: nested too deeply' };
  if (!parseHlc(change.hlc)) return { ok: false, reason: 'Invalid change: hlc: not a timestamp' };
  // The bound spares the server's push a serialisation of every change (nesting is bounded above);
  // a change near the limit is measured exactly.
  if (jsonLengthBound(change) > MAX_CHANGE_BYTES && JSON.stringify(change).length > MAX_CHANGE_BYTES) return { ok: false, reason: 'Change is too large' };
  const fieldNames = Object.keys(change.fields);
  if (fieldNames.length === 0) return { ok: false, reason: 'Change has no fields' };
  if (fieldNames.length > MAX_FIELDS_PER_CHANGE) return { ok: false, reason: 'Change has too many fields' };
  const spec = COLLECTION_SPECS[change.collection];
  if (spec.singleton && change.id !== opts.userId) {
    return { ok: false, reason: `${change.collection}: the record id must be the account's id` };
  }
  // Rule 20: the base of each written field; rule 22: a delete's bases are its view of the record.
  const isDelete = change.fields[TOMBSTONE_FIELD] === true;
  if (Object.keys(change.bases ?? {}).length > MAX_FIELDS_PER_CHANGE) return { ok: false, reason: 'Invalid change: bases: too many' };
  for (const [key, base] of Object.entries(change.bases ?? {})) {
    if (!(key in change.fields || isDelete) || (base !== '' && !parseHlc(base))) return { ok: false, reason: `Invalid change: bases.${key}: not a base of a written field` };
  }
  // Rule 28: a compare-and-set names written fields only (so at most MAX_FIELDS_PER_CHANGE).
  for (const [key, at] of Object.entries(change.ifClocks ?? {})) {
    if (!Object.hasOwn(change.fields, key) || (at !== '' && !parseHlc(at))) return { ok: false, reason: `Invalid change: ifClocks.${key}: not the clock of a written field` };
  }
  for (const key of fieldNames) {
    const value = change.fields[key];
    if (isFreshnessField(key)) {
      // Rule 29: only as an envelope of a sealed account; a twin names a field of the collection.
      const twinOf = key.startsWith(TWIN_PREFIX) ? key.slice(TWIN_PREFIX.length) : null;
      const known = twinOf === null || twinOf === TOMBSTONE_FIELD || Object.hasOwn(spec.fields.shape, twinOf);
      const sealed = known ? opts.sealed?.(change.collection, change.id, key, value) : undefined;
      if (sealed === null) continue;
      return { ok: false, reason: sealed ?? `${change.collection}.${key}: unknown field` };
    }
    const kept = checkKeptField(change.collection, key, value, opts.actor); // rule 23
    if (kept !== undefined) {
      if (kept !== null) return { ok: false, reason: kept };
      continue;
    }
    if (key === TOMBSTONE_FIELD) {
      if (typeof value !== 'boolean') return { ok: false, reason: `${change.collection}.${key}: must be true or false` };
      continue;
    }
    const [field, itemId] = splitField(key);
    if (itemId !== null) {
      if (!spec.lists.includes(field) || !idSchema.safeParse(itemId).success) {
        return { ok: false, reason: `${change.collection}.${key}: unknown field` };
      }
      const sealed = opts.sealed?.(change.collection, change.id, key, value);
      if (sealed !== undefined) {
        if (sealed !== null) return { ok: false, reason: sealed };
        continue;
      }
      const r = listItemSchema(change.collection).safeParse(value);
      if (!r.success) return { ok: false, reason: `${change.collection}.${key}: ${r.error.issues[0]!.message}` };
      continue;
    }
    // Only the schema's own keys: `constructor` or `toString` must not reach Object.prototype.
    const schema = Object.hasOwn(spec.fields.shape, field) ? (spec.fields.shape[field] as z.ZodMiniType) : undefined;
    if (!schema || spec.lists.includes(field)) return { ok: false, reason: `${change.collection}.${key}: unknown field` };
    if (opts.actor === 'client' && spec.serverOnly.includes(field)) {
      return { ok: false, reason: `${change.collection}.${key}: only the server may change this field` };
    }
    const sealed = opts.sealed?.(change.collection, change.id, key, value);
    if (sealed !== undefined) {
      if (sealed !== null) return { ok: false, reason: sealed };
      continue;
    }
    const r = schema.safeParse(value);
    if (!r.success) return { ok: false, reason: `${change.collection}.${key}: ${r.error.issues[0]!.message}` };
  }
  return { ok: true, change };
}
