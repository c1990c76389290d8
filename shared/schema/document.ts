/** Legal document references (SPEC.md §3 "Document"; §5 "Upload document"). */
import { z } from 'zod';
import { fileRefSchema } from '../files/ref';
import { LIMITS, httpUrlSchema, requiredText, timestampSchema } from './common';

export const DOCUMENT_TYPES = ['will', 'insurance', 'financial'] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentFieldsSchema = z.object({
  documentType: documentTypeSchema,
  documentName: requiredText(LIMITS.shortText),
  /**
   * Where the document is kept: an http(s) address (never `javascript:`), or null when a file is
   * attached (issue #17).
   */
  documentUrl: httpUrlSchema.nullable(),
  /** The uploaded file (issue #17), or null for a document kept elsewhere. */
  file: fileRefSchema.nullable(),
  createdAt: timestampSchema,
});
export const documentSchema = documentFieldsSchema.extend({ id: z.string(), userId: z.string() });
export type LegalDocument = z.infer<typeof documentSchema>;

/** `POST /api/documents` (SPEC.md §7). */
export const documentCreateSchema = documentFieldsSchema
  .omit({ createdAt: true })
  .extend({ documentUrl: documentFieldsSchema.shape.documentUrl.default(null), file: fileRefSchema.nullable().default(null), userId: z.unknown().optional() })
  .strict()
  .refine((d) => d.documentUrl !== null || d.file !== null, { path: ['documentUrl'], message: 'This field is required' });
/** `PATCH /api/documents/{id}` (ours: SPEC.md §7 lists no edit, a REST client may still rename). */
export const documentPatchSchema = documentFieldsSchema.omit({ createdAt: true }).partial().strict();
