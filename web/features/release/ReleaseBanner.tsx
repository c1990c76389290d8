/**
 * The banner on every signed-in screen while a waiting period runs (DESIGN.md §8): who started
 * it, when it ends, and "I'm still here", which cancels it. Polls the status on mount, when the
 * tab becomes visible, and every minute.
 */
import { useEffect } from 'react';
import { TriangleAlert } from 'lucide-react';
import { Button } from '../../ui/Button';
import { formatWhen, useReleaseStore } from './release-store';

const POLL_MS = 60_000;

export function ReleaseBanner() {
  const status = useReleaseStore((s) => s.status);
  const cancelling = useReleaseStore((s) => s.cancelling);
  const refresh = useReleaseStore((s) => s.refresh);
  const stillHere = useReleaseStore((s) => s.stillHere);

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

  if (status?.state !== 'waiting' || !status.endsAt) return null;
  const who =
    status.startedBy?.kind === 'trustee'
      ? `${status.startedBy.name}, one of your trustees, reported your passing`
      : 'Your check-ins lapsed';
  return (
    <section aria-label="Waiting period" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <TriangleAlert className="hidden size-6 shrink-0 text-amber-800 sm:block" aria-hidden="true" />
        <div className="flex-1 text-slate-900">
          <p className="font-semibold">A waiting period is running</p>
          <p className="text-sm">
            {who}
            {status.startedAt ? ` on ${formatWhen(status.startedAt)}` : ''}. Unless you cancel it, your account will be
            released on {formatWhen(status.endsAt)}: your messages will be sent and your trustees given access.
          </p>
        </div>
        <Button variant="default" onClick={() => void stillHere()} disabled={cancelling}>
          I&apos;m still here
        </Button>
      </div>
    </section>
  );
}
