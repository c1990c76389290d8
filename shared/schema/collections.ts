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
import { SINGLETON_COLLECTIONS, type CollectionName } from './collection-names';
import { COLLECTION_FACTS, type CollectionFacts } from './collection-facts';

export { COLLECTIONS, type CollectionName } from './collection-names';

export interface CollectionSpec extends Omit<CollectionFacts, 'fields' | 'schemaDefaults'> {
  /** Schema of every writable field (list fields as plain string arrays); its fields are COLLECTION_FACTS' (collection-facts.test.ts). */
  fields: z.ZodMiniObject;
  /** One record per user, whose id is the user's id. */
  singleton: boolean;
}

/** A collection's spec: its schema, and its facts (./collection-facts.ts) but the field names, which the schema gives. */
const spec = (collection: CollectionName, fields: z.ZodMiniObject): CollectionSpec => {
  const { fields: _names, schemaDefaults: _fromSchema, ...facts } = COLLECTION_FACTS[collection];
  return { fields, ...facts, singleton: SINGLETON_COLLECTIONS.includes(collection) };
};

export const COLLECTION_SPECS: Record<CollectionName, CollectionSpec> = {
  profile: spec('profile', profileSchema),
  deathPlan: spec('deathPlan', deathPlanFieldsSchema),
  messages: spec('messages', messageFieldsSchema),
  documents: spec('documents', documentFieldsSchema),
  trustees: spec('trustees', trusteeFieldsSchema),
  survivorTasks: spec('survivorTasks', survivorTaskFieldsSchema),
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
