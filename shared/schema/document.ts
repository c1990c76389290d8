/** Legal document references (SPEC.md §3 "Document"; §5 "Upload document"). */
import { z } from 'zod';
import { LIMITS, httpUrlSchema, requiredText, timestampSchema } from './common';

export const DOCUMENT_TYPES = ['will', 'insurance', 'financial'] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentFieldsSchema = z.object({
  documentType: documentTypeSchema,
  documentName: requiredText(LIMITS.shortText),
  documentUrl: httpUrlSchema,
  createdAt: timestampSchema,
});
export const documentSchema = documentFieldsSchema.extend({ id: z.string(), userId: z.string() });
export type LegalDocument = z.infer<typeof documentSchema>;

/** `POST /api/documents` (SPEC.md §7). */
export const documentCreateSchema = documentFieldsSchema
  .omit({ createdAt: true })
  .extend({ userId: z.unknown().optional() })
  .strict();
/** `PATCH /api/documents/{id}` (ours: SPEC.md §7 lists no edit, a REST client may still rename). */
export const documentPatchSchema = documentFieldsSchema.omit({ createdAt: true }).partial().strict();
