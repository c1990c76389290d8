/**
 * Settings' timeline of sharing (issue 43 "The owner always knows"): every share the owner made,
 * every time the person opened it, and when it was stopped, with every emergency request, its outcome
 * and each opening of it (timeline.ts emergencyEvents), newest first, from the server's share
 * rows (timeline.ts). Names open on this device (they are sealed under each share's key; a stopped
 * share's from what the server kept for this timeline, else "someone"). After the owner replaced the key
 * or signed their other devices out, it first lists the shares still live from before and offers to
 * stop them all (ShareReviewNotice; security review F7). When the emergency requests cannot be read,
 * the shares are still listed and the card says that part could not load (timeline-load.ts).
 */
import { useEffect, useState } from 'react';
import { formatDateTime } from '../../../shared/intl-format';
import { apiFetch, serverMessage } from '../../api/client';
import { useSession } from '../../app/session';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { othersShutOutOf, useKeySession, type Api, type OthersShutOut } from '../keys';
import { deviceLiveShares } from './live-shares';
import { keysLockedText } from './share-words';
import { sharesToReview } from './share-review';
import { ShareReviewNotice, type ReviewedShare } from './ShareReviewNotice';
import type { TimelineEvent } from './timeline';
import { loadTimeline } from './timeline-load';
import { useShareSource } from './use-share-source';
import { useT } from '../../i18n/i18n';
import { useSharingMessages } from './messages';

const api = apiFetch as Api;

export function ShareTimelineCard() {
  useSharingMessages();
  const { t, language } = useT();
  const account = useSession((s) => s.user?.id ?? null);
  const keyring = useKeySession((s) => s.keyring);
  const source = useShareSource();
  const [events, setEvents] = useState<TimelineEvent[] | null>(null);
  const [error, setError] = useState<string | null>(null);
  const [review, setReview] = useState<{ review: OthersShutOut; shares: ReviewedShare[] } | null>(null);
  const [loads, setLoads] = useState(0);
  /** Why the emergency requests are missing from the timeline (null when they are in it). */
  const [emergencyFailed, setEmergencyFailed] = useState<string | null>(null);

  useEffect(() => {
    if (!account || !keyring || !source) return;
    let live = true;
    const deps = { api, account, keyring, live: deviceLiveShares(account) };
    (async () => {
      // The owner's emergency requests and each opening of them, in the same timeline (issue 43); without them when they cannot be read (said so).
      const { events, rows, names, titleOf, emergencyFailed } = await loadTimeline(deps, source, window.location.origin);
      if (!live) return;
      setEvents(events);
      setEmergencyFailed(emergencyFailed);
      const asked = othersShutOutOf(account);
      const toReview = asked ? sharesToReview(rows.map((r) => r.share), asked) : [];
      setReview(asked && toReview.length ? { review: asked, shares: toReview.map((share) => ({ share, name: names.get(share.id) ?? null, title: titleOf(share) })) } : null);
    })().catch((err) => live && setError(serverMessage(err, t('sharing.checkConnection'))));
    return () => {
      live = false;
    };
  }, [account, keyring, source, loads]);

  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('sharing.timeline.title')}</CardTitle>
        <CardDescription>{t('sharing.timeline.description')}</CardDescription>
      </CardHeader>
      <CardContent>
        {!keyring ? (
          <p className="text-slate-700">{keysLockedText()}</p>
        ) : error ? (
          <p className="text-slate-700">{t('sharing.timeline.loadFailed', { error })}</p>
        ) : events === null ? (
          <p className="text-slate-700">{t('sharing.loading')}</p>
        ) : events.length === 0 && !emergencyFailed ? (
          <p className="text-slate-700">{t('sharing.timeline.empty')}</p>
        ) : (
          <>
            {emergencyFailed && <p className="mb-3 rounded-lg bg-amber-50 p-3 text-sm text-slate-900" role="status">{t('sharing.timeline.emergencyNotLoaded')} {emergencyFailed}</p>}
            {review && account && <ShareReviewNotice account={account} api={api} review={review.review} shares={review.shares} onDone={() => setLoads((n) => n + 1)} />}
            <ol aria-label={t('sharing.timeline.list')} className="flex flex-col gap-3">
              {events.map((e) => (
                <li key={e.key} className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
                  <time dateTime={e.at} className="shrink-0 text-sm text-slate-700 sm:w-48">
                    {formatDateTime(e.at, language)}
                  </time>
                  <span className="break-words text-slate-900">{e.text}</span>
                </li>
              ))}
            </ol>
          </>
        )}
      </CardContent>
    </Card>
  );
}
