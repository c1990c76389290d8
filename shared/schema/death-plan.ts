/** The after-death plan (SPEC.md §3 "Death plan"), one per user; its id is the user's id. zod/mini (./z.ts). */
import { LIMITS, liveShareIdsSchema, optionalText, textListSchema, timestampSchema } from './common';
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

/**
 * The kinds of music a person may choose for "Suggest music" (SPEC.md §7 `musicGenres`; the
 * built-in helper, shared/ai/music.ts, knows each). Labels: shared/labels.ts MUSIC_GENRE_LABELS.
 */
export const MUSIC_GENRES = ['classical', 'folk', 'pop', 'jazz', 'gospel', 'rock', 'country', 'soul', 'ambient'] as const;
export const musicGenreSchema = z.enum(MUSIC_GENRES);
export type MusicGenre = z.infer<typeof musicGenreSchema>;

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
  /*
   * What the person tells the two AI helpers (SPEC.md §7 "generate-obituary", "suggest-music"):
   * helper input, kept with the plan so it follows them to every device (sealed like the plan's
   * other words, shared/crypto/fields.ts). Plans saved before these existed read them as empty
   * (COLLECTION_SPECS defaults); an export without them still imports (shared/export/format.ts).
   */
  /** "Where you lived or grew up" (sent as the obituary request's `location`). */
  hometown: optionalText(LIMITS.shortText),
  /** "The work you did". */
  occupation: optionalText(LIMITS.shortText),
  /** "What you were proudest of". */
  achievements: optionalText(LIMITS.text),
  /** "Family you would like named". */
  familyMembers: optionalText(LIMITS.text),
  /** "How people would describe you". */
  personalQualities: optionalText(LIMITS.text),
  /** "Kinds of music you love": a set, stored whole (not item by item like musicSelections), each kind once. */
  musicGenres: z.array(musicGenreSchema).check(
    z.maxLength(MUSIC_GENRES.length),
    z.refine((g: string[]) => new Set(g).size === g.length, 'Each kind of music at most once'),
  ),
  /**
   * The live share ids of the plan's sections and of the survivor task lists (share now; common.ts
   * liveShareIdsSchema), sealed under the owner scope: each share's wrap binds it to its one item.
   */
  shares: liveShareIdsSchema,
});
export type DeathPlanFields = z.infer<typeof deathPlanFieldsSchema>;

export const deathPlanSchema = z.extend(deathPlanFieldsSchema, { id: z.string(), userId: z.string() });
export type DeathPlan = z.infer<typeof deathPlanSchema>;

const editable = z.partial(z.omit(deathPlanFieldsSchema, { createdAt: true, shares: true }));
/** `POST /api/death-plan`: plan fields plus a `userId` that the server ignores (SPEC.md §7). */
export const deathPlanCreateSchema = z.strictObject({ ...editable.shape, userId: z.optional(z.unknown()) });
/** `PATCH /api/death-plan/{id}`: a partial or whole plan. */
export const deathPlanPatchSchema = z.strictObject({
  ...editable.shape,
  id: z.optional(z.unknown()),
  userId: z.optional(z.unknown()),
  createdAt: z.optional(z.unknown()),
});
