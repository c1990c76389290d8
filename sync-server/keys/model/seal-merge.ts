/**
 * The migration of an account made before keys (shared/crypto/README.md "Keys"; contract:
 * POST /api/keys/seal/records and /finish), the part both engines share: which stored values are
 * still plaintext, and replacing a field's plaintext with the device's envelope by compare-and-set
 * on the field's HLC. The envelope's additional data binds that HLC, so the stored words stay the
 * same words, sealed, and the field's clock does not move (no merge can tell the difference); a
 * field whose HLC moved since the device read it is answered `stale` and sealed again.
 */
import { z } from 'zod';
import { baseField } from '../../../shared/crypto/fields';
import { isEnvelope } from '../../../shared/crypto/migration';
export { plaintextFields } from '../../../shared/crypto/migration';
import { COLLECTIONS, type CollectionName } from '../../../shared/schema/collection-names';
import type { RecordState } from '../../../shared/sync/merge';
import { checkSealedField, type SealedAccount } from '../../records/index';

/** Most records in one `seal/records` request: one short transaction each (SECURITY.md "Limits"). */
export const SEAL_BATCH = 100;
/** Most fields of one record in one request (a record has ~12 fields, plus list items and kept versions). */
const SEAL_FIELDS_PER_RECORD = 500;

const HLC_RE = /^[0-9A-Za-z:._-]{1,64}$/;
export const sealRecordsSchema = z.object({
  records: z
    .array(
      z.object({
        collection: z.enum(COLLECTIONS as unknown as [CollectionName, ...CollectionName[]]),
        id: z.string().regex(/^[A-Za-z0-9_-]{1,64}$/),
        fields: z
          .record(z.string().min(1).max(200), z.object({ hlc: z.string().regex(HLC_RE), value: z.string().min(1) }))
          .refine((f) => Object.keys(f).length >= 1 && Object.keys(f).length <= SEAL_FIELDS_PER_RECORD, { message: `1 to ${SEAL_FIELDS_PER_RECORD} fields` }),
      }),
    )
    .min(1)
    .max(SEAL_BATCH),
});
export type SealRecordsBody = z.infer<typeof sealRecordsSchema>;
export type SealItem = SealRecordsBody['records'][number];

/** A field the device must seal again (its HLC moved), or one the server refused. */
export interface SealedFieldRef {
  collection: CollectionName;
  id: string;
  field: string;
}
export interface SealOutcome {
  /** Fields whose plaintext was replaced now. */
  sealed: number;
  /** Fields that already held an envelope at that HLC (another run or device sealed them). */
  already: number;
  stale: SealedFieldRef[];
  /** Records left as they were, with the reason (a limit of shared/limits.ts). */
  refused: (SealedFieldRef & { reason: string })[];
}

/** Bytes of a record state as the usage counts it (UTF-8 of its JSON). */
export const stateBytes = (state: RecordState) => Buffer.byteLength(JSON.stringify(state), 'utf8');

/**
 * Applies one request item to the stored `state` (null: no such record): each field whose stored
 * HLC equals the given one and still holds plaintext takes the envelope (a kept version keeps its
 * `at` and takes the envelope as its text). Throws `{ field, reason }` for an envelope the server's
 * key-less check refuses (a hostile or outdated device: the whole request is refused, 422).
 * Returns the new state (null when nothing changed) and the outcome of its fields.
 */
export function sealState(account: SealedAccount, item: SealItem, state: RecordState | null): { state: RecordState | null; outcome: SealOutcome } {
  const outcome: SealOutcome = { sealed: 0, already: 0, stale: [], refused: [] };
  const values = { ...(state?.values ?? {}) };
  for (const [field, { hlc, value }] of Object.entries(item.fields)) {
    const reason = checkSealedField(account, item.collection, item.id, field, value);
    if (reason === undefined) throw Object.assign(new Error(`${item.collection}.${field}: not a sealed field`), { field });
    if (reason !== null) throw Object.assign(new Error(reason), { field });
    const ref = { collection: item.collection, id: item.id, field };
    if (!state || state.clocks[field] !== hlc || !(field in state.values)) {
      outcome.stale.push(ref);
      continue;
    }
    const current = state.values[field];
    if (field.includes('~conflict/')) {
      const kept = current as { text?: unknown; at?: unknown } | null;
      if (!kept || typeof kept.at !== 'string') outcome.stale.push(ref); // dismissed meanwhile
      else if (isEnvelope(kept.text)) outcome.already++;
      else {
        values[field] = { ...kept, text: value };
        outcome.sealed++;
      }
    } else if (current === null && field !== baseField(field)) outcome.stale.push(ref); // removed item
    else if (isEnvelope(current)) outcome.already++;
    else {
      values[field] = value;
      outcome.sealed++;
    }
  }
  return { state: outcome.sealed > 0 && state ? { values, clocks: state.clocks } : null, outcome };
}

/** One record a batch rewrites (its clocks unchanged) and its bytes before and after. */
export interface SealWrite {
  collection: CollectionName;
  id: string;
  state: RecordState;
}

/**
 * Applies a whole request over the stored states (`read`), within the limits of shared/limits.ts
 * (`recordBytes` per record; `accountBytes` over `usageBytes`, the account's stored bytes): a
 * record that would pass one is left as it was and answered in `refused` (its plaintext stays,
 * so `finish` names it). Returns the records to write and the summed outcome. Throws as sealState.
 */
export function sealBatch(
  account: SealedAccount,
  items: readonly SealItem[],
  read: (collection: CollectionName, id: string) => RecordState | null,
  usageBytes: number,
  limits: { recordBytes: number; accountBytes: number },
): { writes: SealWrite[]; outcome: SealOutcome } {
  const total: SealOutcome = { sealed: 0, already: 0, stale: [], refused: [] };
  const writes = new Map<string, SealWrite>();
  let bytes = usageBytes;
  for (const item of items) {
    const k = `${item.collection}\u0000${item.id}`;
    const before = writes.get(k)?.state ?? read(item.collection, item.id);
    const { state, outcome } = sealState(account, item, before);
    total.already += outcome.already;
    total.stale.push(...outcome.stale);
    if (!state || !before) continue;
    const grows = stateBytes(state) - stateBytes(before);
    const field = Object.keys(item.fields)[0]!;
    if (grows > 0 && stateBytes(state) > limits.recordBytes) {
      total.refused.push({ collection: item.collection, id: item.id, field, reason: `${item.collection}: a record may hold at most ${limits.recordBytes / 1024} KB, and sealing makes this one larger` });
      continue;
    }
    if (grows > 0 && bytes + grows > limits.accountBytes) {
      total.refused.push({ collection: item.collection, id: item.id, field, reason: `This account may store at most ${limits.accountBytes / 1024 / 1024} MB, and sealing makes it larger` });
      continue;
    }
    bytes += grows;
    total.sealed += outcome.sealed;
    writes.set(k, { collection: item.collection, id: item.id, state });
  }
  return { writes: [...writes.values()], outcome: total };
}
