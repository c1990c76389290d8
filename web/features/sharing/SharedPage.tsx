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
        {view.kind === 'unreachable' && (
          <Button className="mt-4" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            Try again
          </Button>
        )}
      </div>
    );
  }
  const d = view.value;
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
