/**
 * The plan form's working copy: the plan's editable fields with text as strings ('' for empty).
 * Saved whole through the local store, which stores '' as null and diffs the lists item by item.
 */
import type { DeathPlan } from '../../../shared/schema';

export type PlanDraft = Pick<DeathPlan, 'funeralType' | 'burialPreference' | 'musicSelections' | 'readings'> & {
  location: string;
  specialRequests: string;
  obituary: string;
};

/** The draft of `plan`, or an empty draft when there is no plan yet. */
export function planToDraft(plan: DeathPlan | null): PlanDraft {
  return {
    funeralType: plan?.funeralType ?? null,
    location: plan?.location ?? '',
    burialPreference: plan?.burialPreference ?? null,
    musicSelections: [...(plan?.musicSelections ?? [])],
    readings: [...(plan?.readings ?? [])],
    specialRequests: plan?.specialRequests ?? '',
    obituary: plan?.obituary ?? '',
  };
}
