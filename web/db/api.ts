/**
 * What screens call to change data (DESIGN.md §2 "Data flows one way"): each function validates
 * with the collection's zod schema, then writes through the one local write (rule 9). The
 * change lands in IndexedDB at once; the outbox carries it to the server later.
 */
import type { z } from 'zod';
import type { deathPlanFieldsSchema } from '../../shared/schema/death-plan';
import type { documentFieldsSchema } from '../../shared/schema/document';
import type { messageFieldsSchema } from '../../shared/schema/message';
import type { survivorTaskFieldsSchema } from '../../shared/schema/survivor-task';
import type { trusteeFieldsSchema } from '../../shared/schema/trustee';
import type { profileSchema } from '../../shared/schema/user';
import { SINGLETON_COLLECTIONS, TOMBSTONE_FIELD, type CollectionName } from '../../shared/schema/collection-names';
import { requireDb } from './current';
import type { UserDatabase } from './user-database';

/** Type of ./normalize.ts, the zod normalisation loaded on the first write (issue #20: not needed to paint). */
type Normalize = typeof import('./normalize');
const loadNormalize = (): Promise<Normalize> => import('./normalize');

type NullableKeys<T> = { [K in keyof T]-?: null extends T[K] ? K : never }[keyof T];
/** `T` with its nullable fields optional: an optional field not given is stored as null. */
type OptionalNullables<T> = Omit<T, NullableKeys<T>> & Partial<Pick<T, NullableKeys<T>>>;

/** Fields a screen passes to create a record (createdAt and server-only fields are set elsewhere). */
export interface CreateInput {
  profile: Partial<z.input<typeof profileSchema>>;
  deathPlan: Partial<z.input<typeof deathPlanFieldsSchema>>;
  messages: OptionalNullables<Omit<z.input<typeof messageFieldsSchema>, 'createdAt' | 'delivered' | 'deliveredAt' | 'openedAt'>>;
  documents: Omit<z.input<typeof documentFieldsSchema>, 'createdAt'>;
  trustees: OptionalNullables<Omit<z.input<typeof trusteeFieldsSchema>, 'createdAt'>>;
  survivorTasks: Omit<z.input<typeof survivorTaskFieldsSchema>, 'createdAt'>;
}
/** Fields a screen passes to change a record; extra keys (id, userId) are ignored. */
export type PatchInput<C extends CollectionName> = Partial<CreateInput[C]> & { id?: string; userId?: string };

function prepareCreate<C extends CollectionName>({ hasCreatedAt, normalizeNewRecord }: Normalize, name: C, fields: CreateInput[C], db: UserDatabase) {
  const input: Record<string, unknown> = { ...fields };
  if (hasCreatedAt(name)) input.createdAt = new Date(db.correctedNow()).toISOString(); // rule 17
  const singleton = SINGLETON_COLLECTIONS.includes(name);
  const id = singleton ? db.userId : crypto.randomUUID();
  // Only a minted id makes a new record (addCreationFields); a singleton may exist elsewhere already.
  return { collection: name, id, patch: normalizeNewRecord(name, input), creates: !singleton };
}

/**
 * Creates a record and returns its id: a new UUID, or the user's id for profile/deathPlan
 * (rule 7; creating it again merges the fields). Throws LocalWriteError naming the invalid field.
 */
export async function create<C extends CollectionName>(name: C, fields: CreateInput[C]): Promise<string> {
  const normalize = await loadNormalize();
  const db = requireDb();
  const input = prepareCreate(normalize, name, fields, db);
  await db.writeMany([input]);
  return input.id;
}

/** Creates many records in one transaction (all or none), e.g. the default survivor tasks. */
export async function bulkCreate<C extends CollectionName>(name: C, items: readonly CreateInput[C][]): Promise<string[]> {
  const normalize = await loadNormalize();
  const db = requireDb();
  const inputs = items.map((fields) => prepareCreate(normalize, name, fields, db));
  await db.writeMany(inputs);
  return inputs.map((i) => i.id);
}

/** Changes the given fields of a record (lists as whole arrays; they are diffed item by item). */
export async function save<C extends CollectionName>(name: C, id: string, patch: PatchInput<C>): Promise<void> {
  const { normalizePatch } = await loadNormalize();
  await requireDb().write(name, id, normalizePatch(name, patch));
}

/** Deletes a record: a tombstone that syncs (rule 5). */
export async function remove(name: CollectionName, id: string): Promise<void> {
  await requireDb().write(name, id, { [TOMBSTONE_FIELD]: true });
}

/** Number of local changes not yet acknowledged by the server. */
export async function getPendingCount(): Promise<number> {
  return requireDb().pendingCount();
}
