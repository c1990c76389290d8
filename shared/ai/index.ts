/**
 * The default AI provider (DESIGN.md §4): no key, no network, deterministic text built from the
 * request. Each call lives in its own file beside this one.
 */
import type { AiProvider } from './provider';
import { astrologicalInsightsFor } from './astrology';
import { automationFor } from './automation';
import { musicFor } from './music';
import { obituaryFor } from './obituary';
import { recommendationsFor } from './recommendations';

/** Returns the default provider; its methods never reject for a valid input. */
export function createDefaultProvider(): AiProvider {
  return {
    recommendations: async (input) => recommendationsFor(input),
    astrologicalInsights: async (input) => astrologicalInsightsFor(input),
    obituary: async (input) => obituaryFor(input),
    music: async (input) => musicFor(input),
    automation: async (input) => automationFor(input),
  };
}
