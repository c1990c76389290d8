/**
 * Screens' input → the collection's zod-normalised fields (trimmed, blanks → null, defaults), so
 * that what the UI accepts is exactly what the server accepts (rule 10). Server-only fields
 * (e.g. `messages.delivered`) are never written by a client and are dropped here.
 */
import { z } from '../../shared/schema/z';
import { COLLECTION_SPECS, type CollectionName } from '../../shared/schema/collections';
import { LocalWriteError } from './user-database';

const reasonOf = (collection: CollectionName, error: z.core.$ZodError) => {
  const issue = error.issues[0]!;
  return `${collection}.${issue.path.join('.') || 'record'}: ${issue.message}`;
};

export { hasCreatedAt } from '../../shared/schema/collection-names';

/**
 * Parses each given field of `patch` alone with its schema (unknown keys such as id/userId and
 * server-only fields are dropped). Throws LocalWriteError naming the first invalid field.
 */
export function normalizePatch(collection: CollectionName, patch: Record<string, unknown>): Record<string, unknown> {
  const spec = COLLECTION_SPECS[collection];
  const out: Record<string, unknown> = {};
  for (const [field, value] of Object.entries(patch)) {
    const schema = spec.fields.shape[field] as z.ZodMiniType | undefined;
    if (!schema || spec.serverOnly.includes(field) || value === undefined) continue;
    const parsed = schema.safeParse(value);
    if (!parsed.success) {
      const issue = parsed.error.issues[0]!;
      throw new LocalWriteError(`${collection}.${[field, ...issue.path].join('.')}: ${issue.message}`);
    }
    out[field] = parsed.data;
  }
  return out;
}

/**
 * Parses a whole new record of a many-record collection with its schema (defaults applied,
 * server-only fields left out). Singletons are partial: only the given fields are parsed.
 */
export function normalizeNewRecord(collection: CollectionName, fields: Record<string, unknown>): Record<string, unknown> {
  const spec = COLLECTION_SPECS[collection];
  if (spec.singleton) return normalizePatch(collection, fields);
  const omit = Object.fromEntries(spec.serverOnly.map((f) => [f, true] as const));
  const schema = z.omit(spec.fields, omit as never) as z.ZodMiniObject;
  // A key missing or undefined means "not given" (as in a form): its default applies, or null for
  // an optional (nullable) field (SPEC.md §5 "Optional fields").
  const given = Object.fromEntries(Object.entries(fields).filter(([, v]) => v !== undefined));
  for (const [field, fieldSchema] of Object.entries(schema.shape) as [string, z.ZodMiniType][]) {
    if (field in given || fieldSchema.safeParse(undefined).success) continue;
    if (fieldSchema.safeParse(null).success) given[field] = null;
  }
  const parsed = schema.safeParse(given);
  if (!parsed.success) throw new LocalWriteError(reasonOf(collection, parsed.error));
  return parsed.data as Record<string, unknown>;
}
