/**
 * The sealed form of the REST API (README.md "Sealed accounts over REST"; shared/sync/README.md rule
 * 24). A sealed account's REST client keeps SPEC.md §7's routes and field names, but seals every
 * sealed field itself (shared/crypto/envelope.ts, compact form) at an HLC it chooses, and sends
 * that HLC as `hlc` (and, on create, the record's `id`, which the envelopes are bound to). A list
 * field is an object `{ "<itemId>": "<envelope of { text, pos }>" | null }`, each item sealed for
 * the stored field `<list>/<itemId>` (rule 6); `null` removes an item. The server checks each
 * envelope as a push's (sealed-check.ts) and writes at exactly that HLC (service.ts writeAt).
 */
import type { z } from 'zod';
import { FIELD_CLASSES } from '../../shared/crypto/fields';
import { COLLECTION_SPECS, type CollectionName } from '../../shared/schema';
import { idSchema } from '../../shared/schema/common';
import { addDerivedFields, isDeleted, LIST_SEPARATOR, parseHlc, validateChange, type Change, type RecordState } from '../../shared/sync';
import { SEAL_REFUSALS } from '../../shared/sync/protocol';
import { ApiHttpError, type Issue } from '../http/errors';
import { parseWith } from '../http/validate';
import { checkSealedField, type SealedAccount } from './sealed-check';

/** One sealed REST write: the record id (null when the body names none), its HLC and its sync fields. */
export interface SealedRestWrite {
  id: string | null;
  hlc: string;
  /** Stored fields: plain values, envelopes, list items `<list>/<itemId>`. */
  fields: Record<string, unknown>;
}

const refuse = (status: 409 | 422, path: string, message: string, extra?: Record<string, unknown>): never => {
  throw new ApiHttpError(status, message, [{ path, message }] satisfies Issue[], undefined, extra);
};

/** True for a field of `collection` sealed under some scope (fields.ts); own keys only. */
const isSealed = (collection: CollectionName, field: string) => {
  const table: Record<string, string> = FIELD_CLASSES[collection];
  return Object.hasOwn(table, field) && table[field] !== 'plain';
};
const looksSealed = (v: unknown) => typeof v === 'string' && /^v[0-9]+\./.test(v);
const isObject = (v: unknown): v is Record<string, unknown> => typeof v === 'object' && v !== null && !Array.isArray(v);

/**
 * True when a sealed account's REST `body` of `collection` takes the sealed form: it names an
 * `hlc` or writes a sealed field. A body of plain fields only (e.g. a new `recipientEmail`) is
 * written as before, with the server's own clock (rule 16).
 */
export function takesSealedForm(collection: CollectionName, body: unknown): boolean {
  return isObject(body) && Object.keys(body).some((k) => k === 'hlc' || isSealed(collection, k));
}

/**
 * Splits a sealed REST `body` of `collection` into a SealedRestWrite. `plainSchema` (the route's
 * strict, partial PATCH schema) validates the plain fields; `create` requires `id`. Throws 422
 * naming the field for plain text in a sealed field (the refusal of rule 24), a missing or invalid
 * `id` or `hlc`, and an envelope that fails the push's checks (shape, size, kid of the field's own
 * scope at its current version); 400 for plain fields that fail `plainSchema`.
 */
export function parseSealedRestBody(
  collection: CollectionName,
  body: unknown,
  account: SealedAccount,
  plainSchema: z.core.$ZodType<Record<string, unknown>>,
  opts: { create: boolean; pathId?: string },
): SealedRestWrite {
  if (!isObject(body)) throw new ApiHttpError(400, 'Invalid request: the body must be a JSON object');
  const { hlc, id, userId: _ignored, fileBlobId, ...rest } = body;
  const lists: readonly string[] = COLLECTION_SPECS[collection].lists;
  const sealed: [string, string, unknown][] = []; // [entity field, stored field, value]
  const plain: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(rest)) {
    if (field === '__proto__') throw new ApiHttpError(400, 'Invalid request: __proto__ is not a field', [{ path: field, message: 'Unknown field' }]);
    if (!isSealed(collection, field)) {
      plain[field] = value;
      continue;
    }
    if (lists.includes(field)) {
      if (!isObject(value)) refuse(422, field, `${collection}.${field}: a sealed list is an object of item ids, each an envelope sealed for ${field}/<itemId> (or null to remove it)`);
      for (const [item, v] of Object.entries(value as Record<string, unknown>)) {
        if (!idSchema.safeParse(item).success) refuse(422, `${field}.${item}`, `${collection}.${field}: an item id is 1-64 letters, digits, - or _`);
        sealed.push([`${field}.${item}`, `${field}${LIST_SEPARATOR}${item}`, v]);
      }
    } else sealed.push([field, field, value]);
  }
  // Plain text first: a client that does not seal is told so, whatever else it left out.
  for (const [path, stored, value] of sealed) {
    if (!looksSealed(value) && !(value === null && stored !== path)) {
      refuse(422, path, `${collection}.${stored}: ${SEAL_REFUSALS.plaintext} (this account's words are end-to-end encrypted, so the server accepts no plain text here: send the envelope, README.md "Sealed accounts over REST")`);
    }
  }
  const recordId = opts.create ? id : (id ?? opts.pathId);
  if (recordId === undefined) refuse(422, 'id', `id: required: the envelopes of a sealed account are bound to the record id, so the client chooses it`);
  if (!idSchema.safeParse(recordId).success || (!opts.create && recordId !== opts.pathId)) refuse(422, 'id', `id: must be the record's id (1-64 letters, digits, - or _)`);
  if (hlc === undefined && sealed.length > 0) refuse(422, 'hlc', `hlc: required: the HLC the sealed fields were sealed at (shared/sync/README.md rule 2)`);
  if (typeof hlc !== 'string' || !parseHlc(hlc)) refuse(422, 'hlc', `hlc: not a timestamp (15-digit ms, 4 base-36 digits, 16 hex node id, joined by -)`);
  const fields: Record<string, unknown> = {};
  for (const [path, stored, value] of sealed) {
    const reason = checkSealedField(account, collection, recordId as string, stored, value);
    if (reason) refuse(422, path, reason);
    fields[stored] = value;
  }
  for (const [field, value] of Object.entries(parseWith(plainSchema, plain))) if (value !== undefined) fields[field] = value;
  if (fileBlobId !== undefined) {
    if (!('file' in fields) || (fileBlobId !== null && !idSchema.safeParse(fileBlobId).success)) refuse(422, 'fileBlobId', 'fileBlobId: the id of the blob a sealed `file` names, sent beside it');
    fields.fileBlobId = fileBlobId;
  }
  return { id: recordId as string, hlc: hlc as string, fields };
}

