/** The after-death plan (SPEC.md §3 "Death plan"), one per user; its id is the user's id. */
import { z } from 'zod';
import { LIMITS, optionalText, textListSchema, timestampSchema } from './common';

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
  funeralType: funeralTypeSchema.nullable(),
  location: optionalText(LIMITS.shortText),
  burialPreference: burialPreferenceSchema.nullable(),
  musicSelections: textListSchema,
  readings: textListSchema,
  specialRequests: optionalText(LIMITS.text),
  obituary: optionalText(LIMITS.longText),
  completed: z.boolean(),
  createdAt: timestampSchema,
});
export type DeathPlanFields = z.infer<typeof deathPlanFieldsSchema>;

export const deathPlanSchema = deathPlanFieldsSchema.extend({ id: z.string(), userId: z.string() });
export type DeathPlan = z.infer<typeof deathPlanSchema>;

/** `POST /api/death-plan`: plan fields plus a `userId` that the server ignores (SPEC.md §7). */
export const deathPlanCreateSchema = deathPlanFieldsSchema
  .omit({ createdAt: true })
  .partial()
  .extend({ userId: z.unknown().optional() })
  .strict();
/** `PATCH /api/death-plan/{id}`: a partial or whole plan. */
export const deathPlanPatchSchema = deathPlanFieldsSchema
  .omit({ createdAt: true })
  .partial()
  .extend({ id: z.unknown().optional(), userId: z.unknown().optional(), createdAt: z.unknown().optional() })
  .strict();
