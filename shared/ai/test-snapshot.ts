/** A planning snapshot for tests: the empty plan (snapshot.ts EMPTY_SNAPSHOT) of Ada, overridable field by field. */
import type { PlanningSnapshot } from './provider';
import { EMPTY_SNAPSHOT } from './snapshot';

export function snapshotOf(overrides: Partial<PlanningSnapshot> = {}): PlanningSnapshot {
  return { ...EMPTY_SNAPSHOT, documents: { ...EMPTY_SNAPSHOT.documents }, firstName: 'Ada', ...overrides };
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
