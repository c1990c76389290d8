/**
 * `planningSnapshot(records, userId)`: the PlanningSnapshot of what a user has planned, for
 * recommendations, read from the record store. Counts and choices only (see ai/README.md).
 */
import { planCompletion } from '../../shared/plan-completion';
import type { RecordReader } from '../records';
import type { PlanningSnapshot } from './provider';

export async function planningSnapshot(records: RecordReader, userId: string): Promise<PlanningSnapshot> {
  const profile = await records.get(userId, 'profile', userId);
  const plan = await records.get(userId, 'deathPlan', userId);
  const messages = await records.list(userId, 'messages');
  const documents = await records.list(userId, 'documents');
  const trustees = await records.list(userId, 'trustees');
  const tasks = await records.list(userId, 'survivorTasks');
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
