/**
 * The OpenAI provider (DESIGN.md §4): the `openai` package against api.openai.com or any
 * OpenAI-compatible server (`baseURL`, e.g. Ollama's `http://localhost:11434/v1`). Each call
 * asks for a JSON object, validates it with the shared response schemas, and on any failure
 * (HTTP error, connection error, timeout, malformed JSON, wrong shape) answers with the
 * fallback provider instead and logs the method and the kind of failure, never the person's
 * data. Every call asks for at most `maxTokens`, sends at most `promptChars` characters of data
 * and runs within the server's AI budget (budget.ts, SECURITY.md "Limits"). What each call sends
 * is listed in `ai/README.md`.
 */
import OpenAI, { APIConnectionError, APIConnectionTimeoutError, APIError } from 'openai';
import { z } from 'zod';
import { BUDGET_LABELS, MUSIC_GENRE_LABELS } from '../../shared/labels';
import { keepTickedGenres } from '../../shared/ai/music';
import type { MusicGenre } from '../../shared/schema/death-plan';
import { recommendationSchema } from '../../shared/schema';
import { sunSign } from '../../shared/ai/astrology';
import { ACCOUNT_LIMITS } from '../../shared/limits';
import { fitPrompt, type AiBudget } from './budget';
import type { AiMethod, AiProvider } from '../../shared/ai/provider';

export interface OpenAiOptions {
  apiKey: string;
  baseURL?: string;
  model: string;
  /** Per request; there are no retries, so this bounds the wait before the fallback answers. */
  timeoutMs: number;
  /** `max_tokens` of every call (default shared/limits.ts `aiMaxTokens`). */
  maxTokens?: number;
  /** Characters of the data one call sends (default `aiPromptChars`; budget.ts fitPrompt). */
  promptChars?: number;
  /** The server's AI budget (budget.ts); absent, calls are not budgeted (tests of the provider alone). */
  budget?: AiBudget;
}

const text = z.string().trim().min(1);
/** The shapes accepted from a model: the SPEC.md §3 response shapes, with nothing empty. */
const ANSWERS = {
  recommendations: z.object({ recommendations: z.array(z.object({ ...recommendationSchema.shape, title: text, description: text })).min(1) }),
  astrologicalInsights: z.object({
    insights: text,
    recommendations: z.array(text).min(1),
    elements: z.object({ favorable: z.array(text), challenging: z.array(text) }),
  }),
  obituary: z.object({ obituary: text }),
  music: z.object({ songs: z.array(text).min(1) }),
  automation: z.object({ automationContent: text }),
} satisfies Record<AiMethod, z.ZodType>;

const COMMON_RULES =
  'You help a person plan calmly and kindly for their own death, for the sake of the people they love. ' +
  'Answer with one JSON object only, exactly in the shape asked for. All text is plain text: no Markdown, no HTML. ' +
  'Never invent facts about the person beyond what you are given.';

const PROMPTS: Record<AiMethod, string> = {
  recommendations:
    'Give 4 to 6 practical recommendations for this person\u2019s end-of-life planning, most relevant first, ' +
    'aware of the budget level (cost-conscious advice: e.g. direct cremation versus a full service, pre-paid plans, celebrants) ' +
    'and of the gaps in what they have planned (the counts given). JSON shape: {"recommendations":[{"title":"...","description":"..."}]}.',
  astrologicalInsights:
    'Offer warm, reflective astrological insights for the sun sign given, focused on the part of the plan given ' +
    '(general, death-plan, message-vault or documents). Never fatalistic, never predictive; say gently that astrology is for reflection. ' +
    'JSON shape: {"insights":"...","recommendations":["3 to 5 items"],"elements":{"favorable":["..."],"challenging":["..."]}}.',
  obituary:
    'Write an obituary in well-formed paragraphs using every field given and nothing else; an empty or null field is unknown: leave it out and never invent it (no age, place, occupation or family that is not given). The budget level sets its length and the style of service mentioned. ' +
    'Use the first name rather than pronouns. JSON shape: {"obituary":"..."}.',
  music:
    'Suggest 8 to 12 real, well-known pieces of music suitable for a funeral or memorial, ONLY of the kinds of music listed in musicGenres: ' +
    'never a piece of another kind. The values and beliefs given may guide which pieces of those kinds you choose; they never add another kind. ' +
    'Each item is "Title \u2014 Artist or Composer". JSON shape: {"songs":["..."]}.',
  automation:
    'Write content that helps a bereaved survivor carry out the task given: for "notification" a notification template, ' +
    'for "script" a phone call script with an opening and what to have ready, for "email" an email template with a subject line, ' +
    'for "checklist" a numbered step-by-step checklist. Put what the survivor fills in as bracketed placeholders like [Name]. ' +
    'Include the task title. JSON shape: {"automationContent":"..."}.',
};

/** A model's music answer held only pieces of kinds of music the person did not tick. */
class OutsideGenres extends Error {}

