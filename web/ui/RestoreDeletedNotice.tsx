/**
 * On a list screen: records deleted on one device that another device edited afterwards (rule 22
 * of shared/sync/README.md), each offered back with Restore (brings it back with the edit) or
 * Keep deleted. Renders nothing when there are none.
 */
import type { CollectionName, EntityOf } from '../../shared/schema/collections';
import { requireDb } from '../db/current';
import { dismissRestorable, restoreDeleted, useRestorable } from '../db/versions';
import { Button } from './Button';
import { runWithToasts } from './record-actions';

type Listed = 'messages' | 'documents' | 'trustees' | 'survivorTasks';

const NOUN: Record<Listed, string> = { messages: 'message', documents: 'document', trustees: 'trustee', survivorTasks: 'task' };
const NAME: { [C in Listed]: (e: EntityOf[C]) => string } = {
  messages: (m) => `to ${m.recipientName}`,
  documents: (d) => d.documentName,
  trustees: (t) => t.name,
  survivorTasks: (t) => t.title,
};

export function RestoreDeletedNotice<C extends Listed>({ collection }: { collection: C }) {
  const offered = useRestorable(collection as CollectionName as C);
  if (offered.length === 0) return null;
  const noun = NOUN[collection];
  return (
    <div className="flex flex-col gap-2" data-testid="restore-deleted">
      {offered.map((r) => (
        <section key={r.id} role="region" aria-label={`Deleted ${noun} edited on another device`} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-slate-800">
            A {noun} deleted on one device was changed on another afterwards: <strong className="break-words">{(NAME[collection] as (e: EntityOf[C]) => string)(r.entity)}</strong>.
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() =>
                void runWithToasts(() => restoreDeleted(requireDb(), collection, r.id), {
                  success: { title: 'Success', description: `The ${noun} was restored` },
                  failure: `Failed to restore the ${noun}`,
                })
              }
            >
              Restore
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() =>
                void runWithToasts(() => dismissRestorable(requireDb(), collection, r.id), {
                  success: { title: 'Success', description: `The ${noun} stays deleted` },
                  failure: 'Failed to dismiss',
                })
              }
            >
              Keep deleted
            </Button>
          </div>
        </section>
      ))}
    </div>
  );
}
