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
import { createDefaultProvider } from '../../shared/ai';

type Input<M extends AiMethod> = Parameters<AiProvider[M]>[0];
type Output<M extends AiMethod> = Awaited<ReturnType<AiProvider[M]>>;

export { AiCancelled, type AskAiDeps } from './ai-deps';
import type { AskAiDeps } from './ai-deps';

/**
 * The built-in helpers: each one's code (its curated lists) loads on its first call (shared/ai/index.ts),
 * so the provider itself is no chunk of its own (issue 41: one file and one round trip less before the
 * dashboard's panels answer).
 */
let builtin: Promise<AiProvider> | null = null;
const loadBuiltin = () => (builtin ??= Promise.resolve(createDefaultProvider()));

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
  if (!opts.asked || !deps.online()) return local(); // offline: the built-in helper, as the server path would choose
  // What a question the person asked needs (the server's provider, the consent's words): loaded then (issue 41).
  const { askServer } = await import('./ask-server');
  return askServer(method, input, deps, local);
}
