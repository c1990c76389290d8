/**
 * The viewer's page of a shared item, `/shared/<id>#<key>` (docs/sharing.md; issue 43): no account
 * needed. The key stays in the fragment, which the browser never sends; the page fetches the
 * sealed copy, opens it here and shows it read-only, always the latest version. What did not open
 * is never shown: the page says which of the outcomes it met, in words (share-words.ts).
 */
import { useEffect, useState } from 'react';
import { useParams } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import { DOCUMENT_TYPE_LABELS } from '../../../shared/labels';
import { httpUrlSchema } from '../../../shared/schema/common';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import type { SharedEntries } from './projections';
import { sharedWithText, VIEW_TEXT } from './share-words';
import { openSharedLink, type SharedView } from './viewer';

export default function SharedPage() {
  const { id = '' } = useParams();
  const [view, setView] = useState<SharedView | null>(null);
  const [attempt, setAttempt] = useState(0);
  useEffect(() => {
    let live = true;
    setView(null);
    void openSharedLink((url) => fetch(url, { credentials: 'omit', cache: 'no-store' }), id, window.location.hash).then((v) => live && setView(v));
    return () => {
      live = false;
    };
  }, [id, attempt]);

  if (view === null)
    return (
      <div className="mx-auto max-w-2xl">
        <p className="text-slate-700">Opening what was shared with you…</p>
      </div>
    );
  if (view.kind !== 'open') {
    const { title, body } = VIEW_TEXT[view.kind];
    return (
      <div className="mx-auto max-w-2xl">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-700">{body}</p>
        {(view.kind === 'unreachable' || view.kind === 'busy') && (
          <Button className="mt-4" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const d = view.value;
  if (d.kind !== 'document') return <SharedEntriesView value={d} name={view.name} updatedAt={view.updatedAt} />;
  const url = d.documentUrl && httpUrlSchema.safeParse(d.documentUrl).success ? d.documentUrl : null;
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm text-slate-600">A document shared with you on Afterword</p>
      <h1 className="mt-1 text-2xl font-semibold break-words text-slate-900">{d.documentName}</h1>
      <p className="mt-2 text-slate-700">{sharedWithText(view.name, view.updatedAt)}</p>
      <Card className="mt-6 flex flex-col gap-3 p-5">
        <p>
          <span className="font-medium text-slate-900">Type:</span> {DOCUMENT_TYPE_LABELS[d.documentType] ?? 'Document'}
        </p>
        {d.originalLocation && (
          <p className="break-words">
            <span className="font-medium text-slate-900">Original kept:</span> {d.originalLocation}
          </p>
        )}
        {url && (
          <a href={url} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm', 'self-start')}>
            <ExternalLink aria-hidden="true" />
            View Document (opens in a new tab)
          </a>
        )}
        {d.hasFile && <p className="text-sm text-slate-600">The file attached to this document is not shared. Ask the person who shared it if you need it.</p>}
      </Card>
    </div>
  );
}

/** What each kind is called above its title on the viewer's page. */
const KIND_LINE: Record<SharedEntries['kind'], string> = {
  'plan-section': 'Part of a plan shared with you on Afterword',
  'task-list': 'A task list shared with you on Afterword',
  trustee: "A trustee's details shared with you on Afterword",
};

/** A plan section, a task list or a trustee's details, read-only: each entry's labelled lines as they were sealed. */
function SharedEntriesView({ value, name, updatedAt }: { value: SharedEntries; name: string; updatedAt: string }) {
  const empty = value.entries.every((e) => e.fields.length === 0 && e.heading === null);
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm text-slate-600">{KIND_LINE[value.kind]}</p>
      <h1 className="mt-1 text-2xl font-semibold break-words text-slate-900">{value.title}</h1>
      <p className="mt-2 text-slate-700">{sharedWithText(name, updatedAt)}</p>
      {empty && <p className="mt-6 text-slate-700">Nothing is written here yet. When it is, you will see it here.</p>}
      {value.entries.map((e, i) => (
        <Card key={i} className="mt-6 flex flex-col gap-3 p-5">
          {e.heading && <h2 className="font-semibold break-words text-slate-900">{e.heading}</h2>}
          <dl className="flex flex-col gap-3">
            {e.fields.map((f) => (
              <div key={f.label}>
                <dt className="font-medium text-slate-900">{f.label}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-700">
                  {Array.isArray(f.value) ? (
                    <ul className="list-disc pl-5">
                      {f.value.map((v, j) => (
                        <li key={j}>{v}</li>
                      ))}
                    </ul>
                  ) : (
                    f.value
                  )}
                </dd>
              </div>
            ))}
          </dl>
        </Card>
      ))}
    </div>
  );
}
