/**
 * The owner's records every projection reads (projections.ts ShareSource), live from this device's
 * database; undefined while any collection is still loading.
 */
import { useMemo } from 'react';
import { useSession } from '../../app/session';
import { useCollection, useRecord } from '../../db/hooks';
import type { ShareSource } from './projections';

/** The device's documents, plan, survivor tasks, trustees and letters as one ShareSource (undefined while loading). */
export function useShareSource(): ShareSource | undefined {
  const userId = useSession((s) => s.user?.id ?? null);
  const documents = useCollection('documents');
  const plan = useRecord('deathPlan', userId); // the plan's id is the user's id
  const survivorTasks = useCollection('survivorTasks');
  const trustees = useCollection('trustees');
  const messages = useCollection('messages');
  return useMemo(() => {
    if (!documents || plan === undefined || !survivorTasks || !trustees || !messages) return undefined;
    return { documents, deathPlan: plan, survivorTasks, trustees, messages };
  }, [documents, plan, survivorTasks, trustees, messages]);
}
