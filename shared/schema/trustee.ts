/** Trustees (SPEC.md §3 "Trustee"; §5 "Add or edit trustee"). zod/mini (./z.ts). */
import { LIMITS, emailSchema, liveShareIdsSchema, optionalText, readerLanguageSchema, requiredText, timestampSchema } from './common';
import { z } from './z';

export const ACCESS_LEVELS = ['full', 'documents-only', 'messages-only'] as const;
export const accessLevelSchema = z.enum(ACCESS_LEVELS);
export type AccessLevel = z.infer<typeof accessLevelSchema>;

/** The owner's waiting period for emergency access, in hours: from one hour to four weeks; 48 hours unless they choose (docs/sharing.md; the server's model/emergency.ts uses these). */
export const EMERGENCY_WAIT_HOURS = { min: 1, max: 4 * 7 * 24, default: 48 } as const;
/** The highest version of an emergency choice (a PostgreSQL INTEGER). */
export const MAX_CHOICE_VERSION = 2 ** 31 - 1;
/**
 * The server's `{ error }` (409) for emergency access sealed from an older choice than the one it
 * holds (another device saved a newer one, not yet synced here): the device syncs and seals the newest.
 */
export const STALE_CHOICE = 'A newer emergency choice was saved on another of your devices';
/**
 * The server's `{ error }` (409) for a new emergency choice edited from another choice than the one
 * it holds now (`basedOn`: changed or removed on another device meanwhile, docs/sharing.md "A choice
 * saved offline"): the device keeps the owner's choice for them to look at and save again.
 */
export const CHOICE_CHANGED = 'Emergency access was changed or removed on another of your devices meanwhile';
/** The server's `{ error }` for a device's refresh of emergency access that was removed meanwhile (PUT with `refresh`): never made again. */
export const NOTHING_TO_REFRESH = 'No emergency access to refresh';
/** The server's `{ error }` (404) for emergency access set for a trustee who is not, or no longer, on the owner's list there: the owner's device names them (web/features/emergency). */
export const NO_SUCH_TRUSTEE = 'No such trustee';

/**
 * How the owner would be told at once of a trustee's request (`GET /api/emergency` `reach`):
 * `email` their profile address is confirmed (only then is it written to), `push` at least one of
 * their devices takes Web Push. With neither, only opening the app shows a request.
 */
export interface EmergencyReach {
  email: boolean;
  push: boolean;
}

/** An item a trustee may open in an emergency: the same kinds as "share now" but a trustee's details (shared/share-items.ts). */
export const emergencyItemSchema = z.object({ kind: z.enum(['document', 'plan-section', 'task-list']), id: z.string().check(z.regex(/^[A-Za-z0-9_-]{1,64}$/, 'Invalid item id')) });
/**
 * The owner's emergency choice for one trustee: the items, the wait in hours (1 hour to 4 weeks),
 * their place in the order trustees are asked (0 first) and its version (raised by one at each
 * save; absent in choices saved before it: 0). The server keeps the version each setting was
 * sealed from and refuses one sealed from an older choice (STALE_CHOICE).
 */
export const emergencyChoiceSchema = z.object({
  items: z.array(emergencyItemSchema).check(z.minLength(1), z.maxLength(200)),
  waitHours: z.int().check(z.minimum(EMERGENCY_WAIT_HOURS.min), z.maximum(EMERGENCY_WAIT_HOURS.max)),
  position: z.int().check(z.minimum(0), z.maximum(1000)),
  version: z.optional(z.int().check(z.minimum(0), z.maximum(MAX_CHOICE_VERSION))),
});
export type EmergencyChoice = z.infer<typeof emergencyChoiceSchema>;

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
  /** The language of this trustee's e-mails (common.ts readerLanguageSchema): null for the owner's. */
  language: readerLanguageSchema,
  phone: optionalText(40),
  relationship: optionalText(LIMITS.name),
  accessLevel: accessLevelSchema,
  createdAt: timestampSchema,
  /** This trustee's details' live share ids (share now; common.ts liveShareIdsSchema), sealed under the owner scope. */
  shares: liveShareIdsSchema,
  /** What this trustee may open in an emergency (docs/sharing.md "Emergency access"), sealed under the owner scope; null for none. Written by web/features/emergency only. */
  emergency: z._default(z.nullable(emergencyChoiceSchema), null),
});
export const trusteeSchema = z.extend(trusteeFieldsSchema, { id: z.string(), userId: z.string() });
export type Trustee = z.infer<typeof trusteeSchema>;

const editable = z.omit(trusteeFieldsSchema, { createdAt: true, sealedEmail: true, shares: true, emergency: true });
/** `POST /api/trustees` (SPEC.md §7): phone and relationship optional. */
export const trusteeCreateSchema = z.strictObject({
  ...editable.shape,
  phone: z._default(z.optional(optionalText(40)), null),
  relationship: z._default(z.optional(optionalText(LIMITS.name)), null),
  userId: z.optional(z.unknown()),
});
/** `PATCH /api/trustees/{id}` (SPEC.md §7). No defaults here: `partial` would apply them. */
export const trusteePatchSchema = z.strictObject(z.partial(editable).shape);
