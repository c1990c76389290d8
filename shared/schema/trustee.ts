/** Trustees (SPEC.md §3 "Trustee"; §5 "Add or edit trustee"). */
import { z } from 'zod';
import { LIMITS, emailSchema, optionalText, requiredText, timestampSchema } from './common';

export const ACCESS_LEVELS = ['full', 'documents-only', 'messages-only'] as const;
export const accessLevelSchema = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

export const trusteeFieldsSchema = z.object({
  name: requiredText(LIMITS.name),
  email: emailSchema,
  phone: optionalText(40),
  relationship: optionalText(LIMITS.name),
  accessLevel: accessLevelSchema,
  createdAt: timestampSchema,
});
export const trusteeSchema = trusteeFieldsSchema.extend({ id: z.string(), userId: z.string() });
export type Trustee = z.infer<typeof trusteeSchema>;

const editable = trusteeFieldsSchema.omit({ createdAt: true });
/** `POST /api/trustees` (SPEC.md §7): phone and relationship optional. */
export const trusteeCreateSchema = editable
  .extend({
    phone: optionalText(40).optional().default(null),
    relationship: optionalText(LIMITS.name).optional().default(null),
    userId: z.unknown().optional(),
  })
  .strict();
/** `PATCH /api/trustees/{id}` (SPEC.md §7). No defaults here: `.partial()` would apply them. */
export const trusteePatchSchema = editable.partial().strict();
