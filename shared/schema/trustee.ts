/** Trustees (SPEC.md §3 "Trustee"; §5 "Add or edit trustee"). zod/mini (./z.ts). */
import { LIMITS, emailSchema, liveShareIdsSchema, optionalText, requiredText, timestampSchema } from './common';
import { z } from './z';

export const ACCESS_LEVELS = ['full', 'documents-only', 'messages-only'] as const;
export const accessLevelSchema = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

export const trusteeFieldsSchema = z.object({
  name: requiredText(LIMITS.name),
  email: emailSchema,
  /**
   * The owner's sealed copy of `email` (issue 39, attack 4), under the owner scope: written by the
   * owner's device with every write of the address (shared/sync/record.ts addOwnerCopies), so a kit
   * is sent only to the address the owner wrote (web/features/trustees/kits/kit-check.ts). Null on
   * a trustee last addressed before.
   */
  sealedEmail: z.optional(z.nullable(emailSchema)),
  phone: optionalText(40),
  relationship: optionalText(LIMITS.name),
  accessLevel: accessLevelSchema,
  createdAt: timestampSchema,
  /** This trustee's details' live share ids (share now; common.ts liveShareIdsSchema), sealed under the owner scope. */
  shares: liveShareIdsSchema,
});
export const trusteeSchema = z.extend(trusteeFieldsSchema, { id: z.string(), userId: z.string() });
export type Trustee = z.infer<typeof trusteeSchema>;

const editable = z.omit(trusteeFieldsSchema, { createdAt: true, sealedEmail: true, shares: true });
/** `POST /api/trustees` (SPEC.md §7): phone and relationship optional. */
export const trusteeCreateSchema = z.strictObject({
  ...editable.shape,
  phone: z._default(z.optional(optionalText(40)), null),
  relationship: z._default(z.optional(optionalText(LIMITS.name)), null),
  userId: z.optional(z.unknown()),
});
/** `PATCH /api/trustees/{id}` (SPEC.md §7). No defaults here: `partial` would apply them. */
export const trusteePatchSchema = z.strictObject(z.partial(editable).shape);
