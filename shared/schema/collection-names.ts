/**
 * The synced collections' names and the facts about them that reading needs, without zod (issue #20):
 * the signed-in screens paint from materialised entities in Dexie, so this module is all the read
 * path imports. The zod schemas (shared/schema/collections.ts, which re-exports these names) load
 * only when something is written or synced. shared/schema/collection-names.test.ts checks these
 * facts against the schemas.
 */

export const COLLECTIONS = ['profile', 'deathPlan', 'messages', 'documents', 'trustees', 'survivorTasks'] as const;
export type CollectionName = (typeof COLLECTIONS)[number];

/** Collections whose records carry a `createdAt` the client sets on create (lists are ordered by it, newest first). */
export const CREATED_AT_COLLECTIONS: readonly CollectionName[] = ['deathPlan', 'messages', 'documents', 'trustees', 'survivorTasks'];

/** True when records of `collection` carry a `createdAt` the client sets on create. */
export const hasCreatedAt = (collection: CollectionName): boolean => CREATED_AT_COLLECTIONS.includes(collection);

/** Collections holding one record per user, whose id is the user's id (rule 7). */
export const SINGLETON_COLLECTIONS: readonly CollectionName[] = ['profile', 'deathPlan'];

/** Collections whose records may hold a file (shared/files/ref.ts re-exports it). */
export const FILE_COLLECTIONS = ['documents', 'messages'] as const satisfies readonly CollectionName[];

/** The tombstone field of a deleted record (rule 6 of shared/sync/README.md; shared/sync/record.ts re-exports it). */
export const TOMBSTONE_FIELD = '_deleted';

/**
 * A sealed record's authenticated version (issue 39 "Freshness"; shared/crypto/freshness.ts): a
 * system field every change of a sealed account carries, sealed under the record's own scope.
 */
export const VERSION_FIELD = '_version';
/** Prefix of a plain field's authenticated twin `_auth/<field>` (shared/crypto/freshness.ts). */
export const TWIN_PREFIX = '_auth/';
/** True for `_version` and `_auth/<field>`: the owner's freshness fields, written only sealed. */
export const isFreshnessField = (key: string): boolean => key === VERSION_FIELD || key.startsWith(TWIN_PREFIX);
