/**
 * Sealing a sync change and opening a record state, field by field (README.md "Sealing records"):
 * the glue the sync wiring calls, built from fields.ts (which scope), the keyring (which key) and
 * envelope.ts (seal, open). Pure of the sync layer: it imports only its types.
 *
 * What stays plain inside a sealed field: `null` written to a list item (a removed item, rule 6)
 * and to a kept version (a dismissed conflict copy, rule 23), which the server must see as null to
 * merge and prune. Every other value of a sealed field is sealed, `null` included, so the server
 * cannot tell an empty optional text from a filled one.
 */
import type { CollectionName } from '../schema/collection-names';
import type { RecordState } from '../sync/merge';
import { randomPool } from './bytes';
import { NONCE_BYTES, open, seal, type KeyLookup } from './envelope';
import { CryptoError, MalformedError, UnknownKeyError } from './errors';
import { baseField, sealedScope } from './fields';
import { checkFreshness, isFreshnessField } from './freshness';
import type { Keyring } from './keys';

const CONFLICT_MARK = '~conflict/';

/** A field whose `null` stays plain: a list item or a kept version (rules 6, 23); never a freshness field. */
const nullStaysPlain = (stored: string) => stored !== baseField(stored) && !isFreshnessField(stored);

/** The change's fields with every sealed field's value replaced by its envelope (sealed concurrently). */
export async function sealFields(
  keyring: Keyring,
  userId: string,
  collection: CollectionName,
  recordId: string,
  hlc: string,
  fields: Readonly<Record<string, unknown>>,
): Promise<Record<string, unknown>> {
  const plan = Object.entries(fields).map(([field, value]) => {
    const scope = sealedScope(collection, recordId, field);
    if (scope === null || (value === null && nullStaysPlain(field))) return { field, value, key: null };
    if (field.includes(CONFLICT_MARK)) throw new TypeError(`${field}: a device only dismisses kept versions (null)`);
    const key = keyring.current(scope);
    if (!key) throw new UnknownKeyError(`No key for ${scope} yet: create it (keyring.rotate) and save the keyring first`);
    return { field, value, key };
  });
  const nonces = randomPool(plan.filter((p) => p.key).length * NONCE_BYTES); // each envelope's own fresh nonce, drawn at once
  const entries = await Promise.all(
    plan.map(async ({ field, value, key }): Promise<[string, unknown]> => [field, key ? await seal(key, { userId, collection, recordId, field }, hlc, value, nonces) : value]),
  );
  return Object.fromEntries(entries);
}

/** An opened record state: plain values, and the fields that refused to open with their errors. */
export interface OpenedState {
  values: Record<string, unknown>;
  /** Fields left out of `values` because they did not open (never shown as content). */
  errors: Record<string, CryptoError>;
}

/**
 * Opens every sealed field of a record state (as pulled, or from history) with the HLC in its
 * clock; a conflict copy `{ text, at }` opens its text with the original field and `at`. A field
 * that does not open (a moved, replayed, stale or changed value, or plaintext where an envelope
 * belongs) is reported in `errors` and left out of `values`, so it never merges over good data.
 * Then its freshness is checked (freshness.ts checkFreshness, against `known`: the state this
 * device already holds, if any): a field older than its owner's version, or a plain value the
 * owner did not write, is refused the same way.
 */
export async function openState(keys: KeyLookup, userId: string, collection: CollectionName, recordId: string, state: RecordState, known?: RecordState): Promise<OpenedState> {
  return withFreshness(collection, state, await openFields(keys, userId, collection, recordId, state), known);
}

/**
 * openState's first half: the sealed fields opened, their freshness NOT checked yet. For a reader
 * that learns the state it holds only later (web/sync/sealing.ts: a pulled page opens while the
 * page before it merges, and is checked in its own merge), which then calls withFreshness.
 */
export async function openFields(keys: KeyLookup, userId: string, collection: CollectionName, recordId: string, state: RecordState): Promise<OpenedState> {
  const values: Record<string, unknown> = {};
  const errors: Record<string, CryptoError> = {};
  await Promise.all(
    Object.entries(state.values).map(async ([field, value]) => {
      const scope = sealedScope(collection, recordId, field);
      if (scope === null || (value === null && nullStaysPlain(field))) {
        values[field] = value;
        return;
      }
      try {
        const base = { userId, collection, recordId, field };
        if (field.includes(CONFLICT_MARK)) {
          const kept = value as { text?: unknown; at?: unknown } | null;
          if (!kept || typeof kept.text !== 'string' || typeof kept.at !== 'string') throw new MalformedError(`${field} is not a kept version`);
          values[field] = { text: await open(keys, { ...base, field: baseField(field) }, kept.at, kept.text), at: kept.at };
        } else {
          const hlc = state.clocks[field];
          if (typeof value !== 'string' || !hlc) throw new MalformedError(`${field} holds no envelope`);
          values[field] = await open(keys, base, hlc, value);
        }
      } catch (err) {
        if (!(err instanceof CryptoError)) throw err;
        errors[field] = err;
      }
    }),
  );
  return { values, errors };
}

/**
 * openState's second half: `opened` (openFields of `state`) with the fields its freshness refuses
 * (freshness.ts checkFreshness, against `known`: the state the reader holds, if any) moved from
 * `values` to `errors`. Returns a new OpenedState; `opened` is not changed.
 */
export function withFreshness(collection: CollectionName, state: RecordState, opened: OpenedState, known?: RecordState): OpenedState {
  const values = { ...opened.values };
  const errors = { ...opened.errors };
  for (const [field, err] of Object.entries(checkFreshness(collection, { values, clocks: state.clocks, errors }, known))) {
    delete values[field];
    errors[field] ??= err;
  }
  return { values, errors };
}
