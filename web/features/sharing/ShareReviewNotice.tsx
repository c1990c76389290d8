/**
 * After the owner replaced the account key or signed their other devices out (security review F7;
 * share-review.ts): above Settings' sharing timeline, which shares are still live that a lost
 * device may hold the keys to, and one button to stop them all, or "Keep them". Nothing is stopped
 * unless the owner presses "Stop all"; what the people may already have is said first.
 */
import { useState } from 'react';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
import { t, useT } from '../../i18n/i18n';
import { toast } from '../../ui/toast-store';
import { forgetOthersShutOut, type Api, type OthersShutOut } from '../keys';
import type { ShareJson } from '../../../shared/share-items';
import { deviceLiveShares } from './live-shares';
import { stopSharing } from './share-client';
import { shareReviewText } from './share-review';

/** One share to review: the share, the person's name (opened on this device) and the item's title. */
export interface ReviewedShare {
  share: ShareJson;
  name: string | null;
  title: string | null;
}

/** Said before stopping them all: what stops, and what cannot be taken back. */
export const stopAllWarning = () => t('sharing.review.stopAllWarning');

export function ShareReviewNotice({ account, api, review, shares, onDone }: { account: string; api: Api; review: OthersShutOut; shares: readonly ReviewedShare[]; onDone: () => void }) {
  const { t } = useT();
  const [busy, setBusy] = useState(false);
  const stopAll = async () => {
    setBusy(true);
    const deps = { api, live: deviceLiveShares(account) };
    let failed = 0;
    let reason = '';
    for (const { share } of shares) {
      try {
        await stopSharing(deps, { kind: share.itemKind, id: share.itemId }, share.id);
      } catch (err) {
        failed++;
        reason = serverMessage(err, t('sharing.checkConnection'));
      }
    }
    setBusy(false);
    if (failed) {
      toast({ title: t('sharing.review.notAllStopped'), description: failed === 1 ? t('sharing.review.stillLiveOne', { reason }) : t('sharing.review.stillLive', { n: failed, reason }), variant: 'destructive' });
    } else {
      forgetOthersShutOut(account);
      toast({ title: t('sharing.toast.stopped'), description: t('sharing.review.stoppedAll') });
    }
    onDone();
  };
  const keep = () => {
    forgetOthersShutOut(account);
    onDone();
  };
  return (
    <section aria-labelledby="share-review-title" className="mb-4 rounded-md border border-amber-300 bg-amber-50 p-4">
      <h3 id="share-review-title" className="font-semibold text-slate-900">
        {t('sharing.review.title')}
      </h3>
      <p className="mt-1 text-slate-800">{shareReviewText(review, shares.length)}</p>
      <ul aria-label={t('sharing.review.list')} className="mt-2 list-disc ps-5 text-slate-900">
        {shares.map(({ share, name, title }) => (
          <li key={share.id} className="break-words">
            {title ? t('sharing.review.item', { title, name: name || t('sharing.someone') }) : t('sharing.review.deletedItem', { name: name || t('sharing.someone') })}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">{stopAllWarning()}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" disabled={busy} onClick={() => void stopAll()}>
          {busy ? t('sharing.review.stopping') : shares.length === 1 ? t('sharing.review.stopOne') : t('sharing.review.stopAll', { n: shares.length })}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={keep}>
          {t('sharing.review.keep')}
        </Button>
      </div>
    </section>
  );
}
