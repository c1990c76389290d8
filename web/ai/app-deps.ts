/**
 * The app's AskAiDeps (web/ai/ask-ai.ts): the real API client, the browser's online flag and the
 * consent dialog. Screens call `askAiInApp(method, input)`.
 */
import type { AiMethod, AiProvider } from '../../shared/ai/provider';
import { apiFetch } from '../api/client';
import { type AskAiDeps, type AskOptions, askAi } from './ask-ai';
import { askConsent } from './consent-store';

export const appAiDeps: AskAiDeps = {
  api: apiFetch,
  online: () => typeof navigator === 'undefined' || navigator.onLine,
  consent: askConsent,
};

/** `askAi` with the app's deps (`opts.asked`: see AskOptions; a button press by default). */
export const askAiInApp = <M extends AiMethod>(method: M, input: Parameters<AiProvider[M]>[0], opts?: AskOptions) => askAi(method, input, appAiDeps, opts);
