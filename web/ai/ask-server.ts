/**
 * The part of `askAi` (./ask-ai.ts) that runs only when the person asked (a button): whether the
 * server has a model (`GET /api/ai/provider`), what the consent dialog shows (SPEC.md §7, DESIGN.md
 * §4), and the request itself. Imported by askAi on the first question asked, so a screen that
 * answers on its own while loading (the dashboard's panels) does not load it (issue 41).
 */
import type { AiMethod, AiProvider } from '../../shared/ai/provider';
import { BUDGET_LABELS, BURIAL_PREFERENCE_LABELS, FUNERAL_TYPE_LABELS, TASK_CATEGORY_LABELS, VALUE_OPTIONS } from '../../shared/labels';
import { aiProviderResponseSchema } from '../../shared/schema/ai';
import { AiCancelled, type AskAiDeps } from './ai-deps';

type Input<M extends AiMethod> = Parameters<AiProvider[M]>[0];
type Output<M extends AiMethod> = Awaited<ReturnType<AiProvider[M]>>;

/** SPEC.md §7: where each call goes when the person agreed to send it. */
const PATHS: Record<AiMethod, string> = {
  recommendations: '/api/recommendations',
  astrologicalInsights: '/api/astrological-insights',
  obituary: '/api/generate-obituary',
  music: '/api/suggest-music',
  automation: '/api/survivor-tasks/generate-automation',
};

/** What the consent sentence names, per helper ("This sends {subject} to ..."). */
export const CONSENT_SUBJECTS: Record<AiMethod, string> = {
  recommendations: "your plan's summary and values",
  astrologicalInsights: 'your birthdate',
  obituary: 'your obituary details',
  music: "your plan's music and values",
  automation: "your task's details",
};

const LABELS: Record<string, string> = {
  budget: 'Budget level',
  firstName: 'First name',
  values: 'Values',
  personalValues: 'Values',
  beliefs: 'Beliefs',
  spiritualBeliefs: 'Beliefs',
  musicGenres: 'Music genres',
  birthdate: 'Birthdate',
  planType: 'Part of the plan',
  hasPlan: 'Has a plan',
  planCompletion: 'Plan completion (%)',
  funeralType: 'Funeral type',
  burialPreference: 'Burial preference',
  messages: 'Messages',
  undeliveredScheduled: 'Scheduled messages not yet delivered',
  documents: 'Documents',
  trustees: 'Trustees',
  fullAccessTrustees: 'Trustees with full access',
  survivorTasks: 'Survivor tasks',
  completedTasks: 'Completed survivor tasks',
  taskDetails: 'Task',
};

/** Objects whose fields are listed without a prefix (the snapshot is the plan itself). */
const UNPREFIXED = new Set(['snapshot']);

/** The SPEC.md §3 labels of enumerated fields, so the dialog shows what the person chose. */
const ENUM_LABELS: Record<string, object> = {
  budget: BUDGET_LABELS,
  funeralType: FUNERAL_TYPE_LABELS,
  burialPreference: BURIAL_PREFERENCE_LABELS,
  taskType: TASK_CATEGORY_LABELS,
  category: TASK_CATEGORY_LABELS,
};

const valueText = (key: string, value: unknown): string => {
  if (value === null || value === undefined || value === '') return '—';
  if (typeof value === 'boolean') return value ? 'Yes' : 'No';
  const named = (ENUM_LABELS[key] as Record<string, string> | undefined)?.[String(value)];
  if (named) return named;
  if (Array.isArray(value)) {
    if (value.length === 0) return '—';
    const names = key.toLowerCase().includes('values') ? value.map((v) => (VALUE_OPTIONS as Record<string, { title: string }>)[v]?.title ?? v) : value;
    return names.join(', ');
  }
  return String(value);
};

const humanize = (key: string) => LABELS[key] ?? key.replace(/([A-Z])/g, ' $1').replace(/^./, (c) => c.toUpperCase()).trim();

/** Every value of `body` as label and text, nested objects flattened ("Documents will": "1"), for the consent dialog. */
export function consentValues(body: object, prefix = ''): [string, string][] {
  return Object.entries(body).flatMap(([key, value]): [string, string][] => {
    const label = prefix ? `${prefix} ${humanize(key).toLowerCase()}` : humanize(key);
    if (value && typeof value === 'object' && !Array.isArray(value)) return consentValues(value, UNPREFIXED.has(key) ? prefix : label);
    return [[label, valueText(key, value)]];
  });
}

/** Which AI the server uses; 'builtin' when it cannot be asked (offline, signed out, an old server). */
async function serverProvider(deps: AskAiDeps): Promise<'builtin' | 'openai'> {
  if (!deps.online()) return 'builtin';
  try {
    return aiProviderResponseSchema.parse(await deps.api('/api/ai/provider')).provider;
  } catch {
    return 'builtin';
  }
}

/**
 * What of `input` goes to the server: all of it, except the first name in a recommendations
 * snapshot (the model is never given it, sync-server/ai/README.md, so it stays on the device).
 */
export function toSend<M extends AiMethod>(method: M, input: Input<M>): Input<M> {
  if (method !== 'recommendations') return input;
  const { budget, snapshot } = input as Input<'recommendations'>;
  return { budget, snapshot: { ...snapshot, firstName: '' } } as Input<M>;
}

/**
 * Asks `method` for `input` where the person chose: the server's model after they saw what will be
 * sent and pressed Send, the built-in helper (`local`) when the server has none or they chose it.
 * Throws AiCancelled when they pressed Cancel (nothing sent), the API's error for a request sent.
 */
export async function askServer<M extends AiMethod>(method: M, input: Input<M>, deps: AskAiDeps, local: () => Promise<Output<M>>): Promise<Output<M>> {
  if ((await serverProvider(deps)) === 'builtin') return local();
  const body = toSend(method, input);
  const values = consentValues(body).filter(([label]) => label !== 'First name');
  const choice = await deps.consent({ subject: CONSENT_SUBJECTS[method], values });
  if (choice === 'cancel') throw new AiCancelled();
  if (choice === 'builtin') return local();
  return deps.api<Output<M>>(PATHS[method], { method: 'POST', body });
}
