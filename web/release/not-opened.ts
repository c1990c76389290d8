/**
 * What a trustee's page says of the values that did not open (open.ts): each one named as the
 * person finds it on the page ("the link of the document “Will”"), never a bare count (issue 38,
 * item 3: a count that named nothing read as tampering when nothing on the page was marked).
 * A place is a sealed field of a record; its name comes from what did open of that record (a
 * document's name, a task's title) or from what is plain (a recipient's address).
 */
import { baseField } from '../../shared/crypto/fields';
import { TOMBSTONE_FIELD, type CollectionName } from '../../shared/schema/collection-names';
import en from '../i18n/catalogs/en/release-page.json';
import { type PageWordId, t } from './words';

/** A sealed field that did not open: `field` as stored (a list item `musicSelections/<id>` too). */
export interface FailedPlace {
  collection: CollectionName;
  id: string;
  field: string;
}

/**
 * Names by record, for the places' words: `documents/<id>` → the document's opened name, a
 * task's opened title, a message's or trustee's plain address (null when not known or not opened).
 */
export type NamesOf = (collection: CollectionName, id: string) => string | null;

/** Collections whose record is a singular thing of the owner's ("in the plan"), not one of many ("of the task"). */
const OWNERS_OWN: ReadonlySet<CollectionName> = new Set(['deathPlan', 'profile']);

/** The record's own key in the catalog's `record.*` words, by collection: [named, unnamed]. */
const RECORD_IDS: Record<Exclude<CollectionName, 'deathPlan' | 'profile'>, readonly [string, string]> = {
  documents: ['document', 'aDocument'],
  survivorTasks: ['task', 'aTask'],
  messages: ['message', 'aMessage'],
  trustees: ['trustee', 'aTrustee'],
};

/** A message of the release pages' catalog (`releasePage.notOpened.<rest>`), in the page's language. */
const say = (rest: string, values?: Record<string, string | number>) => t(`releasePage.notOpened.${rest}` as PageWordId, values);

/** "the document “Will”", "a document" (its name did not open), "the plan", … in the page's language. */
function recordWords(collection: CollectionName, name: string | null, owner: string): string {
  if (collection === 'deathPlan') return say('record.plan');
  if (collection === 'profile') return say('record.details', { owner });
  const [named, unnamed] = RECORD_IDS[collection];
  return name ? say(`record.${named}`, { name }) : say(`record.${unnamed}`);
}

/** What `field` of `collection` is called on the page ("the link"), or "an entry" for a field the catalog does not name. */
function fieldWords(collection: CollectionName, field: string): string {
  const id = `releasePage.notOpened.field.${collection}.${field}`;
  return Object.hasOwn(en, id) ? t(id as PageWordId) : say('entry');
}

/**
 * The words for one place in the page's language (web/release/words.ts), e.g. "the link of the
 * document “Will”", "the obituary in the plan" (catalog `release-page`, `releasePage.notOpened.*`:
 * each language puts the field and the record together in its own order).
 */
export function placeWords(place: FailedPlace, names: NamesOf, owner: string): string {
  const field = baseField(place.field);
  // A name that did not open does not name its own record.
  const ownName = (place.collection === 'documents' && field === 'documentName') || (place.collection === 'survivorTasks' && field === 'title');
  const record = recordWords(place.collection, ownName ? null : names(place.collection, place.id), owner);
  if (place.collection === 'documents' && field === 'originalLocation') return say('originalKept', { record });
  if (field === TOMBSTONE_FIELD) return say('deleted', { record }); // a deletion mark its owner's devices did not write (page-freshness.ts)
  if (place.collection === 'profile' && field === 'healthInfo') return say('health', { owner });
  return say(OWNERS_OWN.has(place.collection) ? 'in' : 'of', { field: fieldWords(place.collection, field), record });
}

/** The distinct words of `places`, in their order (two items of one list are one entry). */
export function namedEntries(places: readonly FailedPlace[], names: NamesOf, owner: string): string[] {
  return [...new Set(places.map((p) => placeWords(p, names, owner)))];
}

/** At most this many entries are named in the warning; the rest are counted. */
const NAMED_AT_MOST = 6;

/**
 * The page's warning for `entries` (namedEntries; at least one), in the page's language: "One
 * entry on this page could not be opened, because it was changed or damaged: the link of the
 * document “Will”."
 */
export function notOpenedText(entries: readonly string[]): string {
  const n = entries.length;
  const shown = entries.slice(0, NAMED_AT_MOST);
  const more = n - shown.length;
  const joined = shown.join(say('separator'));
  const list = more > 0 ? say('andMore', { list: joined, n: more }) : joined;
  return say('warning', { n, list });
}
