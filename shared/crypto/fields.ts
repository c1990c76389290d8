/**
 * Which fields the server may read (README.md "Field classification"): every field of every synced
 * collection is `plain` (the server must act on it) or sealed under a scope (kid.ts). Plain are
 * ids, HLCs, timestamps, a message's `recipientEmail`, `deliveryDate` and `delivered`, a trustee's
 * `email` and `accessLevel`, and the owner's `email`, `firstName` and `emailName` (the name
 * e-mails to trustees and recipients use: the full name unless the owner chose the first name
 * only); acceptance, check-in and release state live in the server's own tables. Everything else is
 * sealed, names of recipients and trustees and a message's type included.
 * fields.test.ts fails when a schema (shared/schema/collections.ts) has a field not declared here.
 * This table imports no schema, so it costs the app no zod.
 */
import type { CollectionName } from '../schema/collection-names';
import { isFreshnessField, TOMBSTONE_FIELD } from '../schema/collection-names';
import { messageScope, type FixedScope } from './kid';

/** `plain`, a fixed scope, or `message`: the record's own message scope (`msg:<recordId>`). */
export type FieldClass = 'plain' | FixedScope | 'message';

export const FIELD_CLASSES = {
  profile: {
    firstName: 'plain',
    email: 'plain',
    /** The name e-mails use (issue 38 item 8 d): deliberately plain, written by the device; `lastName` stays sealed. */
    emailName: 'plain',
    lastName: 'owner',
    birthdate: 'owner',
    values: 'owner',
    beliefs: 'owner',
    contactEmail: 'owner',
    emergencyContact: 'owner',
    healthInfo: 'owner',
    profileCompletion: 'owner',
    /** Links shared with this person that they kept (issue 43): each item holds a share's key, so sealed; never handed to anyone else's page. */
    keptShares: 'owner',
  },
  deathPlan: {
    createdAt: 'plain',
    funeralType: 'plan',
    location: 'plan',
    burialPreference: 'plan',
    musicSelections: 'plan',
    readings: 'plan',
    specialRequests: 'plan',
    obituary: 'plan',
    completed: 'plan',
    hometown: 'plan',
    occupation: 'plan',
    achievements: 'plan',
    familyMembers: 'plan',
    personalQualities: 'plan',
    musicGenres: 'plan',
    /** The live ids of plan-section and task-list shares (share now): owner-sealed, so neither the server nor a trustee holding the plan key can add a stopped one back. */
    shares: 'owner',
  },
  messages: {
    createdAt: 'plain',
    recipientEmail: 'plain',
    /** The server writes the recipient's e-mails in it (issue 44; SECURITY.md "What stays plain"). */
    recipientLanguage: 'plain',
    deliveryDate: 'plain',
    delivered: 'plain',
    // Written by the server's release scheduler and the recipient page (sync-server/release/README.md).
    deliveredAt: 'plain',
    openedAt: 'plain',
    /** The server keeps the blob a live record names (sync-server/records/file-refs.ts); `file` itself is sealed. */
    fileBlobId: 'plain',
    /** Re-delivery after an edit keys on it (the server cannot compare sealed texts). */
    contentRevision: 'plain',
    /** Trustees see each recipient's name and delivery state, never the letter (index scope). */
    recipientName: 'index',
    /** The owner's copy of `recipientEmail`, for the trustee who hands the letter over (issue 39). */
    sealedRecipientEmail: 'message',
    messageType: 'message',
    messageContent: 'message',
    file: 'message',
    /** The owner's delivery choice (issue 39): the owner's devices decide from it, never from the server's list. */
    delivery: 'owner',
    /** The live ids of this letter's shares (share now): owner-sealed, as a trustee's `shares`. */
    shares: 'owner',
  },
  documents: {
    createdAt: 'plain',
    documentType: 'docs',
    documentName: 'docs',
    documentUrl: 'docs',
    originalLocation: 'docs',
    file: 'docs',
    fileBlobId: 'plain',
    /** The owner's yes to sharing `file` with the document's shares (review M1): sealed, so the server cannot give it. */
    fileShared: 'docs',
    /** The live share ids (share now): sealed, so the server cannot add a stopped one back. */
    shares: 'docs',
  },
  trustees: {
    createdAt: 'plain',
    email: 'plain',
    /** The server writes the trustee's e-mails in it (issue 44; SECURITY.md "What stays plain"). */
    language: 'plain',
    accessLevel: 'plain',
    /** The owner's copy of `email`, checked before a kit is sent (issue 39). */
    sealedEmail: 'owner',
    name: 'owner',
    phone: 'owner',
    relationship: 'owner',
    /** The live ids of this trustee's details' shares (share now): owner-sealed, as documents' `shares`. */
    shares: 'owner',
    /** What this trustee may open in an emergency: owner-sealed, so the server cannot widen it before the device re-seals the bundle. */
    emergency: 'owner',
  },
  survivorTasks: {
    createdAt: 'plain',
    title: 'plan',
    description: 'plan',
    category: 'plan',
    timeframe: 'plan',
    automationLevel: 'plan',
    priority: 'plan',
    resources: 'plan',
    automationSteps: 'plan',
    notifyTrustees: 'plan',
    /** Sealed: a full-access trustee's page holds the plan key and seals its updates. */
    completionStatus: 'plan',
  },
} as const satisfies Record<CollectionName, Record<string, FieldClass>>;

