/**
 * `createAiProvider(config)`: the OpenAI provider when `OPENAI_API_KEY` is set (falling back to
 * the default on failure), otherwise the default provider (DESIGN.md §4).
 */
import type { Config } from '../config';
import { createDefaultProvider } from './default';
import { createOpenAiProvider } from './openai-provider';
import type { AiProvider } from './provider';

export type { AiProvider, PlanningSnapshot } from './provider';

export function createAiProvider(config: Pick<Config, 'openai'>): AiProvider {
  const fallback = createDefaultProvider();
  const { apiKey, baseURL, model, timeoutMs } = config.openai;
  if (!apiKey) return fallback;
  return createOpenAiProvider({ apiKey, baseURL, model, timeoutMs }, fallback);
}
export { planningSnapshot } from './snapshot';