/** A kind of music by the label the person saw (shared/labels.ts), or as given when unknown. */
const genreLabel = (genre: string) => (genre in MUSIC_GENRE_LABELS ? MUSIC_GENRE_LABELS[genre as MusicGenre] : genre);

/** Why a model answer was not used; this (and the method) is all that is logged. */
export function failureKind(err: unknown): string {
  if (err instanceof OutsideGenres) return 'outside the kinds of music asked for';
  if (err instanceof APIConnectionTimeoutError) return 'timeout';
  if (err instanceof APIConnectionError) return 'connection error';
  if (err instanceof APIError) return `HTTP ${err.status ?? 'error'}`;
  if (err instanceof SyntaxError) return 'malformed JSON';
  if (err instanceof z.ZodError) return 'wrong shape';
  if (err instanceof Error && err.message === 'empty answer') return 'empty answer';
  return 'unexpected error';
}

/** Parses a model's content; tolerates a ```json fence that some local servers add. */
function parseContent(content: string | null | undefined): unknown {
  if (!content || !content.trim()) throw new Error('empty answer');
  const unfenced = content.trim().replace(/^```(?:json)?\s*([\s\S]*?)\s*```$/, '$1');
  return JSON.parse(unfenced);
}

/**
 * An AiProvider backed by a chat model, answering with `fallback` whenever the model's answer
 * cannot be used. Never rejects for a valid input (unless the fallback does).
 */
export function createOpenAiProvider(options: OpenAiOptions, fallback: AiProvider): AiProvider {
  const client = new OpenAI({
    apiKey: options.apiKey,
    baseURL: options.baseURL,
    timeout: options.timeoutMs,
    maxRetries: 0,
  });

  const maxTokens = options.maxTokens ?? ACCOUNT_LIMITS.aiMaxTokens;
  const promptChars = options.promptChars ?? ACCOUNT_LIMITS.aiPromptChars;
  const budget: AiBudget = options.budget ?? { run: (call) => call() };

  async function ask<M extends AiMethod>(method: M, data: unknown): Promise<z.output<(typeof ANSWERS)[M]>> {
    const completion = await client.chat.completions.create({
      model: options.model,
      response_format: { type: 'json_object' },
      max_tokens: maxTokens, // the longest answer one call may cost (SECURITY.md "Limits")
      messages: [
        { role: 'system', content: `${COMMON_RULES}\n\n${PROMPTS[method]}` },
        { role: 'user', content: fitPrompt(data, promptChars) },
      ],
    });
    return ANSWERS[method].parse(parseContent(completion.choices[0]?.message?.content)) as z.output<(typeof ANSWERS)[M]>;
  }

  /**
   * Runs `method` on the model, or on the fallback when that fails or `check` refuses the answer
   * (it returns the answer to use, or throws).
   */
  function withFallback<M extends AiMethod>(
    method: M,
    toModelData: (input: Parameters<AiProvider[M]>[0]) => unknown,
    check: (answer: z.output<(typeof ANSWERS)[M]>, input: Parameters<AiProvider[M]>[0]) => z.output<(typeof ANSWERS)[M]> = (answer) => answer,
  ): AiProvider[M] {
    // Within the budget: past it the call is refused (429) before anything is sent; a model call
    // that fails inside it falls back as always.
    const run = (input: Parameters<AiProvider[M]>[0]) =>
      budget.run(async () => {
        try {
          return check(await ask(method, toModelData(input)), input);
        } catch (err) {
          console.warn(`AI ${method}: the model's answer was not used (${failureKind(err)}); using the default provider`);
          return (fallback[method] as (i: typeof input) => ReturnType<AiProvider[M]>)(input);
        }
      });
    return run as unknown as AiProvider[M];
  }

  return {
    // The snapshot without the first name: counts and choices only (see README).
    recommendations: withFallback('recommendations', ({ budget, snapshot }) => {
      const { firstName: _omitted, ...plan } = snapshot;
      return { budget: BUDGET_LABELS[budget], plan };
    }),
    // The sun sign computed here, never the birthdate.
    astrologicalInsights: withFallback('astrologicalInsights', ({ birthdate, planType }) => {
      const { name, element, modality } = sunSign(birthdate);
      return { sunSign: name, element, modality, planType };
    }),
    obituary: withFallback('obituary', (input) => ({ ...input, budget: BUDGET_LABELS[input.budget] })),
    // The kinds of music by the names the person ticked ("Hymns and gospel"); pieces the curated
    // lists know to be of another kind are dropped, and an answer with none left is not used.
    music: withFallback(
      'music',
      (input) => ({ ...input, musicGenres: input.musicGenres.map(genreLabel), budget: BUDGET_LABELS[input.budget] }),
      ({ songs }, input) => {
        const kept = keepTickedGenres(songs, input.musicGenres);
        if (kept.length === 0) throw new OutsideGenres();
        return { songs: kept };
      },
    ),
    automation: withFallback('automation', ({ automationType, taskDetails }) => ({ automationType, task: taskDetails })),
  };
}
