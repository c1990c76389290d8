/**
 * The plan form's values (SPEC.md §3 "Death plan"): the plan's editable fields with text as
 * strings ('' for empty), keyed by the record's field names, for useRecordForm (web/forms). Only
 * the fields the person changed are saved; the store turns '' into null and diffs the lists.
 * The AI helpers' input (the obituary details, the kinds of music) is part of the plan too, so it
 * is saved with Save Changes, guarded as unsaved typing and synced like the rest.
 */
import type { DeathPlan } from '../../../shared/schema';
import type { ObituaryDetails } from './plan-ai';

export type PlanForm = Pick<DeathPlan, 'funeralType' | 'burialPreference' | 'musicSelections' | 'readings' | 'musicGenres'> &
  ObituaryDetails & {
    location: string;
    specialRequests: string;
    obituary: string;
  };

/** The obituary details of plan form `values` (what the obituary helper is given, plan-ai.ts). */
export const obituaryDetailsOf = (values: ObituaryDetails): ObituaryDetails => ({
  hometown: values.hometown,
  occupation: values.occupation,
  achievements: values.achievements,
  familyMembers: values.familyMembers,
  personalQualities: values.personalQualities,
});

/** The form values of `plan`, or an empty form when there is no plan yet (a plan from before the helpers' fields reads them as empty). */
export function planToForm(plan: DeathPlan | null): PlanForm {
  return {
    funeralType: plan?.funeralType ?? null,
    location: plan?.location ?? '',
    burialPreference: plan?.burialPreference ?? null,
    musicSelections: [...(plan?.musicSelections ?? [])],
    readings: [...(plan?.readings ?? [])],
    specialRequests: plan?.specialRequests ?? '',
    obituary: plan?.obituary ?? '',
    hometown: plan?.hometown ?? '',
    occupation: plan?.occupation ?? '',
    achievements: plan?.achievements ?? '',
    familyMembers: plan?.familyMembers ?? '',
    personalQualities: plan?.personalQualities ?? '',
    musicGenres: [...(plan?.musicGenres ?? [])],
  };
}

/** The record fields of some form values (the store trims text and stores '' as null). */
export const planFormToRecord = (values: Partial<PlanForm>): Record<string, unknown> => ({ ...values });
