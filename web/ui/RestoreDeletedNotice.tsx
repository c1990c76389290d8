/**
 * On a list screen: records deleted on one device that another device edited afterwards (rule 22
 * of shared/sync/README.md), each offered back with Restore (brings it back with the edit) or
 * Keep deleted. Renders nothing when there are none. Its words are the 'record-forms' catalog's (issue 44),
 * one ICU select over the collection (`kind`) per sentence, since the words agree with the noun.
 */
import type { CollectionName, EntityOf } from '../../shared/schema/collections';
import { requireDb } from '../db/current';
import { T } from '../i18n/T';
import { useT } from '../i18n/i18n';
import { dismissRestorable, restoreDeleted, useRestorable } from '../db/versions';
import { Button } from './Button';
import { runWithToasts } from './record-actions';
import { useRecordFormsMessages } from './record-forms-messages';

type Listed = 'messages' | 'documents' | 'trustees' | 'survivorTasks';

const NAME: { [C in Listed]: (e: EntityOf[C]) => string } = {
  messages: (m) => m.recipientName,
  documents: (d) => d.documentName,
  trustees: (t) => t.name,
  survivorTasks: (t) => t.title,
};

/** The notice for `collection`'s records offered back (web/db/versions.ts useRestorable). */
export function RestoreDeletedNotice<C extends Listed>({ collection }: { collection: C }) {
  useRecordFormsMessages();
  const { t } = useT();
  const offered = useRestorable(collection as CollectionName as C);
  if (offered.length === 0) return null;
  const kind = { kind: collection };
  return (
    <div className="flex flex-col gap-2" data-testid="restore-deleted">
      {offered.map((r) => (
        <section key={r.id} role="region" aria-label={t('restore.region', kind)} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <p className="text-sm text-slate-800">
            <T
              id="restore.notice"
              values={{ ...kind, name: (NAME[collection] as (e: EntityOf[C]) => string)(r.entity) }}
              components={{ 0: <strong className="break-words" /> }}
            />
          </p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button
              type="button"
              size="sm"
              variant="outline"
              onClick={() =>
                void runWithToasts(() => restoreDeleted(requireDb(), collection, r.id), {
                  success: { title: t('restore.success'), description: t('restore.restored', kind) },
                  failure: t('restore.restoreFailed', kind),
                })
              }
            >
              {t('restore.restore')}
            </Button>
            <Button
              type="button"
              size="sm"
              variant="ghost"
              onClick={() =>
                void runWithToasts(() => dismissRestorable(requireDb(), collection, r.id), {
                  success: { title: t('restore.success'), description: t('restore.keptDeleted', kind) },
                  failure: t('restore.dismissFailed'),
                })
              }
            >
              {t('restore.keepDeleted')}
            </Button>
          </div>
        </section>
      ))}
    </div>
  );
}
