/**
 * `askAi(method, input, deps)`: every AI helper of the app goes through here (DESIGN.md §4,
 * SPEC.md §7). The built-in helpers (shared/ai) run on the device: no key, no network, offline
 * too. Only when the server says a model is configured (`GET /api/ai/provider` → 'openai') is
 * the request sent to the server, and only after the person saw what will be sent and pressed
 * Send (web/ai/consent-store.ts); "Use the built-in helper instead" answers on the device, Cancel
 * sends nothing and rejects with `AiCancelled`.
 *
 * Throws `ApiError` (e.g. the server's AI budget, 429) or a network error only for a request the
 * person chose to send.
 */
import type { AiMethod, AiProvider } from '../../shared/ai/provider';
import { BUDGET_LABELS, BURIAL_PREFERENCE_LABELS, FUNERAL_TYPE_LABELS, TASK_CATEGORY_LABELS, VALUE_OPTIONS } from '../../shared/labels';
import type { apiFetch } from '../api/client';
import type { ConsentChoice, ConsentRequest } from './consent-store';

type Input<M extends AiMethod> = Parameters<AiProvider[M]>[0];
type Output<M extends AiMethod> = Awaited<ReturnType<AiProvider[M]>>;

/** What askAi uses: the app passes apiFetch, navigator.onLine and askConsent. */
export interface AskAiDeps {
  api: typeof apiFetch;
  online: () => boolean;
  consent: (request: ConsentRequest) => Promise<ConsentChoice>;
}

/** The person pressed Cancel in the consent dialog: nothing was sent and nothing is shown. */
export class AiCancelled extends Error {
  constructor() {
    super('AI request cancelled');
    this.name = 'AiCancelled';
  }
}

/** The built-in helpers, loaded on first use (their curated lists stay out of the screens' first paint). */
let builtin: Promise<AiProvider> | null = null;
const loadBuiltin = () => (builtin ??= import('../../shared/ai').then((m) => m.createDefaultProvider()));

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
    // The answer's schema (zod) loads with the question: only when the person asked (issue 41).
    const [{ aiProviderResponseSchema }, answer] = await Promise.all([import('../../shared/schema/ai'), deps.api('/api/ai/provider')]);
    return aiProviderResponseSchema.parse(answer).provider;
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
 * Whether the person asked for this answer (a button: Refresh, Generate, Suggest), or a screen
 * asked on its own while loading (the dashboard's panels). A screen that loads is answered on the
 * device: the consent dialog appears only after the person asked (DESIGN.md §4).
 */
export interface AskOptions {
  asked: boolean;
}

/** Runs AI call `method` for `input` (see the module comment); `opts.asked` false answers on the device. */
export async function askAi<M extends AiMethod>(method: M, input: Input<M>, deps: AskAiDeps, opts: AskOptions = { asked: true }): Promise<Output<M>> {
  const local = async (): Promise<Output<M>> => {
    const provider = await loadBuiltin();
    return (provider[method] as (i: Input<M>) => Promise<Output<M>>)(input);
  };
  if (!opts.asked || (await serverProvider(deps)) === 'builtin') return local();
  const body = toSend(method, input);
  const values = consentValues(body).filter(([label]) => label !== 'First name');
  const choice = await deps.consent({ subject: CONSENT_SUBJECTS[method], values });
  if (choice === 'cancel') throw new AiCancelled();
  if (choice === 'builtin') return local();
  return deps.api<Output<M>>(PATHS[method], { method: 'POST', body });
}
