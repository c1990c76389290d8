/**
 * The plan screen's two AI helpers (SPEC.md §2, §4, §7): 'Generate obituary' and 'Suggest music',
 * built only from what the person wrote (their profile, the details and kinds of music they give
 * here) and the budget level (not stored on the plan, SPEC.md §3: kept on this device). Both run the built-in helper on the device, offline
 * too; a model on the server is asked only after the consent dialog (web/ai/ask-ai.ts, DESIGN.md §4).
 */
import { useCallback, useState } from 'react';
import type { User } from '../../../shared/schema';
import { type BudgetLevel, budgetLevelSchema } from '../../../shared/schema/death-plan';
import { musicResponseSchema, obituaryResponseSchema } from '../../../shared/schema/ai';
import type { MusicInput, ObituaryInput } from '../../../shared/ai/provider';
import { z } from '../../../shared/schema/z';
import { DEFAULT_BUDGET } from '../../../shared/labels';
import { askAiInApp } from '../../ai/app-deps';

/**
 * What the person tells the obituary helper about their life (asked on the Obituary tab, never
 * filled in for them: SPEC.md §7 records the demo's fixed placeholder values, which wrote an age
 * and an occupation the person never gave). Every field may be left empty; empty is left out.
 */
export interface ObituaryDetails {
  hometown: string;
  occupation: string;
  achievements: string;
  familyMembers: string;
  personalQualities: string;
}
export const EMPTY_OBITUARY_DETAILS: ObituaryDetails = { hometown: '', occupation: '', achievements: '', familyMembers: '', personalQualities: '' };

/** Whole years from `birthdate` (YYYY-MM-DD) to `today`, or null without a (valid) birthdate. */
export function ageOn(birthdate: string | null | undefined, today: Date): number | null {
  const m = /^(\d{4})-(\d{2})-(\d{2})$/.exec(birthdate ?? '');
  if (!m) return null;
  const [y, mo, d] = [Number(m[1]), Number(m[2]), Number(m[3])];
  const age = today.getFullYear() - y - (today.getMonth() + 1 < mo || (today.getMonth() + 1 === mo && today.getDate() < d) ? 1 : 0);
  return age >= 0 && age <= 130 ? age : null;
}

/**
 * The obituary request (SPEC.md §7 fields) from what the person wrote: their name, their age from
 * the profile's birthdate (null without one), and `details`; nothing else.
 */
export function obituaryRequest(user: Pick<User, 'firstName' | 'lastName' | 'birthdate'>, details: ObituaryDetails, budget: BudgetLevel, today: Date): ObituaryInput {
  return {
    name: `${user.firstName ?? ''} ${user.lastName ?? ''}`.trim(),
    age: ageOn(user.birthdate, today),
    location: details.hometown.trim(),
    occupation: details.occupation.trim(),
    achievements: details.achievements.trim(),
    familyMembers: details.familyMembers.trim(),
    personalQualities: details.personalQualities.trim(),
    budget,
  };
}

/** The obituary for the plan. Throws AiCancelled, or ApiError / a network error when sent. */
export async function requestObituary(user: Pick<User, 'firstName' | 'lastName' | 'birthdate'>, details: ObituaryDetails, budget: BudgetLevel, today = new Date()) {
  return obituaryResponseSchema.parse(await askAiInApp('obituary', obituaryRequest(user, details, budget, today))).obituary;
}

/** The kinds of music the person may choose from for suggestions (shared/ai/music.ts knows each). */
export const MUSIC_GENRE_OPTIONS = [
  { value: 'classical', label: 'Classical' },
  { value: 'folk', label: 'Folk' },
  { value: 'pop', label: 'Pop' },
  { value: 'jazz', label: 'Jazz' },
  { value: 'gospel', label: 'Hymns and gospel' },
  { value: 'rock', label: 'Rock' },
  { value: 'country', label: 'Country' },
  { value: 'soul', label: 'Soul' },
  { value: 'ambient', label: 'Quiet instrumental' },
] as const;

/** The music request (SPEC.md §7 fields): the genres the person chose, their values and beliefs as written (none invented). */
export function musicRequest(user: Pick<User, 'values' | 'beliefs'> | null, genres: readonly string[], budget: BudgetLevel): MusicInput {
  return { musicGenres: [...genres], personalValues: [...(user?.values ?? [])], spiritualBeliefs: user?.beliefs?.trim() ?? '', budget };
}

/** Music suggestions. Throws AiCancelled, or ApiError / a network error when sent. */
export async function requestMusic(user: Pick<User, 'values' | 'beliefs'> | null, genres: readonly string[], budget: BudgetLevel) {
  return musicResponseSchema.parse(await askAiInApp('music', musicRequest(user, genres, budget))).songs;
}

const GENRES_KEY = 'afterword:music-genres';

/** The kinds of music chosen on this device for suggestions (not personal words: kept in localStorage). */
export function useMusicGenres() {
  const [genres, setState] = useState<string[]>(() => {
    try {
      const known = new Set<string>(MUSIC_GENRE_OPTIONS.map((o) => o.value));
      const stored: unknown = JSON.parse(localStorage.getItem(GENRES_KEY) ?? '[]');
      return Array.isArray(stored) ? stored.filter((g): g is string => typeof g === 'string' && known.has(g)) : [];
    } catch {
      return [];
    }
  });
  const setGenres = useCallback((next: string[]) => {
    setState(next);
    try {
      localStorage.setItem(GENRES_KEY, JSON.stringify(next));
    } catch {
      /* storage blocked: the choice lasts for this visit */
    }
  }, []);
  return [genres, setGenres] as const;
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
