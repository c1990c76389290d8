/** AI request and response shapes (SPEC.md §3 "Recommendation", "Astrological insight", "Automation request"; §7). zod/mini (./z.ts). */
import { LIMITS, dateOnlySchema, intBetween, trimmedText } from './common';
import { budgetLevelSchema, burialPreferenceSchema, funeralTypeSchema } from './death-plan';
import { TASK_CATEGORIES } from './survivor-task';
import { valueIdSchema } from './user';
import { z } from './z';

export const recommendationSchema = z.object({ title: z.string(), description: z.string() });
export type Recommendation = z.infer<typeof recommendationSchema>;
export const recommendationsResponseSchema = z.object({ recommendations: z.array(recommendationSchema) });
export const recommendationsQuerySchema = z.object({ budget: z._default(budgetLevelSchema, 'moderate') });

const count = intBetween(0, 1_000_000);
/**
 * What the person has planned, summarised on the device for recommendations (shared/ai/provider.ts
 * `PlanningSnapshot`): counts and choices only, never the text of a message, document or task.
 * The device sends it in the body; the server reads no record for it (SECURITY.md, sealed content).
 */
export const planningSnapshotSchema = z.strictObject({
  firstName: trimmedText(null, LIMITS.shortText),
  values: z.array(valueIdSchema).check(z.maxLength(20)),
  beliefs: z.nullable(trimmedText(null, LIMITS.text)),
  hasPlan: z.boolean(),
  planCompletion: intBetween(0, 100),
  funeralType: z.nullable(funeralTypeSchema),
  burialPreference: z.nullable(burialPreferenceSchema),
  messages: count,
  undeliveredScheduled: count,
  documents: z.strictObject({ will: count, insurance: count, financial: count }),
  trustees: count,
  fullAccessTrustees: count,
  survivorTasks: count,
  completedTasks: count,
});
/** `POST /api/recommendations`: the budget and the device-made snapshot (SPEC.md §7, DESIGN.md §4). */
export const recommendationsRequestSchema = z.strictObject({
  budget: z._default(budgetLevelSchema, 'moderate'),
  snapshot: planningSnapshotSchema,
});

/** Which AI answers model calls on this server (`GET /api/ai/provider`): the built-in helpers, or a configured model. */
export const AI_PROVIDERS = ['builtin', 'openai'] as const;
export const aiProviderResponseSchema = z.object({ provider: z.enum(AI_PROVIDERS) });

export const PLAN_TYPES = ['general', 'death-plan', 'message-vault', 'documents'] as const;
export const planTypeSchema = z.enum(PLAN_TYPES);
export type PlanType = z.infer<typeof planTypeSchema>;
export const astrologicalRequestSchema = z.strictObject({ birthdate: dateOnlySchema, planType: planTypeSchema });
export const astrologicalInsightSchema = z.object({
  insights: z.string(),
  recommendations: z.array(z.string()),
  elements: z.object({ favorable: z.array(z.string()), challenging: z.array(z.string()) }),
});
export type AstrologicalInsight = z.infer<typeof astrologicalInsightSchema>;

const shortText = trimmedText(null, LIMITS.shortText);
const text = trimmedText(null, LIMITS.text);
/**
 * `POST /api/generate-obituary` (SPEC.md §7 fields). Only what the person gave: `age` is null
 * without a birthdate, an empty text is unknown (never a placeholder to write about).
 */
export const obituaryRequestSchema = z.strictObject({
  name: shortText,
  age: z.nullable(intBetween(0, 130)),
  location: shortText,
  occupation: shortText,
  achievements: text,
  familyMembers: text,
  personalQualities: text,
  budget: z._default(budgetLevelSchema, 'moderate'),
});
export const obituaryResponseSchema = z.object({ obituary: z.string() });

/** `POST /api/suggest-music` (SPEC.md §7). */
export const musicRequestSchema = z.strictObject({
  musicGenres: z.array(shortText).check(z.maxLength(20)),
  personalValues: z.array(shortText).check(z.maxLength(20)),
  spiritualBeliefs: text,
  budget: z._default(budgetLevelSchema, 'moderate'),
});
export const musicResponseSchema = z.object({ songs: z.array(z.string()) });

export const AUTOMATION_TYPES = ['notification', 'script', 'email', 'checklist'] as const;
export const automationTypeSchema = z.enum(AUTOMATION_TYPES);
export type AutomationType = z.infer<typeof automationTypeSchema>;
/** `POST /api/survivor-tasks/generate-automation` (SPEC.md §3 "Automation request"). */
export const automationRequestSchema = z.strictObject({
  taskType: z.enum(TASK_CATEGORIES),
  automationType: automationTypeSchema,
  taskDetails: z.strictObject({
    title: shortText,
    description: text,
    category: z.enum(TASK_CATEGORIES),
  }),
});
export const automationResponseSchema = z.object({ automationContent: z.string() });
