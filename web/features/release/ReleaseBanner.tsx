/**
 * The banners on every signed-in screen (DESIGN.md §8): while a waiting period runs (or, after it,
 * while trustees are asked to confirm with their kits: `awaiting-confirmations`), who started it,
 * when it ends, and "I'm still here", which cancels it; and when one of the owner's own
 * critical e-mails (e.g. "A waiting period has started") could never be delivered, which one
 * and why, until dismissed (issue #16). Polls the status on mount, when the tab becomes
 * visible, and every minute. The banners' parts are ReleaseBanners.tsx, loaded when one shows.
 */
import { useEffect } from 'react';
import { lazyPiece } from '../../ui/lazy-piece';
import { dismissUndeliverable } from './api';
import { useReleaseStore } from './release-store';

// The banners themselves load when one shows (issue 41: rare, and not for the first paint of every screen).
const UndeliverableBanner = lazyPiece(() => import('./ReleaseBanners').then((m) => m.UndeliverableBanner));
const WaitingBanner = lazyPiece(() => import('./ReleaseBanners').then((m) => m.WaitingBanner));

const POLL_MS = 60_000;

export function ReleaseBanner() {
  const status = useReleaseStore((s) => s.status);
  const cancelling = useReleaseStore((s) => s.cancelling);
  const refresh = useReleaseStore((s) => s.refresh);
  const stillHere = useReleaseStore((s) => s.stillHere);
  const dismiss = async () => {
    await dismissUndeliverable().catch(() => undefined);
    await refresh();
  };

  useEffect(() => {
    void refresh();
    const timer = setInterval(() => void refresh(), POLL_MS);
    const onVisible = () => document.visibilityState === 'visible' && void refresh();
    document.addEventListener('visibilitychange', onVisible);
    return () => {
      clearInterval(timer);
      document.removeEventListener('visibilitychange', onVisible);
    };
  }, [refresh]);

  const undeliverable = status?.undeliverable ?? [];
  return (
    <>
      {undeliverable.length > 0 && <UndeliverableBanner emails={undeliverable} onDismiss={() => void dismiss()} />}
      {((status?.state === 'waiting' && status.endsAt) || status?.state === 'awaiting-confirmations') && <WaitingBanner status={status} cancelling={cancelling} onStillHere={stillHere} />}
    </>
  );
}
