/** Legal document references (SPEC.md §3 "Document"; §5 "Upload document"). zod/mini (./z.ts). */
import { blobIdSchema, fileRefSchema } from '../files/ref';
import { LIMITS, httpUrlSchema, liveShareIdsSchema, optionalText, requiredText, timestampSchema } from './common';
import { z } from './z';

/**
 * SPEC.md §3's three types, and the papers a family also looks for (issue "Promises kept",
 * finding 8): power of attorney, advance directive, property, pension, other.
 */
export const DOCUMENT_TYPES = ['will', 'insurance', 'financial', 'power-of-attorney', 'advance-directive', 'property', 'pension', 'other'] as const;
/** The types SPEC.md §4's filter tabs name one by one; the rest share its "Other" tab. */
export const SPEC_DOCUMENT_TYPES = ['will', 'insurance', 'financial'] as const;
export const documentTypeSchema = z.enum(DOCUMENT_TYPES);
export type DocumentType = z.infer<typeof documentTypeSchema>;

export const documentFieldsSchema = z.object({
  documentType: documentTypeSchema,
  documentName: requiredText(LIMITS.shortText),
  /**
   * Where the document is kept: an http(s) address (never `javascript:`), or null when a file is
   * attached (issue #17).
   */
  documentUrl: z.nullable(httpUrlSchema),
  /** Where the original (the signed paper) is kept, in the person's words, or null. */
  originalLocation: z._default(optionalText(LIMITS.text), null),
  /** The uploaded file (issue #17), or null for a document kept elsewhere. */
  file: z.nullable(fileRefSchema),
  /** `file`'s blob id, plain (shared/crypto/fields.ts): the server keeps a blob a live record names. Written with `file`. */
  fileBlobId: z._default(z.nullable(blobIdSchema), null),
  /**
   * True when the owner agreed that `file` goes with this document's shares (review M1;
   * docs/sharing.md "The file of a shared document"): set in the Share dialog, sealed like the
   * document's words so the server cannot turn it on. Absent (false) for every document before it,
   * so a share made before carries no file.
   */
  fileShared: z.optional(z.boolean()),
  createdAt: timestampSchema,
  /**
   * The ids of this document's live shares (docs/sharing.md "How stopping works"), sealed: the
   * owner's devices refresh only these, so a server that keeps a stopped share gets no later edit
   * for it (security review F2). Written by share-client.ts only.
   */
  shares: liveShareIdsSchema,
});
export const documentSchema = z.extend(documentFieldsSchema, { id: z.string(), userId: z.string() });
export type LegalDocument = z.infer<typeof documentSchema>;

const editable = z.omit(documentFieldsSchema, { createdAt: true, fileBlobId: true, shares: true, fileShared: true });
/** `POST /api/documents` (SPEC.md §7). */
export const documentCreateSchema = z
  .strictObject({
    ...editable.shape,
    documentUrl: z._default(documentFieldsSchema.shape.documentUrl, null),
    file: z._default(z.nullable(fileRefSchema), null),
    userId: z.optional(z.unknown()),
  })
  .check(z.refine((d) => d.documentUrl !== null || d.file !== null, { path: ['documentUrl'], message: 'This field is required' }));
/** `PATCH /api/documents/{id}` (ours: SPEC.md §7 lists no edit, a REST client may still rename). */
export const documentPatchSchema = z.strictObject(z.partial(editable).shape);
