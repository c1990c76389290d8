/**
 * Under a long-text field (message content, obituary, special requests, task description): the
 * text another device wrote at the same time, kept when it lost ("Also written on another
 * device", with Restore and Dismiss), and this device's earlier versions, collapsed (rules 20–23
 * of shared/sync/README.md). Renders nothing when there is nothing to show. Restore is a normal
 * write of the text (it syncs like any edit) and `onRestore` lets an open form show it at once.
 */
import { useId } from 'react';
import type { CollectionName } from '../../shared/schema/collections';
import { requireDb } from '../db/current';
import { dismissConflicts, restoreVersion, useTextVersions } from '../db/versions';
import { Button } from './Button';
import { runWithToasts } from './record-actions';
import { formatLongDateTime } from '../../shared/dates';

export interface OtherVersionsProps {
  collection: CollectionName;
  /** The record's id; nothing is shown without one (a record not yet created). */
  id: string | null | undefined;
  field: string;
  /** Called with the restored text, so the form around shows it. */
  onRestore?: (text: string) => void;
}

const restoredToast = { title: 'Success', description: 'The earlier text was restored' };

export function OtherVersions({ collection, id, field, onRestore }: OtherVersionsProps) {
  const versions = useTextVersions(collection, id, field);
  const headingId = useId();
  if (!id || !versions || (versions.conflicts.length === 0 && versions.earlier.length === 0)) return null;

  const restore = async (text: string, conflictKey?: string) => {
    const done = await runWithToasts(() => restoreVersion(requireDb(), collection, id, field, text, conflictKey).then(() => true), {
      success: restoredToast,
      failure: 'Failed to restore the text',
    });
    if (done) onRestore?.(text);
  };
  const dismiss = (key: string) =>
    runWithToasts(() => dismissConflicts(requireDb(), collection, id, [key]), {
      success: { title: 'Success', description: 'The other version was dismissed' },
      failure: 'Failed to dismiss the other version',
    });

  return (
    <div className="flex flex-col gap-3" data-testid={`other-versions-${field}`}>
      {versions.conflicts.map((c) => (
        <section key={c.key} aria-labelledby={`${headingId}-${c.key}`} className="rounded-lg border border-amber-300 bg-amber-50 p-3">
          <h3 id={`${headingId}-${c.key}`} className="text-sm font-semibold text-amber-900">
            Also written on another device
          </h3>
          <p className="mt-1 max-h-48 overflow-y-auto text-sm break-words whitespace-pre-wrap text-slate-800">{c.text}</p>
          <div className="mt-2 flex flex-wrap gap-2">
            <Button type="button" size="sm" variant="outline" onClick={() => void restore(c.text, c.key)}>
              Restore
            </Button>
            <Button type="button" size="sm" variant="ghost" onClick={() => void dismiss(c.key)}>
              Dismiss
            </Button>
          </div>
        </section>
      ))}
      {versions.earlier.length > 0 ? (
        <details className="rounded-lg border border-stone-200 p-3 text-sm">
          <summary className="cursor-pointer font-medium text-slate-800">Earlier versions ({versions.earlier.length})</summary>
          <ol className="mt-2 flex flex-col gap-2">
            {versions.earlier.map((v) => (
              <li key={v.seq} className="flex flex-col gap-1 border-t border-stone-100 pt-2">
                <span className="text-xs text-slate-600">Replaced {formatLongDateTime(v.replacedAt)}</span>
                <p className="max-h-32 overflow-y-auto break-words whitespace-pre-wrap text-slate-800">{v.text}</p>
                <Button type="button" size="sm" variant="outline" className="self-start" onClick={() => void restore(v.text)}>
                  Restore
                </Button>
              </li>
            ))}
          </ol>
        </details>
      ) : null}
    </div>
  );
}
