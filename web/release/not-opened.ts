/**
 * What a trustee's page says of the values that did not open (open.ts): each one named as the
 * person finds it on the page ("the link of the document “Will”"), never a bare count (issue 38,
 * item 3: a count that named nothing read as tampering when nothing on the page was marked).
 * A place is a sealed field of a record; its name comes from what did open of that record (a
 * document's name, a task's title) or from what is plain (a recipient's address).
 */
import { baseField } from '../../shared/crypto/fields';
import { TOMBSTONE_FIELD, type CollectionName } from '../../shared/schema/collection-names';

/** A sealed field that did not open: `field` as stored (a list item `musicSelections/<id>` too). */
export interface FailedPlace {
  collection: CollectionName;
  id: string;
  field: string;
}

/** What each field is called on the page, by collection (a field not listed is "an entry"). */
const WORDS: Partial<Record<CollectionName, Record<string, string>>> = {
  documents: { documentType: 'the type', documentName: 'the name', documentUrl: 'the link', file: 'the file' },
  messages: { recipientName: 'the name of the recipient' },
  survivorTasks: {
    title: 'the title',
    description: 'the description',
    category: 'the category',
    timeframe: 'when it is due',
    priority: 'the priority',
    automationLevel: 'the kind of help',
    resources: 'a resource',
    automationSteps: 'a step',
    completionStatus: 'the progress',
  },
  trustees: { name: 'the name', phone: 'the phone number', relationship: 'the relationship' },
  deathPlan: {
    funeralType: 'the service',
    burialPreference: 'the burial wishes',
    location: 'the location',
    musicSelections: 'a piece of music',
    readings: 'a reading',
    specialRequests: 'the special requests',
    obituary: 'the obituary',
    hometown: 'the hometown',
    occupation: 'the occupation',
    achievements: 'the achievements',
    familyMembers: 'the family members',
    personalQualities: 'the personal qualities',
    musicGenres: 'the kinds of music',
  },
  profile: {
    lastName: 'the last name',
    birthdate: 'the date of birth',
    values: 'the values',
    beliefs: 'the beliefs',
    contactEmail: 'the contact e-mail',
    emergencyContact: 'the emergency contact',
  },
};

/**
 * Names by record, for the places' words: `documents/<id>` → the document's opened name, a
 * task's opened title, a message's or trustee's plain address (null when not known or not opened).
 */
export type NamesOf = (collection: CollectionName, id: string) => string | null;

/** "the document “Will”", "a document" (its name did not open), "the plan", … */
function recordWords(collection: CollectionName, name: string | null, owner: string): string {
  switch (collection) {
    case 'documents': return name ? `the document “${name}”` : 'a document';
    case 'survivorTasks': return name ? `the task “${name}”` : 'a task';
    case 'messages': return name ? `the message to ${name}` : 'a message';
    case 'trustees': return name ? `the trustee at ${name}` : 'a trustee';
    case 'deathPlan': return 'the plan';
    case 'profile': return `${owner}'s details`;
  }
}

/** The words for one place, e.g. "the link of the document “Will”", "the obituary in the plan". */
export function placeWords(place: FailedPlace, names: NamesOf, owner: string): string {
  const field = baseField(place.field);
  // A name that did not open does not name its own record.
  const ownName = (place.collection === 'documents' && field === 'documentName') || (place.collection === 'survivorTasks' && field === 'title');
  const record = recordWords(place.collection, ownName ? null : names(place.collection, place.id), owner);
  if (place.collection === 'documents' && field === 'originalLocation') return `where the original of ${record} is kept`;
  if (field === TOMBSTONE_FIELD) return `whether ${record} was deleted`; // a deletion mark its owner's devices did not write (page-freshness.ts)
  if (place.collection === 'profile' && field === 'healthInfo') return `the health information ${owner} wrote`;
  const word = WORDS[place.collection]?.[field] ?? 'an entry';
  return place.collection === 'deathPlan' || place.collection === 'profile' ? `${word} in ${record}` : `${word} of ${record}`;
}

/** The distinct words of `places`, in their order (two items of one list are one entry). */
export function namedEntries(places: readonly FailedPlace[], names: NamesOf, owner: string): string[] {
  return [...new Set(places.map((p) => placeWords(p, names, owner)))];
}

/** At most this many entries are named in the warning; the rest are counted. */
const NAMED_AT_MOST = 6;

/**
 * The page's warning for `entries` (namedEntries; at least one): "One entry on this page could
 * not be opened, because it was changed or damaged: the link of the document “Will”."
 */
export function notOpenedText(entries: readonly string[]): string {
  const n = entries.length;
  const shown = entries.slice(0, NAMED_AT_MOST);
  const more = n - shown.length;
  const list = more > 0 ? `${shown.join('; ')}; and ${more} more` : shown.join('; ');
  return `${n === 1 ? 'One entry' : `${n} entries`} on this page could not be opened, because ${n === 1 ? 'it was' : 'they were'} changed or damaged: ${list}.`;
}
