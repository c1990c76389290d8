/**
 * "Shared with you" on the dashboard (issue 43 "or in their own account if they have one";
 * docs/sharing.md "Keeping a link in your own account"): the links this person kept, from their
 * own sealed profile (kept-shares.ts), each naming whose it is and what, opening the shared
 * viewer's own read-only, always-current page inside the app, with a Remove. Each is opened here
 * as its link would be (openKept), so a link that opens nothing now says so in the viewer's own
 * words (VIEW_TEXT), and a copy that does not open is never shown. Nothing shows while none is kept.
 */
import { useEffect, useState } from 'react';
import { Link } from 'react-router-dom';
import { keptSharesOf, type KeptShare } from '../../../shared/kept-share';
import { copyView } from '../../../shared/share-copy-view';
import { useSession } from '../../app/session';
import { requireDb } from '../../db/current';
import { useRecord } from '../../db/hooks';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { confirm } from '../../ui/confirm';
import { toast } from '../../ui/toast-store';
import { forgetKept, keptPath, openKept } from './kept-shares';
import { CHECKING_TEXT, fromText, removeAsk, removedToast, removeLabel, SHARED_WITH_YOU, SHARED_WITH_YOU_INTRO } from './kept-words';
import { VIEW_TEXT } from './share-words';
import type { SharedView } from './viewer';

const viewerFetch = (url: string) => fetch(url, { credentials: 'omit', cache: 'no-store' });

export default function SharedWithYouCard() {
  const userId = useSession((s) => s.user?.id ?? null);
  const profile = useRecord('profile', userId);
  const kept = keptSharesOf(profile?.keptShares);
  if (kept.length === 0) return null;
  return (
    <Card role="region" aria-labelledby="shared-with-you">
      <CardHeader>
        <CardTitle as="h2" id="shared-with-you">
          {SHARED_WITH_YOU}
        </CardTitle>
        <CardDescription>{SHARED_WITH_YOU_INTRO}</CardDescription>
      </CardHeader>
      <CardContent>
        <ul className="flex flex-col divide-y divide-stone-200">
          {kept.map((k) => (
            <KeptRow key={k.id} kept={k} />
          ))}
        </ul>
      </CardContent>
    </Card>
  );
}

/** One kept link: what and whose, how it opens now, and Remove. */
function KeptRow({ kept }: { kept: KeptShare }) {
  const [view, setView] = useState<SharedView | null>(null);
  useEffect(() => {
    let live = true;
    void openKept(viewerFetch, kept).then((v) => live && setView(v));
    return () => {
      live = false;
    };
  }, [kept.id, kept.key]); // the link, not the object (made anew at each render)
  const title = (view?.kind === 'open' ? copyView(view.value).title : kept.title) || 'Shared item';
  const remove = async () => {
    if (!(await confirm(removeAsk(title, kept.from)))) return;
    await forgetKept(requireDb(), kept.id);
    toast(removedToast(title));
  };
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-start sm:justify-between">
      <div className="min-w-0">
        <Link to={keptPath(kept)} className="font-medium break-words text-accent-800 underline">
          {title}
        </Link>
        <p className="text-sm text-slate-600">{fromText(kept.from)}</p>
        {view === null ? (
          <p className="text-sm text-slate-600">{CHECKING_TEXT}</p>
        ) : (
          view.kind !== 'open' && (
            <p className="text-sm text-slate-700">
              <span className="font-medium">{VIEW_TEXT[view.kind].title}.</span> {VIEW_TEXT[view.kind].body}
            </p>
          )
        )}
      </div>
      <Button variant="outline" size="sm" className="self-start" aria-label={removeLabel(title)} onClick={() => void remove()}>
        Remove
      </Button>
    </li>
  );
}
