/** A planning snapshot for tests: an empty plan, overridable field by field. */
import type { PlanningSnapshot } from './provider';

export function snapshotOf(overrides: Partial<PlanningSnapshot> = {}): PlanningSnapshot {
  return {
    firstName: 'Ada',
    values: [],
    beliefs: null,
    hasPlan: false,
    planCompletion: 0,
    funeralType: null,
    burialPreference: null,
    messages: 0,
    undeliveredScheduled: 0,
    documents: { will: 0, insurance: 0, financial: 0 },
    trustees: 0,
    fullAccessTrustees: 0,
    survivorTasks: 0,
    completedTasks: 0,
    ...overrides,
  };
}

/** A snapshot where everything is in place. */
export const completeSnapshot = snapshotOf({
  hasPlan: true,
  planCompletion: 100,
  funeralType: 'celebration_of_life',
  burialPreference: 'cremation',
  messages: 4,
  undeliveredScheduled: 2,
  documents: { will: 1, insurance: 1, financial: 2 },
  trustees: 2,
  fullAccessTrustees: 1,
  survivorTasks: 12,
  completedTasks: 3,
});
