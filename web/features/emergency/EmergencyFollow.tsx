/**
 * Keeps every trustee's emergency bundle current (docs/sharing.md "Emergency access"), as
 * ShareRefresher does for shares and with the same follower (emergency-follow.ts): while someone
 * is signed in and their keys are open, a bundle whose items' copies or choice changed on this
 * device is sealed again; one that could not reach the server is tried again at the next change or
 * when the device is back online. Once per sign-in (while it has not succeeded), bundles the server
 * holds for an older kit generation are sealed again for the trustee's new kit. A seal the server
 * refuses as not the choice it holds (another device saved a newer one) syncs, whose change then
 * seals the newest choice; when the sync brings none, the owner is told once. A choice older than
 * one sealed here (a replayed record) is never sealed. Choices saved while offline
 * (pending-choices.ts), and Removes made while offline, are sent now, when the device is back online and after each sync, and the
 * owner is told of each sent and of each not sent. Renders nothing.
 * Mounted by EmergencyRefresher.tsx while some trustee has an emergency choice, with the owner's records.
 */
import { useEffect, useMemo, useRef } from 'react';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { t } from '../../i18n/i18n';
import { toast } from '../../ui/toast-store';
import { appKeyDeps, useKeySession, type Api } from '../keys';
import { useCurrentDb } from '../../db/current';
import { syncNow } from '../../sync';
import type { Trustee } from '../../../shared/schema';
import { createChoiceMemory } from './choice-memory';
import { pendingRefreshesIn, recordChangeWaits, runNowOnlineAndSynced, sealedCopiesIn, useCaughtUp, useFollow, type ShareSource } from '../sharing';
import { createEmergencyFollower, deletionsIn, emergencyBundles, resealStale, sealedEmpty, type FollowedBundle } from './emergency-follow';
import './messages'; // the 'emergency' words of its toasts
import { pendingChoicesIn, sendPendingChoices } from './pending-choices';
import { removedLaterToast, sentLaterToast } from './emergency-words';

const api = apiFetch as Api;

/**
 * The toasts of what a follower's run said (`words`, the owner's words): a bundle sealed empty
 * (every item chosen was deleted: the words allDeletedText says of a trustee of `bundles` holding
 * no item) was updated, and says so without alarm; any other could not be sealed (the trustee's
 * kit is gone…).
 */
const tellFor = (bundles: readonly FollowedBundle[]) => (words: readonly string[]) => {
  for (const w of new Set(words)) {
    if (sealedEmpty(bundles, w)) toast({ title: t('emergency.toast.allDeleted'), description: w });
    else toast({ title: t('emergency.toast.notUpdated'), description: w, variant: 'destructive' });
  }
};

export function EmergencyFollow({ source }: { source: ShareSource }) {
  const account = useSession((s) => s.user?.id ?? null);
  const open = useKeySession((s) => s.status === 'open');
  const withAccountKey = useKeySession((s) => s.withAccountKey);
  const db = useCurrentDb((s) => s.db);
  // What waits is kept in the device's database (survives a reload), apart from shares' (its own kind).
  // A refused re-seal syncs and reads the trustee's record after it (resync, latest); the highest choice sealed here is kept (seen).
  const deps = useMemo(
    () =>
      account && db
        ? {
            api,
            account,
            withAccountKey,
            device: appKeyDeps.device,
            resync: syncNow,
            latest: async (id: string) => ((await db.dexie.entities('trustees').get(id)) as Trustee | undefined)?.emergency ?? null,
            seen: createChoiceMemory(db.dexie),
            sealed: sealedCopiesIn(db.dexie),
            deleted: deletionsIn(db),
          }
        : null,
    [account, withAccountKey, db],
  );
  const follower = useMemo(() => (deps && open && db ? createEmergencyFollower(deps, pendingRefreshesIn(db.dexie, (kind) => kind === 'emergency-bundle')) : null), [deps, open, db]);

  const checked = useRef<object | null>(null);
  const caughtUp = useCaughtUp(follower); // nothing sealed from records older than the server's (use-follow.ts)

  useEffect(() => {
    if (!follower || !deps || !caughtUp || checked.current === follower || emergencyBundles(source).length === 0) return;
    checked.current = follower;
    resealStale(deps, source).then(tellFor(emergencyBundles(source)), () => {
      checked.current = null; // offline: tried again at the next change
    });
  }, [source, follower, deps, caughtUp]);

  // Choices saved offline: sent now, when the device is back online, and after each sync (an item or trustee written offline reaches the server first);
  // back online, a choice's retry wait is over at once (sharing/when-online.ts).
  const latest = useRef(source);
  latest.current = source;
  useEffect(() => {
    if (!deps || !open || !db) return;
    // One pass at a time; a call during a pass runs one more after it (an `online` event is never lost).
    let running = false;
    let again = false;
    const send = async (reconnectedAt: () => number): Promise<void> => {
      if (running) {
        again = true;
        return;
      }
      running = true;
      try {
        const writeChoice = async (id: string, emergency: Trustee['emergency']) => void (await db.write('trustees', id, { emergency }));
        const { sent, removed, notSent } = await sendPendingChoices({ ...deps, reconnectedAt, writeChoice, changeWaits: (collection, id) => recordChangeWaits(db.dexie, collection, id) }, pendingChoicesIn(db.dexie), latest.current);
        for (const name of sent) toast({ title: t('emergency.toast.saved'), description: sentLaterToast(name) });
        for (const name of removed) toast({ title: t('emergency.toast.removed'), description: removedLaterToast(name) });
        for (const words of notSent) toast({ title: t('emergency.toast.notSent'), description: words, variant: 'destructive' });
      } finally {
        running = false;
      }
      if (again) {
        again = false;
        await send(reconnectedAt);
      }
    };
    return runNowOnlineAndSynced((reconnectedAt) => void send(reconnectedAt).catch((err: unknown) => console.error('Sending emergency choices saved offline failed:', err)));
  }, [deps, open, db]);

  const bundles = useMemo(() => emergencyBundles(source), [source]);
  const tell = useMemo(() => tellFor(bundles), [bundles]);
  useFollow(follower, bundles, tell, caughtUp);
  return null;
}