/**
 * The change of a sealed REST write of `fields` at `hlc` over `current`: with the plain fields
 * derived from them (addDerivedFields; a `fileBlobId` the client sent beside a sealed `file` is
 * kept), validated as a server change whose sealed fields are checked as envelopes (rule 24).
 * Throws 400 naming the field when invalid.
 */
export function sealedRestChange(
  userId: string,
  collection: CollectionName,
  id: string,
  hlc: string,
  fields: Record<string, unknown>,
  current: RecordState | null,
  account: SealedAccount | null,
): Change {
  const written = { ...fields };
  addDerivedFields(collection, current ?? { values: {}, clocks: {} }, written);
  if ('fileBlobId' in fields) written.fileBlobId = fields.fileBlobId;
  const sealed = account ? (c: CollectionName, rid: string, f: string, v: unknown) => checkSealedField(account, c, rid, f, v) : undefined;
  const result = validateChange({ collection, id, hlc, fields: written }, { actor: 'server', userId, sealed });
  if (!result.ok) throw new ApiHttpError(400, result.reason, [{ path: result.reason.split(':')[0]!.split('.').slice(1).join('.'), message: result.reason }]);
  return result.change;
}

/**
 * The check of a sealed REST `change` against the record as its merge will see it: on `create`
 * 409 when the id exists (live or deleted); on `update` 404 when missing or deleted; then 409 with
 * the record's `clocks` when a field it writes has a clock not older than its HLC (clocksNotOlder).
 */
export function sealedRestCheck(change: Change, mode: 'create' | 'update'): (now: RecordState | null) => void {
  const { collection, id, hlc, fields } = change;
  return (now) => {
    if (mode === 'create' && now) throw new ApiHttpError(409, `id: ${collection}/${id} already exists`, [{ path: 'id', message: 'Already exists' }]);
    if (mode === 'update' && (!now || isDeleted(now))) throw new ApiHttpError(404, 'Not found');
    const older = clocksNotOlder(now, fields, hlc);
    if (Object.keys(older).length === 0) return;
    const message = `hlc: ${hlc} is not newer than what it would overwrite (${Object.keys(older).join(', ')}): seal again at a newer HLC`;
    throw new ApiHttpError(409, message, [{ path: 'hlc', message }], undefined, { clocks: now?.clocks ?? {} });
  };
}

/**
 * The fields of `fields` whose current clock in `state` is not older than `hlc`: a write at `hlc`
 * would lose to them (rule 4), so it is refused whole (409) and the client seals again later.
 * Returns the record's clocks for those fields (empty when `hlc` is newer than all).
 */
export function clocksNotOlder(state: RecordState | null, fields: Record<string, unknown>, hlc: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const field of Object.keys(fields)) {
    const at = state?.clocks[field];
    if (at !== undefined && at >= hlc) out[field] = at;
  }
  return out;
}

/**
 * What GET answers for a list field of a sealed account: `{ "<itemId>": "<envelope>" }` of its
 * live sealed items (materialize's plain-string arrays skip envelopes). Sets each such list on
 * `entity` (in place); a record with no sealed items is left as it is.
 */
export function withSealedLists(collection: CollectionName, state: RecordState, entity: Record<string, unknown>): void {
  for (const list of COLLECTION_SPECS[collection].lists as readonly string[]) {
    const prefix = list + LIST_SEPARATOR;
    const items = Object.entries(state.values).filter(([k, v]) => k.startsWith(prefix) && typeof v === 'string');
    if (items.length > 0) entity[list] = Object.fromEntries(items.map(([k, v]) => [k.slice(prefix.length), v]));
  }
}
