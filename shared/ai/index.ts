/**
 * The default AI provider (DESIGN.md §4): no key, no network, deterministic text built from the
 * request. Each call lives in its own file beside this one.
 */
import type { AiProvider } from './provider';

/**
 * Returns the default provider; its methods never reject for a valid input. Each helper's code
 * loads on its first call (issue 41: the dashboard's panels need the recommendations and the
 * astrology, not the obituary's, the music's or the task automations' lists).
 */
export function createDefaultProvider(): AiProvider {
  return {
    recommendations: async (input) => (await import('./recommendations')).recommendationsFor(input),
    astrologicalInsights: async (input) => (await import('./astrology')).astrologicalInsightsFor(input),
    obituary: async (input) => (await import('./obituary')).obituaryFor(input),
    music: async (input) => (await import('./music')).musicFor(input),
    automation: async (input) => (await import('./automation')).automationFor(input),
  };
}
