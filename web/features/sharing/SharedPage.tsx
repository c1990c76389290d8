/**
 * The viewer's page of a shared item, `/shared/<id>#<key>` (docs/sharing.md; issue 43): no account
 * needed. The key stays in the fragment, which the browser never sends; the page fetches the
 * sealed copy, opens it here and shows it read-only, always the latest version. What did not open
 * is never shown: the page says which of the outcomes it met, in words (viewer-words.ts, the
 * catalogs' 'shared-view', in the viewer's language: issue 44); a
 * document's file opens here too, decrypted in this browser (SharedFileCard.tsx). What an
 * item shows is copy-view.ts's, the same as a trustee's emergency access on the kit page.
 */
import { lazy, Suspense, useEffect, useState } from 'react';
import { Link, useParams } from 'react-router-dom';
import { ExternalLink } from 'lucide-react';
import { Button, buttonClasses } from '../../ui/Button';
import { Card } from '../../ui/Card';
import { copyView, type CopyView, type SharedFile } from '../../../shared/share-copy-view';
import { SharedFileCard } from './SharedFileCard';
import { useCopyViewMessages } from './copy-words';
import { outcomeWords, sharedWithText, useSharedViewMessages } from './viewer-words';
import { openSharedLink, type SharedView } from './viewer';
import { useSession } from '../../app/session';
import { useT } from '../../i18n/i18n';
import { T } from '../../i18n/T';
import { rememberSharedLink } from './keep-after-sign-in';

// Keeping the link in one's own account (issue 43): only a signed-in person's page loads it.
const KeepSharedCard = lazy(() => import('./KeepSharedCard'));

export default function SharedPage() {
  useSharedViewMessages(); // the page's words ('shared-view'): in another language, waits for them
  useCopyViewMessages(); // and the shared item's ('copy-view', shared with the kit page)
  const words = useT();
  const { t } = words;
  const { id = '' } = useParams();
  const signedIn = useSession((s) => s.user !== null);
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
        <p className="text-slate-700">{t('sharedView.opening')}</p>
      </div>
    );
  if (view.kind !== 'open') {
    const { title, body } = outcomeWords(words, view.kind);
    return (
      <div className="mx-auto max-w-2xl">
        <h1 className="text-2xl font-semibold text-slate-900">{title}</h1>
        <p className="mt-2 text-slate-700">{body}</p>
        {(view.kind === 'unreachable' || view.kind === 'busy') && (
          <Button className="mt-4" variant="outline" onClick={() => setAttempt((n) => n + 1)}>
            {t('sharedView.tryAgain')}
          </Button>
        )}
      </div>
    );
  }
  const v = copyView(view.value, t);
  const isDocument = view.value.kind === 'document';
  return (
    <div className="mx-auto max-w-2xl">
      <p className="text-sm text-slate-600">{v.kindLine}</p>
      <h1 className="mt-1 text-2xl font-semibold break-words text-slate-900">{v.title}</h1>
      <p className="mt-2 text-slate-700">{sharedWithText(words, view.name, view.updatedAt)}</p>
      {isDocument ? <DocumentCard view={v} file={view.value.kind === 'document' ? (view.value.file ?? null) : null} shareId={id} /> : <EntriesCards view={v} />}
      {signedIn ? (
        <Suspense fallback={null}>
          <KeepSharedCard shareId={id} fragment={window.location.hash} title={v.title} />
        </Suspense>
      ) : (
        <p className="mt-6 text-sm text-slate-700">
          <T id="sharedView.keep.signedOut" components={{ 0: <Link to="/login" className="font-medium text-accent-800 underline" onClick={() => rememberSharedLink(id, window.location.hash)} /> }} />
        </p>
      )}
    </div>
  );
}

/** A document: its labelled lines ("Type: Will"), its link, its file (SharedFileCard) and its note, in one card. */
function DocumentCard({ view, file, shareId }: { view: CopyView; file: SharedFile | null; shareId: string }) {
  return (
    <Card className="mt-6 flex flex-col gap-3 p-5">
      {view.entries.flatMap((e) => e.fields).map((f) => (
        <p key={f.label} className="break-words">
          <span className="font-medium text-slate-900">{f.label}:</span> {Array.isArray(f.value) ? f.value.join(', ') : f.value}
        </p>
      ))}
      {view.link && (
        <a href={view.link.href} target="_blank" rel="noopener noreferrer" className={buttonClasses('outline', 'sm', 'self-start')}>
          <ExternalLink aria-hidden="true" />
          {view.link.label}
        </a>
      )}
      {file && <SharedFileCard shareId={shareId} file={file} />}
      {view.note && <p className="text-sm text-slate-600">{view.note}</p>}
    </Card>
  );
}

/** A plan section, a task list or a trustee's details, read-only: each entry's labelled lines as they were sealed. */
function EntriesCards({ view }: { view: CopyView }) {
  return (
    <>
      {view.note && <p className="mt-6 text-slate-700">{view.note}</p>}
      {view.entries.map((e, i) => (
        <Card key={i} className="mt-6 flex flex-col gap-3 p-5">
          {e.heading && <h2 className="font-semibold break-words text-slate-900">{e.heading}</h2>}
          <dl className="flex flex-col gap-3">
            {e.fields.map((f) => (
              <div key={f.label}>
                <dt className="font-medium text-slate-900">{f.label}</dt>
                <dd className="break-words whitespace-pre-wrap text-slate-700">
                  {Array.isArray(f.value) ? (
                    <ul className="list-disc ps-5">
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
    </>
  );
}
