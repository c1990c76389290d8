/**
 * `createAiProvider(config, rateLimiters)`: the OpenAI provider when `OPENAI_API_KEY` is set
 * (falling back to the built-in helpers on failure), within the server's AI budget of
 * `config.limits` (budget.ts; its day counted by a limiter of `rateLimiters`), otherwise the
 * built-in helpers of shared/ai, the same code the device runs (DESIGN.md §4).
 */
import { createDefaultProvider } from '../../shared/ai';
import type { AiProvider } from '../../shared/ai/provider';
import type { AppConfig } from '../app-env';
import type { RateLimiterFactory } from '../http/rate-limit';
import { createAiBudget } from './budget';
import { createOpenAiProvider } from './openai-provider';

export type { AiProvider, PlanningSnapshot } from '../../shared/ai/provider';

export function createAiProvider(config: Pick<AppConfig, 'openai' | 'limits'>, rateLimiters: RateLimiterFactory): AiProvider {
  const fallback = createDefaultProvider();
  const { apiKey, baseURL, model, timeoutMs } = config.openai;
  if (!apiKey) return fallback;
  const { limits } = config;
  const budget = createAiBudget(limits, rateLimiters);
  return createOpenAiProvider({ apiKey, baseURL, model, timeoutMs, maxTokens: limits.aiMaxTokens, promptChars: limits.aiPromptChars, budget }, fallback);
}
