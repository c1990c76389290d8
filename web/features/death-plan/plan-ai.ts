/**
 * The plan screen's two AI helpers (SPEC.md §2, §4, §7): 'Generate obituary' and 'Suggest music',
 * built only from what the person wrote (their profile, the details and kinds of music they give
 * here, kept in the plan record) and the budget level (not stored on the plan, SPEC.md §3: kept on this device). Both run the built-in helper on the device, offline
 * too; a model on the server is asked only after the consent dialog (web/ai/ask-ai.ts, DESIGN.md §4).
 */
import { useCallback, useState } from 'react';
import type { User } from '../../../shared/schema';
import { type BudgetLevel, budgetLevelSchema, MUSIC_GENRES, type MusicGenre } from '../../../shared/schema/death-plan';
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

/**
 * The kinds of music the person may choose from for suggestions (shared/ai/music.ts knows each), in
 * the schema's order, each with the id of its label in the 'plan' catalog (English as shared/labels.ts
 * MUSIC_GENRE_LABELS, which the server's prompts use).
 */
export const MUSIC_GENRE_OPTIONS = MUSIC_GENRES.map((value) => ({ value, label: `plan.genre.${value}` as const }));

/** The music request (SPEC.md §7 fields): the genres the person chose, their values and beliefs as written (none invented). */
export function musicRequest(user: Pick<User, 'values' | 'beliefs'> | null, genres: readonly string[], budget: BudgetLevel): MusicInput {
  return { musicGenres: [...genres], personalValues: [...(user?.values ?? [])], spiritualBeliefs: user?.beliefs?.trim() ?? '', budget };
}

/** Music suggestions. Throws AiCancelled, or ApiError / a network error when sent. */
export async function requestMusic(user: Pick<User, 'values' | 'beliefs'> | null, genres: readonly string[], budget: BudgetLevel) {
  return musicResponseSchema.parse(await askAiInApp('music', musicRequest(user, genres, budget))).songs;
}

/**
 * Where this device once kept the kinds of music chosen (before they were a field of the plan,
 * shared/schema/death-plan.ts `musicGenres`). Read only to move them into the plan once
 * (PlanEditor); nothing writes it any more.
 */
export const LEGACY_GENRES_KEY = 'afterword:music-genres';

/**
 * The kinds of music `storage` still holds from before they were kept in the plan: known kinds
 * only, each once, in the schema's order; [] when there are none or storage is blocked.
 */
export function legacyMusicGenres(storage: Pick<Storage, 'getItem'>): MusicGenre[] {
  try {
    const stored: unknown = JSON.parse(storage.getItem(LEGACY_GENRES_KEY) ?? '[]');
    return Array.isArray(stored) ? MUSIC_GENRES.filter((g) => stored.includes(g)) : [];
  } catch {
    return [];
  }
}

/** What PlanEditor does once with kinds of music `legacyMusicGenres` found (see legacyGenresMove). */
export type LegacyGenresMove =
  | { kind: 'none' }
  /** No plan yet: show them in the form (saved with the first Save Changes); the local copy stays until then. */
  | { kind: 'fill'; genres: MusicGenre[] }
  /** The plan has none: save them into it at once, then forget the local copy. */
  | { kind: 'save'; genres: MusicGenre[] }
  /** The plan already holds kinds of music (the plan wins): only forget the local copy. */
  | { kind: 'forget' };

/**
 * The one-time move of `legacy` (kinds of music this device kept in localStorage before they
 * were a field of the plan) given whether the plan `exists` and what it holds (`planGenres`).
 */
export function legacyGenresMove(legacy: readonly MusicGenre[], exists: boolean, planGenres: readonly string[]): LegacyGenresMove {
  if (legacy.length === 0) return exists ? { kind: 'forget' } : { kind: 'none' };
  if (!exists) return { kind: 'fill', genres: [...legacy] };
  return planGenres.length === 0 ? { kind: 'save', genres: [...legacy] } : { kind: 'forget' };
}

/** Forgets the kinds of music kept in `storage` before they were in the plan (blocked storage: nothing to forget). */
export function forgetLegacyMusicGenres(storage: Pick<Storage, 'removeItem'>): void {
  try {
    storage.removeItem(LEGACY_GENRES_KEY);
  } catch {
    /* storage blocked */
  }
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
