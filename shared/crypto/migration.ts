/**
 * Sealing an account made before keys, in place (contract: `/api/keys/seal/...`; the device's
 * driver is web/features/keys/migrate.ts, the server's compare-and-set sync-server/keys/model/seal-merge.ts).
 * A stored plaintext value is sealed AT THE HLC IT WAS WRITTEN WITH, so the envelope is the same
 * value at the same clock: no merge, on any device, can tell it from the plaintext it replaces.
 * A kept version `<field>~conflict/<hlc>` keeps `{ text, at }`; its text is sealed with its
 * original field and `at`, as every device opens it (sealed-record.ts openState).
 */
import type { CollectionName } from '../schema/collection-names';
import type { RecordState } from '../sync/merge';
import { seal } from './envelope';
import { UnknownKeyError } from './errors';
import { baseField, sealedScope } from './fields';
import type { Keyring } from './keys';

const CONFLICT_MARK = '~conflict/';

/** True for an envelope (`v<n>.…`): what a sealed field holds once sealed. */
export const isEnvelope = (v: unknown): boolean => typeof v === 'string' && /^v[0-9]+\./.test(v);

/**
 * The stored sealed fields of one record state that still hold plaintext (empty when sealed): a
 * kept version whose text is no envelope; any other sealed field whose value is no envelope,
 * except the plain `null` of a removed list item or a dismissed kept version (sealed-record.ts).
 * Undeclared fields are skipped (validateChange never stores them).
 */
export function plaintextFields(collection: CollectionName, id: string, state: RecordState): string[] {
  const left: string[] = [];
  for (const [field, value] of Object.entries(state.values)) {
    let scope: string | null;
    try {
      scope = sealedScope(collection, id, field);
    } catch {
      continue;
    }
    if (scope === null || (value === null && field !== baseField(field))) continue;
    const sealedValue = field.includes(CONFLICT_MARK) ? (value as { text?: unknown } | null)?.text : value;
    if (!isEnvelope(sealedValue)) left.push(field);
  }
  return left;
}

/** The scopes a record's plaintext needs keys for (a message's own `msg:<id>` among them). */
export function scopesOf(collection: CollectionName, id: string, fields: readonly string[]): string[] {
  return [...new Set(fields.map((f) => sealedScope(collection, id, f)!))];
}

/**
 * Envelopes of `fields` of `state` (`plaintextFields`), each sealed with its scope's current key
 * at its stored HLC: `{ field: { hlc, value } }` as `POST /api/keys/seal/records` takes them (a
 * kept version's value is the envelope of its text). Throws UnknownKeyError when the keyring has
 * no key for a scope (SyncKeys.addScope first).
 */
export async function sealStored(
  keyring: Keyring,
  userId: string,
  collection: CollectionName,
  recordId: string,
  state: RecordState,
  fields: readonly string[],
): Promise<Record<string, { hlc: string; value: string }>> {
  const entries = await Promise.all(
    fields.map(async (field): Promise<[string, { hlc: string; value: string }]> => {
      const scope = sealedScope(collection, recordId, field)!;
      const key = keyring.current(scope);
      if (!key) throw new UnknownKeyError(`No key for ${scope} yet`);
      const hlc = state.clocks[field]!;
      const value = state.values[field];
      if (field.includes(CONFLICT_MARK)) {
        const kept = value as { text: unknown; at: string };
        return [field, { hlc, value: await seal(key, { userId, collection, recordId, field: baseField(field) }, kept.at, kept.text) }];
      }
      return [field, { hlc, value: await seal(key, { userId, collection, recordId, field }, hlc, value) }];
    }),
  );
  return Object.fromEntries(entries);
}
