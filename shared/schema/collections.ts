/**
 * The synced collections (DESIGN.md §2 "Records"): for each, the zod schema of its writable
 * fields, which fields are lists (merged item by item), which are written only by the server,
 * and whether it holds one record per user (whose id is then the user's id).
 */
import type { z } from './z';
import { deathPlanFieldsSchema, type DeathPlan } from './death-plan';
import { documentFieldsSchema, type LegalDocument } from './document';
import { messageFieldsSchema, type Message } from './message';
import { survivorTaskFieldsSchema, type SurvivorTask } from './survivor-task';
import { trusteeFieldsSchema, type Trustee } from './trustee';
import { profileSchema, type Profile } from './user';
import type { CollectionName } from './collection-names';

export { COLLECTIONS, type CollectionName } from './collection-names';

export interface CollectionSpec {
  /** Schema of every writable field (list fields as plain string arrays). */
  fields: z.ZodMiniObject;
  /** Fields holding a list of strings; the sync layer stores each item as its own field. */
  lists: readonly string[];
  /** Fields that only the server may write (a client change touching one is rejected). */
  serverOnly: readonly string[];
  /** One record per user, whose id is the user's id. */
  singleton: boolean;
  /** Values of fields never written, where the schema has no default and null would be wrong. */
  defaults?: Record<string, unknown>;
}

export const COLLECTION_SPECS: Record<CollectionName, CollectionSpec> = {
  profile: {
    fields: profileSchema,
    lists: ['keptShares'],
    serverOnly: [],
    singleton: true,
    defaults: { values: [], profileCompletion: 0, emailName: null, keptShares: [] },
  },
  deathPlan: {
    fields: deathPlanFieldsSchema,
    lists: ['musicSelections', 'readings'],
    serverOnly: [],
    singleton: true,
    // The AI helpers' input came later: a plan without it reads it as empty (shared/schema/death-plan.ts).
    defaults: { completed: false, hometown: null, occupation: null, achievements: null, familyMembers: null, personalQualities: null, musicGenres: [], shares: [] },
  },
  messages: {
    fields: messageFieldsSchema,
    lists: [],
    serverOnly: ['delivered', 'deliveredAt', 'openedAt'],
    singleton: false,
    defaults: { delivered: false, deliveredAt: null, openedAt: null, file: null, fileBlobId: null, contentRevision: 0, delivery: null, sealedRecipientEmail: null, shares: [] },
  },
  documents: { fields: documentFieldsSchema, lists: [], serverOnly: [], singleton: false, defaults: { documentUrl: null, originalLocation: null, file: null, fileBlobId: null, shares: [], fileShared: false } },
  trustees: { fields: trusteeFieldsSchema, lists: [], serverOnly: [], singleton: false, defaults: { sealedEmail: null, shares: [], emergency: null } },
  survivorTasks: {
    fields: survivorTaskFieldsSchema,
    lists: ['resources', 'automationSteps'],
    serverOnly: [],
    singleton: false,
  },
};

/** The materialised entity of each collection, as screens and the REST API see it. */
export interface EntityOf {
  profile: Profile & { id: string };
  deathPlan: DeathPlan;
  messages: Message;
  documents: LegalDocument;
  trustees: Trustee;
  survivorTasks: SurvivorTask;
}
