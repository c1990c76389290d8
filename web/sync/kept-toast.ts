/**
 * The words a person is told when a kept version arrives (rules 20, 22 of shared/sync/README.md):
 * once per arrival, naming what was kept and where to find it; and when the server refused a
 * change (rule 11), so that nothing is undone silently.
 */
import type { CollectionName } from '../../shared/schema/collections';
import type { ToastInput } from '../ui/toast-store';
import type { RejectedChange } from '../../shared/sync/protocol';
import type { KeptNotice } from './apply-response';
import { isClockRefusal } from './restamp';

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

/**
 * The toast for changes the server refused (rule 11: they were undone on this device), in plain
 * words, never the server's text; null when every refusal was only a clock one (those are re-stamped
 * and sent again, rule 17).
 */
export function rejectedToast(rejected: readonly RejectedChange[]): ToastInput | null {
  const real = rejected.filter((r) => !isClockRefusal(r.reason));
  if (real.length === 0) return null;
  const place = PLACE[real[0]!.collection as CollectionName] ?? 'a record';
  return {
    title: 'A change could not be saved',
    description: `The server did not accept a change to ${place}, so it was undone on this device. Please check it and try again.`,
    variant: 'destructive',
    durationMs: 10_000,
  };
}
