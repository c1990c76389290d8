/**
 * The words a person is told when a kept version arrives (rules 20, 22 of shared/sync/README.md):
 * once per arrival, naming what was kept and where to find it; and when the server refused a
 * change (rule 11), so that nothing is undone silently.
 */
import type { CollectionName } from '../../shared/schema/collections';
import type { ToastInput } from '../ui/toast-store';
import { isCasRefusal } from '../../shared/sync/cas';
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

/** What names a record of each collection to its owner, from its (opened) values; undefined when unnamed. */
const NAMED: Partial<Record<CollectionName, (v: Record<string, unknown>) => string | undefined>> = {
  messages: (v) => (typeof v.recipientName === 'string' && v.recipientName.trim() ? `your message to ${v.recipientName.trim()}` : undefined),
  documents: (v) => (typeof v.documentName === 'string' && v.documentName.trim() ? `your document \u201c${v.documentName.trim()}\u201d` : undefined),
  trustees: (v) => (typeof v.name === 'string' && v.name.trim() ? `your trustee ${v.name.trim()}` : undefined),
  survivorTasks: (v) => (typeof v.title === 'string' && v.title.trim() ? `the survivor task \u201c${v.title.trim()}\u201d` : undefined),
};

/** The record in words: its name when the device holds it ("your message to Clara"), else its kind. */
const placeOf = (k: KeptNotice, valuesOf?: ValuesOf) => {
  const values = valuesOf?.(k.collection, k.id);
  return (values && NAMED[k.collection]?.(values)) ?? PLACE[k.collection];
};

/** The values this device holds for a record (its local copy, opened), or undefined. */
export type ValuesOf = (collection: CollectionName, id: string) => Record<string, unknown> | undefined;

/**
 * The toast for `kept` (non-empty): a conflict names the record (by `valuesOf`, e.g. the letter's
 * recipient) so the person knows which one to open; a restorable edit says how to restore.
 */
export function keptToast(kept: readonly KeptNotice[], valuesOf?: ValuesOf): ToastInput {
  const conflict = kept.find((k) => k.kind === 'conflict');
  if (conflict) {
    return {
      title: 'Also written on another device',
      description: `Two devices changed ${placeOf(conflict, valuesOf)} at the same time. Both versions are kept: open it to compare and restore.`,
      durationMs: 10_000,
    };
  }
  return {
    title: 'An edit was made to something deleted',
    description: `Another device changed ${placeOf(kept[0]!, valuesOf)} that was deleted. You can restore it from its list.`,
    durationMs: 10_000,
  };
}

/**
 * The toast for changes the server refused (rule 11: they were undone on this device), in plain
 * words, never the server's text; null when every refusal was only a clock one (those are re-stamped
 * and sent again, rule 17).
 */
export function rejectedToast(rejected: readonly RejectedChange[]): ToastInput | null {
  // A compare-and-set refusal (rule 28) undid a write the device made for the person (a re-keyed
  // file), not an edit of theirs: the newer value from elsewhere is shown, nothing to tell.
  const real = rejected.filter((r) => !isClockRefusal(r.reason) && !isCasRefusal(r.reason));
  if (real.length === 0) return null;
  const place = PLACE[real[0]!.collection as CollectionName] ?? 'a record';
  return {
    title: 'A change could not be saved',
    description: `The server did not accept a change to ${place}, so it was undone on this device. Please check it and try again.`,
    variant: 'destructive',
    durationMs: 10_000,
  };
}
