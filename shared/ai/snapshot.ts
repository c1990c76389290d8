/**
 * The planning snapshot for recommendations (DESIGN.md §4): counts and choices only, never the
 * text of a message, document or task (sync-server/ai/README.md "What is sent to the model").
 * Built on the device from its own records (web/ai/device-snapshot.ts); the server never builds
 * it, since the records it holds are sealed (SECURITY.md).
 */
import { planCompletion } from '../plan-completion';
import type { DeathPlanFields, ValueId } from '../schema';
import type { PlanningSnapshot } from './provider';

/** The snapshot of an account with nothing planned and no name (what `GET /api/recommendations` answers for). */
export const EMPTY_SNAPSHOT: PlanningSnapshot = Object.freeze({
  firstName: '',
  values: [],
  beliefs: null,
  hasPlan: false,
  planCompletion: 0,
  funeralType: null,
  burialPreference: null,
  messages: 0,
  undeliveredScheduled: 0,
  documents: Object.freeze({ will: 0, insurance: 0, financial: 0 }),
  trustees: 0,
  fullAccessTrustees: 0,
  survivorTasks: 0,
  completedTasks: 0,
}) as PlanningSnapshot;

/** The opened records a snapshot is made from; any field may be missing in a partly synced copy. */
export interface SnapshotSources {
  profile: { firstName?: string | null; values?: readonly ValueId[] | null; beliefs?: string | null } | null;
  plan: Partial<DeathPlanFields> | null;
  messages: readonly { deliveryDate?: unknown; delivered?: boolean | null }[];
  documents: readonly { documentType?: string | null }[];
  trustees: readonly { accessLevel?: string | null }[];
  tasks: readonly { completionStatus?: string | null }[];
}

/** Summarises `sources` into a PlanningSnapshot (plan completion per SPEC.md §4). Pure. */
export function planningSnapshotOf({ profile, plan, messages, documents, trustees, tasks }: SnapshotSources): PlanningSnapshot {
  const countDocuments = (type: string) => documents.filter((d) => d.documentType === type).length;
  return {
    firstName: profile?.firstName ?? '',
    values: [...(profile?.values ?? [])],
    beliefs: profile?.beliefs?.trim() ? profile.beliefs : null,
    hasPlan: plan !== null,
    planCompletion: planCompletion(plan),
    funeralType: plan?.funeralType ?? null,
    burialPreference: plan?.burialPreference ?? null,
    messages: messages.length,
    undeliveredScheduled: messages.filter((m) => m.deliveryDate && !m.delivered).length,
    documents: { will: countDocuments('will'), insurance: countDocuments('insurance'), financial: countDocuments('financial') },
    trustees: trustees.length,
    fullAccessTrustees: trustees.filter((t) => t.accessLevel === 'full').length,
    survivorTasks: tasks.length,
    completedTasks: tasks.filter((t) => t.completionStatus === 'completed').length,
  };
}
