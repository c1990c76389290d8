/** The after-death plan (SPEC.md §3 "Death plan"), one per user; its id is the user's id. zod/mini (./z.ts). */
import { LIMITS, optionalText, textListSchema, timestampSchema } from './common';
import { z } from './z';

export const FUNERAL_TYPES = [
  'traditional_funeral',
  'memorial_service',
  'celebration_of_life',
  'private_family_only',
  'no_service',
] as const;
export const BURIAL_PREFERENCES = [
  'traditional_burial',
  'cremation',
  'green_burial',
  'donation_to_science',
  'aquamation',
] as const;
/** Budget level: used in AI requests, not stored on the plan (SPEC.md §3). Default moderate (§9). */
export const BUDGET_LEVELS = ['budget', 'moderate', 'premium', 'luxury'] as const;

export const funeralTypeSchema = z.enum(FUNERAL_TYPES);
export const burialPreferenceSchema = z.enum(BURIAL_PREFERENCES);
export const budgetLevelSchema = z.enum(BUDGET_LEVELS);
export type BudgetLevel = z.infer<typeof budgetLevelSchema>;

/** Every writable field of the plan. */
export const deathPlanFieldsSchema = z.object({
  funeralType: z.nullable(funeralTypeSchema),
  location: optionalText(LIMITS.shortText),
  burialPreference: z.nullable(burialPreferenceSchema),
  musicSelections: textListSchema,
  readings: textListSchema,
  specialRequests: optionalText(LIMITS.text),
  obituary: optionalText(LIMITS.longText),
  completed: z.boolean(),
  createdAt: timestampSchema,
});
export type DeathPlanFields = z.infer<typeof deathPlanFieldsSchema>;

export const deathPlanSchema = z.extend(deathPlanFieldsSchema, { id: z.string(), userId: z.string() });
export type DeathPlan = z.infer<typeof deathPlanSchema>;

const editable = z.partial(z.omit(deathPlanFieldsSchema, { createdAt: true }));
/** `POST /api/death-plan`: plan fields plus a `userId` that the server ignores (SPEC.md §7). */
export const deathPlanCreateSchema = z.strictObject({ ...editable.shape, userId: z.optional(z.unknown()) });
/** `PATCH /api/death-plan/{id}`: a partial or whole plan. */
export const deathPlanPatchSchema = z.strictObject({
  ...editable.shape,
  id: z.optional(z.unknown()),
  userId: z.optional(z.unknown()),
  createdAt: z.optional(z.unknown()),
});
