/**
 * The plan screen's two AI helpers (SPEC.md §2, §4, §7): 'Generate obituary' and 'Suggest music',
 * with the fixed placeholder values SPEC.md §7 sends, and the budget level (not stored on the
 * plan, SPEC.md §3: kept on this device). Both run the built-in helper on the device, offline
 * too; a model on the server is asked only after the consent dialog (web/ai/ask-ai.ts, DESIGN.md §4).
 */
import { useCallback, useState } from 'react';
import type { User } from '../../../shared/schema';
import { type BudgetLevel, budgetLevelSchema } from '../../../shared/schema/death-plan';
import { musicResponseSchema, obituaryResponseSchema } from '../../../shared/schema/ai';
import { z } from '../../../shared/schema/z';
import { DEFAULT_BUDGET } from '../../../shared/labels';
import { askAiInApp } from '../../ai/app-deps';

/** SPEC.md §7 "Obituary request: fixed placeholder values". */
export const OBITUARY_PLACEHOLDERS = {
  age: 65,
  occupation: 'Professional',
  achievements: 'A lifetime of hard work, kindness and dedication to family, friends and community.',
  familyMembers: 'A loving family and many dear friends.',
  personalQualities: 'Warm, generous, thoughtful and always ready to help others.',
} as const;

/** SPEC.md §7 "Music request": genres fixed, values and beliefs defaulted. */
export const MUSIC_GENRES = ['classical', 'folk', 'pop'];
export const DEFAULT_MUSIC_VALUES = ['nature'];
export const DEFAULT_BELIEFS = 'Spiritual but not religious';

/** The obituary for the plan (SPEC.md §7 obituary request). Throws AiCancelled, or ApiError / a network error when sent. */
export async function requestObituary(user: Pick<User, 'firstName' | 'lastName'>, location: string | null, budget: BudgetLevel) {
  const body = {
    name: `${user.firstName} ${user.lastName}`.trim(),
    location: location?.trim() || 'Unknown',
    budget,
    ...OBITUARY_PLACEHOLDERS,
  };
  return obituaryResponseSchema.parse(await askAiInApp('obituary', body)).obituary;
}

/** Music suggestions (SPEC.md §7 music request). Throws AiCancelled, or ApiError / a network error when sent. */
export async function requestMusic(user: Pick<User, 'values' | 'beliefs'> | null, budget: BudgetLevel) {
  const body = {
    musicGenres: MUSIC_GENRES,
    personalValues: user?.values?.length ? user.values : DEFAULT_MUSIC_VALUES,
    spiritualBeliefs: user?.beliefs?.trim() || DEFAULT_BELIEFS,
    budget,
  };
  return musicResponseSchema.parse(await askAiInApp('music', body)).songs;
}

const BUDGET_KEY = 'afterword:plan-budget';

/** The budget level chosen on this device (default moderate, SPEC.md §9), remembered in localStorage. */
export function useBudgetLevel() {
  const [budget, setBudgetState] = useState<BudgetLevel>(() => {
    try {
      return z.catch(budgetLevelSchema, DEFAULT_BUDGET).parse(localStorage.getItem(BUDGET_KEY));
    } catch {
      return DEFAULT_BUDGET;
    }
  });
  const setBudget = useCallback((next: BudgetLevel) => {
    setBudgetState(next);
    try {
      localStorage.setItem(BUDGET_KEY, next);
    } catch {
      /* storage blocked: the choice lasts for this visit */
    }
  }, []);
  return [budget, setBudget] as const;
}
