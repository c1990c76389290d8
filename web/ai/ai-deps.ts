/**
 * What askAi (./ask-ai.ts) and its server path (./ask-server.ts) share: the services they use and
 * the error of a cancelled question. On its own so that neither imports the other (issue 41: the
 * server path loads only when the person asks); ask-ai.ts re-exports both.
 */
import type { apiFetch } from '../api/client';
import type { ConsentChoice, ConsentRequest } from './consent-store';

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