/**
 * The scope a record's freshness fields (`_version`, `_auth/<field>`: freshness.ts) are sealed
 * under: the scope of the record's main content, so every page that opens the record (a
 * recipient's: the message key; a full-access trustee's: plan, owner; documents: docs) checks it.
 */
export const VERSION_CLASS = {
  profile: 'owner',
  deathPlan: 'plan',
  messages: 'message',
  documents: 'docs',
  trustees: 'owner',
  survivorTasks: 'plan',
} as const satisfies Record<CollectionName, FieldClass>;

/** Sync-layer fields of every collection (shared/sync/README.md rules 5, 22): plain. */
const SYSTEM_FIELDS = new Set([TOMBSTONE_FIELD, '_restorable']);

/**
 * The schema field a stored field belongs to: a list item `resources/<itemId>` → `resources`, a
 * kept version `messageContent~conflict/<hlc>` → `messageContent` (rules 6, 20).
 */
export function baseField(stored: string): string {
  const conflict = stored.indexOf('~conflict/');
  const field = conflict < 0 ? stored : stored.slice(0, conflict);
  const item = field.indexOf('/');
  return item < 0 ? field : field.slice(0, item); // (no split: every sealed field asks, on every seal and open)
}

/**
 * The scope a stored field of `collection` is sealed under, or null when it is plain. A conflict
 * copy keeps its original envelope, so it is sealed under its original field's scope and opened
 * with its original field name and HLC. Throws TypeError for a field that is not declared.
 */
export function sealedScope(collection: CollectionName, recordId: string, stored: string): string | null {
  if (SYSTEM_FIELDS.has(stored)) return null;
  const table: Record<string, FieldClass> = FIELD_CLASSES[collection];
  const cls = isFreshnessField(stored) ? VERSION_CLASS[collection] : table[baseField(stored)];
  if (!cls) throw new TypeError(`${collection}.${stored} is neither plain nor sealed`);
  if (cls === 'plain') return null;
  return cls === 'message' ? messageScope(recordId) : cls;
}

export { OWNER_COPIES } from './owner-copies';

/** True when two addresses are the same as the server compares them (trimmed, lower case): a plain address against its owner's copy. */
export const sameAddress = (a: string, b: string): boolean => a.trim().toLowerCase() === b.trim().toLowerCase();

/** The scopes each trustee access level receives at release (no level includes a message's own key). */
export const LEVEL_SCOPES = {
  full: ['owner', 'plan', 'docs', 'index'],
  'documents-only': ['docs'],
  'messages-only': ['index'],
} as const satisfies Record<'full' | 'documents-only' | 'messages-only', readonly FixedScope[]>;

type Classes = typeof FIELD_CLASSES;
/** The plain fields of `C` (those the server may read), as a type. */
export type PlainFieldName<C extends CollectionName> = { [K in keyof Classes[C]]: Classes[C][K] extends 'plain' ? K : never }[keyof Classes[C]];
/** What the server may read of a record of `C`: its id, owner and plain fields (never a sealed one, not even an envelope). */
export type PlainView<C extends CollectionName, E> = Pick<E, Extract<keyof E, PlainFieldName<C> | 'id' | 'userId'>>;

/**
 * `record` of `collection` with every sealed field left out (README.md "Field classification"):
 * what server code that acts for the release (e-mails, activity lines, the release's own pages)
 * may read, so that no sealed value, and no envelope, is ever put into what it writes or shows.
 */
export function plainView<C extends CollectionName, E extends object>(collection: C, record: E): PlainView<C, E> {
  const table: Record<string, FieldClass> = FIELD_CLASSES[collection];
  const out: Record<string, unknown> = {};
  for (const [k, v] of Object.entries(record)) if (k === 'id' || k === 'userId' || table[k] === 'plain') out[k] = v;
  return out as PlainView<C, E>;
}
