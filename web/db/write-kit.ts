/**
 * What a local write needs beyond reading (issue #20): validating the change as the server will
 * (validateChange), turning a patch into sync fields (fieldsOfPatch), re-materialising the entity
 * (materialize), a delete's view of the record (deleteView, rule 22), generated content's missing
 * fields (rule 18), the long texts a write replaces (rule 21) and whether a write fits once sealed
 * (sealedSizeProblem, issue 29 "Limits on ciphertext"), the fields a write adds (owner copies, creation
 * and derived fields) and merging it into the record's state. Most of it needs the zod schemas,
 * which screens do not need to paint, so UserDatabase loads this module with a dynamic import
 * (loadWriteKit in ./user-database.ts) and awaits it before opening a write transaction.
 */
import type { CollectionName } from '../../shared/schema/collection-names';
import { MAX_CHANGE_BYTES, MAX_FIELDS_PER_CHANGE } from '../../shared/sync/change-limits';
import type { Hlc } from '../../shared/sync/hlc';
import type { RecordState } from '../../shared/sync/merge';
import { deleteView } from '../../shared/sync/versions';

export { validateChange } from '../../shared/sync/change';
export { missingFields } from '../../shared/sync/generated';
export { addCreationFields, addDerivedFields, addOwnerCopies, fieldsOfPatch, materialize } from '../../shared/sync/record';
export { mergeState, stateOfWrite } from '../../shared/sync/merge';
export { keepReplacedTexts, replacesText } from './local-versions';
export { sealedSizeProblem } from '../../shared/crypto/sealed-size';

/**
 * The bases of a delete (rule 22): its view of the record (deleteView), or none when the view is too
 * large to travel (a delete must never fail: without bases it is an older client's delete).
 */
export function viewOfDelete(collection: CollectionName, state: RecordState): [string, Hlc][] {
  const view = Object.entries(deleteView(collection, state));
  return view.length <= MAX_FIELDS_PER_CHANGE && JSON.stringify(view).length <= MAX_CHANGE_BYTES / 2 ? view : [];
}
