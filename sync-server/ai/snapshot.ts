/**
 * `planningSnapshot(records, userId)`: the PlanningSnapshot of what a user has planned, for
 * recommendations, read from the record store. Counts and choices only (see ai/README.md).
 */
import { planCompletion } from '../../shared/plan-completion';
import type { RecordService } from '../records';
import type { PlanningSnapshot } from './provider';

export function planningSnapshot(records: RecordService, userId: string): PlanningSnapshot {
  const profile = records.get(userId, 'profile', userId);
  const plan = records.get(userId, 'deathPlan', userId);
  const messages = records.list(userId, 'messages');
  const documents = records.list(userId, 'documents');
  const trustees = records.list(userId, 'trustees');
  const tasks = records.list(userId, 'survivorTasks');
  const countDocuments = (type: string) => documents.filter((d) => d.documentType === type).length;
  return {
    firstName: profile?.firstName ?? '',
    values: profile?.values ?? [],
    beliefs: profile?.beliefs ?? null,
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
