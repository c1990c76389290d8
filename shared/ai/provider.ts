/**
 * The one AI provider interface (DESIGN.md §4). Two implementations: the built-in helpers of
 * this folder (`createDefaultProvider()`, no key, no network, deterministic; the device runs
 * them, web/ai/ask-ai.ts) and sync-server/ai/openai-provider.ts (an OpenAI-compatible chat
 * model, falling back to the built-in helpers on any failure), picked by the server's
 * `createAiProvider(config)`. What each call sends to a model is listed in sync-server/ai/README.md.
 *
 * Inputs are the validated request bodies of SPEC.md §7 (types inferred from
 * shared/schema/ai.ts); outputs are the response shapes of SPEC.md §3.
 */
import type { z } from '../schema/z';
import type {
  AstrologicalInsight,
  astrologicalRequestSchema,
  automationRequestSchema,
  BudgetLevel,
  DeathPlanFields,
  musicRequestSchema,
  obituaryRequestSchema,
  Recommendation,
  ValueId,
} from '../schema';

/**
 * What the person has planned so far, summarised for recommendations. Counts only: never the
 * text of a message, document or task. Built on the device from its records (shared/ai/snapshot.ts).
 */
export interface PlanningSnapshot {
  firstName: string;
  values: ValueId[];
  beliefs: string | null;
  /** A death plan record exists. */
  hasPlan: boolean;
  /** Death-plan completion, 0-100 (SPEC.md §4: filled items out of 7). */
  planCompletion: number;
  funeralType: DeathPlanFields['funeralType'];
  burialPreference: DeathPlanFields['burialPreference'];
  /** Number of messages in the vault. */
  messages: number;
  /** Messages with a delivery date that are not delivered yet. */
  undeliveredScheduled: number;
  /** Number of documents of each type. */
  documents: { will: number; insurance: number; financial: number };
  trustees: number;
  /** Trustees with access level `full`. */
  fullAccessTrustees: number;
  survivorTasks: number;
  /** Survivor tasks with completionStatus `completed`. */
  completedTasks: number;
}

export interface RecommendationsInput {
  budget: BudgetLevel;
  snapshot: PlanningSnapshot;
}
export type AstrologyInput = z.output<typeof astrologicalRequestSchema>;
export type ObituaryInput = z.output<typeof obituaryRequestSchema>;
export type MusicInput = z.output<typeof musicRequestSchema>;
export type AutomationInput = z.output<typeof automationRequestSchema>;

/** Every AI call of SPEC.md §7. Implementations never reject for a valid input. */
export interface AiProvider {
  /** `GET /api/recommendations`: 4-6 suggestions, most relevant first. */
  recommendations(input: RecommendationsInput): Promise<{ recommendations: Recommendation[] }>;
  /** `POST /api/astrological-insights`. */
  astrologicalInsights(input: AstrologyInput): Promise<AstrologicalInsight>;
  /** `POST /api/generate-obituary`. */
  obituary(input: ObituaryInput): Promise<{ obituary: string }>;
  /** `POST /api/suggest-music`: 'Title — Artist' strings. */
  music(input: MusicInput): Promise<{ songs: string[] }>;
  /** `POST /api/survivor-tasks/generate-automation`. */
  automation(input: AutomationInput): Promise<{ automationContent: string }>;
}

/** The names of the provider's methods, e.g. for logs. */
export type AiMethod = keyof AiProvider;
