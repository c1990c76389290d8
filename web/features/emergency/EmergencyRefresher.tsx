/**
 * Keeps every trustee's emergency bundle current (docs/sharing.md "Emergency access"), as
 * ShareRefresher does for shares and with the same follower (emergency-follow.ts): while someone
 * is signed in and their keys are open, a bundle whose items' copies or choice changed on this
 * device is sealed again; one that could not reach the server is tried again at the next change or
 * when the device is back online. Renders nothing.
 */
import { useEffect, useMemo } from 'react';
import { apiFetch } from '../../api/client';
import { useSession } from '../../app/session';
import { toast } from '../../ui/toast-store';
import { useKeySession, type Api } from '../keys';
import { useShareSource } from '../sharing';
import { createEmergencyFollower, emergencyBundles } from './emergency-follow';

const api = apiFetch as Api;

export function EmergencyRefresher() {
  const account = useSession((s) => s.user?.id ?? null);
  const open = useKeySession((s) => s.status === 'open');
  const withAccountKey = useKeySession((s) => s.withAccountKey);
  const source = useShareSource();
  const follower = useMemo(() => (account && open ? createEmergencyFollower({ api, account, withAccountKey }) : null), [account, open, withAccountKey]);

  useEffect(() => {
    if (!source || !follower || !follower.update(emergencyBundles(source))) return;
    const run = async () => {
      for (const words of new Set(await follower.run())) toast({ title: 'Emergency access was not updated', description: words, variant: 'destructive' });
    };
    void run();
    window.addEventListener('online', run);
    return () => window.removeEventListener('online', run);
  }, [source, follower]);
  return null;
}
