/**
 * After the owner replaced the account key or signed their other devices out (security review F7;
 * share-review.ts): above Settings' sharing timeline, which shares are still live that a lost
 * device may hold the keys to, and one button to stop them all, or "Keep them". Nothing is stopped
 * unless the owner presses "Stop all"; what the people may already have is said first.
 */
import { useState } from 'react';
import { serverMessage } from '../../api/client';
import { Button } from '../../ui/Button';
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
export const STOP_ALL_WARNING = 'The people you shared with will not see anything new. What they already saw, copied, printed or saved while they could open it, they may still have.';

export function ShareReviewNotice({ account, api, review, shares, onDone }: { account: string; api: Api; review: OthersShutOut; shares: readonly ReviewedShare[]; onDone: () => void }) {
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
        reason = serverMessage(err, 'Check your connection and try again.');
      }
    }
    setBusy(false);
    if (failed) {
      toast({ title: 'Not every share was stopped', description: `${failed === 1 ? 'One share is' : `${failed} shares are`} still live. ${reason}`, variant: 'destructive' });
    } else {
      forgetOthersShutOut(account);
      toast({ title: 'Sharing stopped', description: 'Those links open nothing now.' });
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
        Still shared from before
      </h3>
      <p className="mt-1 text-slate-800">{shareReviewText(review, shares.length)}</p>
      <ul aria-label="Shares still live" className="mt-2 list-disc pl-5 text-slate-900">
        {shares.map(({ share, name, title }) => (
          <li key={share.id} className="break-words">
            {title ? `"${title}"` : 'An item you have since deleted'} with {name || 'someone'}
          </li>
        ))}
      </ul>
      <p className="mt-2 text-sm text-slate-700">{STOP_ALL_WARNING}</p>
      <div className="mt-3 flex flex-wrap gap-2">
        <Button variant="destructive" size="sm" disabled={busy} onClick={() => void stopAll()}>
          {busy ? 'Stopping…' : shares.length === 1 ? 'Stop this share' : `Stop all ${shares.length} shares`}
        </Button>
        <Button variant="outline" size="sm" disabled={busy} onClick={keep}>
          Keep them
        </Button>
      </div>
    </section>
  );
}
