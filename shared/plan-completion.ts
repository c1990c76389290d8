/**
 * Death-plan completion (SPEC.md §4 "Death plan"): filled items out of 7, rounded. The 7 items
 * are funeralType, location, burialPreference, music selections non-empty, readings non-empty,
 * specialRequests and obituary. Text counts as filled when it is not blank.
 */
import type { DeathPlanFields } from './schema';
import { PLAN_COMPLETION_ITEMS } from './labels';

type PlanItems = Pick<
  DeathPlanFields,
  'funeralType' | 'location' | 'burialPreference' | 'musicSelections' | 'readings' | 'specialRequests' | 'obituary'
>;

const filled = (text: string | null | undefined) => typeof text === 'string' && text.trim().length > 0;

/** A percentage 0-100 for `plan` (null or a partial plan counts missing items as empty). */
export function planCompletion(plan: Partial<PlanItems> | null | undefined): number {
  if (!plan) return 0;
  const items = [
    plan.funeralType != null,
    filled(plan.location),
    plan.burialPreference != null,
    (plan.musicSelections ?? []).some(filled),
    (plan.readings ?? []).some(filled),
    filled(plan.specialRequests),
    filled(plan.obituary),
  ];
  return Math.round((items.filter(Boolean).length / PLAN_COMPLETION_ITEMS) * 100);
}
