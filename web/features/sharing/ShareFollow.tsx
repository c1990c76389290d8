/**
 * Keeps every shared item's copy current (docs/sharing.md "Always current"): while someone is
 * signed in and their keys are open, an item (a document, a plan section, a task list, a trustee's
 * details) whose copy changes on this device (an edit here, or one synced from another device) is
 * sealed again for each live share of it (share-follow.ts). A copy the server refuses for good is
 * told to the owner in words, naming the person and the item (share-client.ts refreshSharesTold). A
 * refresh that could not reach the server waits in this device's database (pending-refreshes.ts) and
 * is tried again at the next change, when the device is back online, or after a reload. What a copy
 * is compared with is what this device last sealed (sealed-copies.ts), so an edit made while the
 * keys were locked is sealed once they open. Shares made
 * while offline are sent once the device is online (pending-shares.ts). Renders nothing.
 * Mounted by ShareRefresher.tsx while some item holds a live share or a share made offline waits, with the owner's records.
 */
import { useEffect, useMemo, useRef } from 'react';
import type { refreshSharesTold } from './share-client';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { useCurrentDb } from '../../db/current';
import { toast } from '../../ui/toast-store';
import { useKeySession, type Api } from '../keys';
import { deviceLiveShares } from './live-shares';
import { copyTitle, projectItem, shareableItems, type ShareSource } from './projections';
import { createShareFollower } from './share-follow';
import { pendingRefreshesIn } from './pending-refreshes';
import { sealedCopiesIn } from './sealed-copies';
import { useCaughtUp, useFollow } from './use-follow';
import { pendingGoneText, pendingRefusedText, stopRefusedText, whoOf } from './share-words';
import { runNowOnlineAndSynced } from './when-online';
import { t } from '../../i18n/i18n';

const api = apiFetch as Api;

/**
 * share-client.ts refreshSharesTold (the owner's words for each share not updated), its module (and
 * the shares' crypto) loaded when an item changed and waits to be sealed again, not with the
 * signed-in start (issue 41).
 */
const refresh: typeof refreshSharesTold = async (...args) => (await import('./share-client')).refreshSharesTold(...args);

/** A toast for each share that was not updated (share-words.ts), each said once. */
const tell = (words: readonly string[]) => {
  for (const w of new Set(words)) toast({ title: t('sharing.toast.notUpdated'), description: w, variant: 'destructive' });
};

export function ShareFollow({ source }: { source: ShareSource }) {
  const account = useSession((s) => s.user?.id ?? null);
  const keyring = useKeySession((s) => s.keyring);
  const db = useCurrentDb((s) => s.db);
  const follower = useMemo(
    () =>
      account && keyring && db
        ? createShareFollower(async ({ ref, copy }) => ({ refused: await refresh({ api, account, keyring, live: deviceLiveShares(account) }, ref, copy) }), pendingRefreshesIn(db.dexie), sealedCopiesIn(db.dexie))
        : null,
    [account, keyring, db],
  );

  // Shares made on this device while offline (pending-shares.ts): sent now, when the device is back
  // online, and after each sync (an item written offline reaches the server first), then sealed for;
  // back online, a stop's retry wait is over at once (when-online.ts).
  const latest = useRef(source);
  latest.current = source;
  useEffect(() => {
    if (!account || !keyring || !db) return;
    let live = true;
    const send = async (reconnectedAt: () => number) => {
      const { pendingSharesIn, sendPendingShares } = await import('./pending-shares');
      const queue = pendingSharesIn(db.dexie);
      if ((await queue.list()).length === 0) return;
      const { refused } = await sendPendingShares({ api, account, keyring, live: deviceLiveShares(account), reconnectedAt, sealed: sealedCopiesIn(db.dexie) }, queue, (ref) => projectItem(ref, latest.current));
      for (const r of live ? refused : []) {
        const copy = projectItem(r.ref, latest.current);
        if (r.stop) toast({ title: t('sharing.toast.stopRefused'), description: stopRefusedText(whoOf(r.name), r.stop.why), variant: 'destructive' });
        else toast({ title: t('sharing.toast.notMade'), description: (r.gone ? pendingGoneText : pendingRefusedText)(r.name, copy ? copyTitle(copy) : (r.title ?? t('sharing.anItem'))), variant: 'destructive' });
      }
    };
    const stop = runNowOnlineAndSynced((reconnectedAt) => void send(reconnectedAt).catch((err: unknown) => console.error('Sending shares made offline failed:', err)));
    return () => {
      live = false;
      stop();
    };
  }, [account, keyring, db]);

  const items = useMemo(() => shareableItems(source), [source]);
  useFollow(follower, items, tell, useCaughtUp(follower));
  return null;
}
