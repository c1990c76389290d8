/**
 * What the sync layer needs to know of each collection's fields, without zod (issue #20, issue 41
 * "The dashboard loads only what it shows"): the writable fields in the schema's order, which are
 * lists (merged item by item), which only the server writes, and what a field never written reads
 * as. shared/sync/record.ts and shared/sync/versions.ts read these, so the signed-in start (the
 * database, the sync engine) runs without the zod schemas; shared/schema/collections.ts builds
 * COLLECTION_SPECS from them, and shared/schema/collection-facts.test.ts checks the fields and the
 * schemas' defaults against the schemas themselves.
 */
import type { CollectionName } from './collection-names';

export interface CollectionFacts {
  /** Every writable field, in the order of the collection's schema (its `shape`). */
  fields: readonly string[];
  /** Fields holding a list of strings; the sync layer stores each item as its own field. */
  lists: readonly string[];
  /** Fields that only the server may write (a client change touching one is rejected). */
  serverOnly: readonly string[];
  /** Values of fields never written, where the schema has no default and null would be wrong. */
  defaults?: Record<string, unknown>;
  /** What the schema makes of no value, for the fields where that is neither null nor `defaults`' (checked against the schema). */
  schemaDefaults?: Record<string, unknown>;
}

export const COLLECTION_FACTS: Record<CollectionName, CollectionFacts> = {
  profile: {
    fields: ['firstName', 'lastName', 'email', 'birthdate', 'values', 'beliefs', 'contactEmail', 'emergencyContact', 'healthInfo', 'profileCompletion', 'emailName', 'keptShares'],
    lists: ['keptShares'],
    serverOnly: [],
    defaults: { values: [], profileCompletion: 0, emailName: null, keptShares: [] },
  },
  deathPlan: {
    fields: ['funeralType', 'location', 'burialPreference', 'musicSelections', 'readings', 'specialRequests', 'obituary', 'completed', 'createdAt', 'hometown', 'occupation', 'achievements', 'familyMembers', 'personalQualities', 'musicGenres', 'shares'],
    lists: ['musicSelections', 'readings'],
    serverOnly: [],
    // The AI helpers' input came later: a plan without it reads it as empty (shared/schema/death-plan.ts).
    defaults: { completed: false, hometown: null, occupation: null, achievements: null, familyMembers: null, personalQualities: null, musicGenres: [], shares: [] },
  },
  messages: {
    fields: ['recipientName', 'recipientEmail', 'sealedRecipientEmail', 'recipientLanguage', 'messageType', 'messageContent', 'deliveryDate', 'file', 'fileBlobId', 'contentRevision', 'delivered', 'deliveredAt', 'openedAt', 'createdAt', 'delivery', 'shares'],
    lists: [],
    serverOnly: ['delivered', 'deliveredAt', 'openedAt'],
    defaults: { delivered: false, deliveredAt: null, openedAt: null, file: null, fileBlobId: null, contentRevision: 0, delivery: null, sealedRecipientEmail: null, shares: [] },
  },
  documents: {
    fields: ['documentType', 'documentName', 'documentUrl', 'originalLocation', 'file', 'fileBlobId', 'fileShared', 'createdAt', 'shares'],
    lists: [],
    serverOnly: [],
    defaults: { documentUrl: null, originalLocation: null, file: null, fileBlobId: null, shares: [], fileShared: false },
  },
  trustees: {
    fields: ['name', 'email', 'sealedEmail', 'language', 'phone', 'relationship', 'accessLevel', 'createdAt', 'shares', 'emergency'],
    lists: [],
    serverOnly: [],
    defaults: { sealedEmail: null, shares: [], emergency: null },
  },
  survivorTasks: {
    fields: ['title', 'description', 'category', 'timeframe', 'automationLevel', 'priority', 'resources', 'automationSteps', 'notifyTrustees', 'completionStatus', 'createdAt'],
    lists: ['resources', 'automationSteps'],
    serverOnly: [],
    schemaDefaults: { notifyTrustees: false, completionStatus: 'not-started' },
  },
};

/** True when `field` is one of `collection`'s writable fields. */
export function isCollectionField(collection: CollectionName, field: string): boolean {
  return COLLECTION_FACTS[collection].fields.includes(field);
}

/**
 * What `field` of `collection` reads as when a record has never been given it: the collection's
 * `defaults`, else the schema's default, else null. An object default is a fresh copy each time,
 * since the caller may change it.
 */
export function defaultOf(collection: CollectionName, field: string): unknown {
  const { defaults, schemaDefaults } = COLLECTION_FACTS[collection];
  const value = defaults && field in defaults ? defaults[field] : schemaDefaults && field in schemaDefaults ? schemaDefaults[field] : null;
  return value !== null && typeof value === 'object' ? structuredClone(value) : value;
}
