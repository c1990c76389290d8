/**
 * The export format (issue #18, DESIGN.md §10): one ZIP holding `afterword.json` (every live
 * record of every collection in the shapes of SPEC.md §3, the format's version and the export
 * time), `files/` (every document and recording, decrypted, named for people) and `README.txt`.
 * The device writes it (web/features/export, shared/export/zip-writer.ts), also when it opens the
 * server's export (`GET /api/export`, version 2: shared/export/stored-format.ts, opened by
 * shared/export/open-stored.ts); import reads it with shared/export/read.ts.
 */
import { z } from 'zod';
import { COLLECTIONS, COLLECTION_SPECS, type CollectionName, type EntityOf } from '../schema/collections';
import { idSchema } from '../schema/common';
import { FILE_COLLECTIONS } from '../files/ref';

/** What `afterword.json` says it is. */
export const EXPORT_FORMAT = 'afterword-export';
/** The version this code writes and the newest it reads. Raise it on any incompatible change. */
export const EXPORT_FORMAT_VERSION = 1;
export const MANIFEST_PATH = 'afterword.json';
export const README_PATH = 'README.txt';
export const FILES_DIR = 'files/';

/** The collections whose records may hold a file (`file: FileRef | null`): shared/files/ref.ts. */
export { FILE_COLLECTIONS };
export type FileCollection = (typeof FILE_COLLECTIONS)[number];

/** Every record of the export, by collection, as screens and the REST API see them. */
export type ExportRecords = { [C in CollectionName]: EntityOf[C][] };

/** Where a record's file is inside the ZIP. */
export interface ExportFileEntry {
  collection: FileCollection;
  id: string;
  /** `files/documents/<name>` or `files/messages/<recipient> - <name>` (shared/export/paths.ts). */
  path: string;
}

/** The content of `afterword.json`. */
export interface ExportManifest {
  format: typeof EXPORT_FORMAT;
  version: number;
  /** ISO 8601 time the export was made. */
  exportedAt: string;
  records: ExportRecords;
  /** The files in `files/`, each tied to its record. A record whose file is absent here kept only its reference. */
  files: ExportFileEntry[];
}

/** Just enough of `afterword.json` to tell ours from a foreign file and a newer version from ours. */
export const manifestHeadSchema = z.object({
  format: z.literal(EXPORT_FORMAT, { error: 'It is not an Afterword export' }),
  version: z.number().int().min(1),
});

/**
 * Fields added to a collection after exports of this version were first written: an export made
 * before lacks them and still imports (a compatible change, so the version stays); import then
 * leaves them as the account holds them (web/features/export/import-data.ts writes only the
 * fields a record has). An older app reading a newer export drops them (zod strips unknown keys).
 */
export const ADDED_FIELDS: Partial<Record<CollectionName, readonly string[]>> = {
  /** The AI helpers' input (shared/schema/death-plan.ts). */
  /** The name e-mails use (shared/profile-email-name.ts). */
  profile: ['emailName', 'keptShares'],
  deathPlan: ['hometown', 'occupation', 'achievements', 'familyMembers', 'personalQualities', 'musicGenres'],
};

/** One record of `collection` as exported: its writable fields (ADDED_FIELDS optional), its id, and (ignored) its owner. */
function recordSchema(collection: CollectionName) {
  // The collection's fields (zod/mini, shared/schema/z.ts) as a zod classic object, extended.
  const shape: Record<string, z.ZodType> = { ...(COLLECTION_SPECS[collection].fields.shape as Record<string, z.ZodType>) };
  for (const field of ADDED_FIELDS[collection] ?? []) shape[field] = z.optional(shape[field]!);
  return z.object(shape).extend({ id: idSchema, userId: z.string().optional() });
}

const recordsSchema = z.object(
  Object.fromEntries(COLLECTIONS.map((c) => [c, z.array(recordSchema(c)).default([])])) as {
    [C in CollectionName]: z.ZodDefault<z.ZodArray<ReturnType<typeof recordSchema>>>;
  },
);

/** The whole of `afterword.json` at EXPORT_FORMAT_VERSION; records are checked with their collection's schema. */
export const manifestSchema = z.object({
  format: z.literal(EXPORT_FORMAT),
  version: z.number().int().min(1).max(EXPORT_FORMAT_VERSION),
  exportedAt: z.iso.datetime({ offset: true }),
  records: recordsSchema,
  files: z
    .array(z.object({ collection: z.enum(FILE_COLLECTIONS), id: idSchema, path: z.string().min(1).max(1024) }))
    .default([]),
});

/** The person's name as their profile holds it ('' when unknown), for README.txt and file names. */
export function personNameOf(records: Pick<ExportRecords, 'profile'>): string {
  const p = records.profile[0];
  return p ? [p.firstName, p.lastName].filter(Boolean).join(' ') : '';
}
