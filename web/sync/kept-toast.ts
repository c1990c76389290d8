/**
 * The words a person is told when a kept version arrives (rules 20, 22 of shared/sync/README.md):
 * once per arrival, naming what was kept and where to find it.
 */
import type { CollectionName } from '../../shared/schema/collections';
import type { ToastInput } from '../ui/toast-store';
import type { KeptNotice } from './apply-response';

const PLACE: Record<CollectionName, string> = {
  profile: 'your profile',
  deathPlan: 'your after-death plan',
  messages: 'a message',
  documents: 'a document',
  trustees: 'a trustee',
  survivorTasks: 'a survivor task',
};

/** The toast for `kept` (non-empty): a conflict names the place; a restorable edit says how to restore. */
export function keptToast(kept: readonly KeptNotice[]): ToastInput {
  const conflict = kept.find((k) => k.kind === 'conflict');
  if (conflict) {
    return {
      title: 'Also written on another device',
      description: `Two devices changed ${PLACE[conflict.collection]} at the same time. Both versions are kept: open it to compare and restore.`,
      durationMs: 10_000,
    };
  }
  return {
    title: 'An edit was made to something deleted',
    description: `Another device changed ${PLACE[kept[0]!.collection]} that was deleted. You can restore it from its list.`,
    durationMs: 10_000,
  };
}
