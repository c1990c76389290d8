/**
 * The banners on every signed-in screen (DESIGN.md §8): while a waiting period runs (or, after it,
 * while trustees are asked to confirm with their kits: `awaiting-confirmations`), who started it,
 * when it ends, and "I'm still here", which cancels it; and when one of the owner's own
 * critical e-mails (e.g. "A waiting period has started") could never be delivered, which one
 * and why, until dismissed (issue #16). Polls the status on mount, when the tab becomes
 * visible, and every minute.
 */
import { useEffect } from 'react';
import { MailWarning, TriangleAlert } from 'lucide-react';
import { formatLongDate } from '../../../shared/labels';
import type { ReleaseStatus, UndeliverableEmail } from '../../../shared/schema/release';
import { nameAddresses, usePeopleByAddress } from './named-addresses';
import { Button } from '../../ui/Button';
import { dismissUndeliverable } from './api';
import { formatWhen, useReleaseStore } from './release-store';
import { waitingEndsText } from './released-words';

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
      {((status?.state === 'waiting' && status.endsAt) || status?.state === 'awaiting-confirmations') && <WaitingBanner status={status} cancelling={cancelling} onStillHere={() => void stillHere()} />}
    </>
  );
}

function UndeliverableBanner({ emails, onDismiss }: { emails: UndeliverableEmail[]; onDismiss: () => void }) {
  return (
    <section aria-label="Undeliverable e-mail" className="border-b border-red-300 bg-red-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <MailWarning className="hidden size-6 shrink-0 text-red-800 sm:block" aria-hidden="true" />
        <div className="flex-1 text-slate-900">
          <p className="font-semibold">An important e-mail to you could not be delivered</p>
          {emails.map((e) => (
            <p key={e.id} className="text-sm">
              “{e.subject}” to {e.to} on {formatWhen(e.at)}:{' '}
              {e.reason === 'refused' ? 'your mail server refused it.' : 'no mail server could be reached for days.'} Check your e-mail address
              in your profile, and Settings for what happened.
            </p>
          ))}
        </div>
        <Button variant="outline" onClick={onDismiss}>
          Dismiss
        </Button>
      </div>
    </section>
  );
}

/**
 * Who reported: the server names a trustee only by their address (names are the owner's sealed
 * words, SECURITY.md), so the device puts the name it holds beside it.
 */
function useReporterName(address: string | undefined): string | undefined {
  const people = usePeopleByAddress();
  return address && nameAddresses(address, people);
}

function WaitingBanner({ status, cancelling, onStillHere }: { status: ReleaseStatus; cancelling: boolean; onStillHere: () => void }) {
  const report = status.startedBy?.kind === 'trustee' ? status.startedBy : null;
  const reporter = useReporterName(report?.name);
  const awaiting = status.state === 'awaiting-confirmations';
  if (!status.endsAt && !awaiting) return null;
  const who = reporter ? `${reporter}, one of your trustees, reported your passing` : 'Your check-ins lapsed';
  return (
    <section aria-label="Waiting period" className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <TriangleAlert className="hidden size-6 shrink-0 text-amber-800 sm:block" aria-hidden="true" />
        <div className="flex-1 text-slate-900">
          <p className="font-semibold">{awaiting ? 'Your trustees are being asked to confirm' : 'A waiting period is running'}</p>
          {awaiting ? (
            <p className="text-sm">
              {who}
              {status.startedAt ? ` on ${formatWhen(status.startedAt)}` : ''}, and the waiting period is over. Your trustees with kits are being asked
              to confirm only if they know you have died; nothing is released until enough of them do. Unless you cancel it, your messages will then
              go out (or be handed over by the trustees you chose) and your trustees with kits will be able to open what you left them.
            </p>
          ) : (
            <p className="text-sm">
              {who}
              {status.startedAt ? ` on ${formatWhen(status.startedAt)}` : ''}. {waitingEndsText(formatWhen(status.endsAt!))}
            </p>
          )}
          {report?.diedOn && <p className="text-sm">The date of death they gave: {formatLongDate(report.diedOn)}.</p>}
          {report?.note && (
            <p className="text-sm">
              Their note: <q className="whitespace-pre-line">{report.note}</q>
            </p>
          )}
        </div>
        <Button variant="default" onClick={onStillHere} disabled={cancelling}>
          I&apos;m still here
        </Button>
      </div>
    </section>
  );
}
