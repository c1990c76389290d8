/**
 * Keeps every shared item's copy current (docs/sharing.md "Always current"): while someone is
 * signed in and their keys are open, an item (a document, a plan section, a task list, a trustee's
 * details) whose copy changes on this device (an edit here, or one synced from another device) is
 * sealed again for each live share of it (share-follow.ts). A
 * refresh that could not reach the server is tried again at the next change or when the device is
 * back online. Renders nothing.
 */
import { useEffect, useMemo } from 'react';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { toast } from '../../ui/toast-store';
import { useKeySession, type Api } from '../keys';
import { deviceLiveShares } from './live-shares';
import { refreshShares } from './share-client';
import { shareableItems } from './projections';
import { createShareFollower } from './share-follow';
import { useShareSource } from './use-share-source';
import { KEY_REFUSED_TEXT } from './share-words';

const api = apiFetch as Api;

export function ShareRefresher() {
  const account = useSession((s) => s.user?.id ?? null);
  const keyring = useKeySession((s) => s.keyring);
  const source = useShareSource();
  const follower = useMemo(
    () => (account && keyring ? createShareFollower(({ ref, copy }) => refreshShares({ api, account, keyring, live: deviceLiveShares(account) }, ref, copy)) : null),
    [account, keyring],
  );

  useEffect(() => {
    if (!source || !follower || !follower.update(shareableItems(source))) return;
    const run = async () => {
      if ((await follower.run()).length) toast({ title: 'A share was not updated', description: KEY_REFUSED_TEXT, variant: 'destructive' });
    };
    void run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [source, follower]);
  return null;
}
