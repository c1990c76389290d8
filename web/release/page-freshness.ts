/**
 * Freshness on the release pages (issue 39 "No back door", Freshness; SECURITY.md "Freshness"): a
 * page that opens a record one field at a time (a recipient's letter, a trustee's documents) holds
 * each field to the record's version its owner sealed (shared/crypto/freshness.ts checkFreshness,
 * with the freshness fields the server sends in SealedInfo.versions), so an envelope the owner
 * replaced, served again with its own old HLC, is refused and named, never shown as current; and
 * every page checks each record the server holds as deleted (SealedInfo.removed): one its owner's
 * devices deleted is not shown and not mentioned, one they did not (a plain `_deleted` the server
 * wrote) is named. A page never saw a newer version, so a record replayed whole to an older state
 * of its own, or left out altogether, is beyond it (SECURITY.md says so).
 */
import type { KeyLookup } from '../../shared/crypto/envelope';
import type { CryptoError } from '../../shared/crypto/errors';
import { checkFreshness } from '../../shared/crypto/freshness';
import { openFields } from '../../shared/crypto/sealed-record';
import type { SealedInfo } from '../../shared/release/pages';
import { TOMBSTONE_FIELD, VERSION_FIELD, type CollectionName } from '../../shared/schema/collection-names';
import type { FailedPlace } from './not-opened';

/**
 * The fields of `collection/id` (SealedInfo `clocks` and `versions`) its owner's version refuses,
 * and why: a field older than the version names (RolledBackError), a deletion mark the owner did
 * not write (UnvouchedError), every field when the version does not open (not for want of its key:
 * a trustee's page holds no letter's key, and then nothing is checked). `shown` are the envelopes
 * of the fields the page shows (as the server sent them), opened here too: a version that reads as a
 * key the page lacks beside a field of its scope that opens is not believed (freshness.ts). A field
 * the version names that came without its clock is refused too (the server left it out): the page
 * asks only of the fields it shows. Returns the refused fields and why, and `opened`: the values of
 * `shown` that opened here (the page shows them without opening them again).
 */
export async function refusedFields(
  keys: KeyLookup,
  info: SealedInfo,
  collection: CollectionName,
  id: string,
  shown: Readonly<Record<string, unknown>>,
): Promise<{ refused: Record<string, CryptoError>; opened: Record<string, unknown> }> {
  const key = `${collection}/${id}`;
  const clocks = info.clocks[key] ?? {};
  const sent = { ...Object.fromEntries(Object.entries(shown).filter(([, v]) => typeof v === 'string')), ...info.versions?.[key] };
  const own = Object.fromEntries(Object.keys(sent).flatMap((f) => (clocks[f] ? [[f, clocks[f]]] : [])));
  const values = Object.fromEntries(Object.entries(sent).filter(([f]) => f in own));
  const opened = await openFields(keys, info.userId, collection, id, { values, clocks: own });
  const refused = checkFreshness(collection, { values: opened.values, clocks, errors: opened.errors });
  return { refused, opened: Object.fromEntries(Object.entries(opened.values).filter(([f]) => Object.hasOwn(shown, f))) };
}

/**
 * The records of `info.removed` whose deletion their owner's devices did not write (a deletion mark
 * refused, or a version that does not open), as failed places named "whether … was deleted"
 * (not-opened.ts); those they deleted are left out without a word.
 */
export async function hiddenRecords(keys: KeyLookup, info: SealedInfo): Promise<FailedPlace[]> {
  const out: FailedPlace[] = [];
  for (const r of info.removed ?? []) {
    const opened = await openFields(keys, info.userId, r.collection, r.id, { values: r.values, clocks: r.clocks });
    const refused = checkFreshness(r.collection, { values: opened.values, clocks: r.clocks, errors: opened.errors });
    if (refused[TOMBSTONE_FIELD] || refused[VERSION_FIELD]) out.push({ collection: r.collection, id: r.id, field: TOMBSTONE_FIELD });
  }
  return out;
}
