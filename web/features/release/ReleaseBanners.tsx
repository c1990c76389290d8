/**
 * The release banners' own parts (ReleaseBanner.tsx, DESIGN.md §8): an undeliverable e-mail to the
 * owner, and a waiting period (or trustees asked to confirm) with "I'm still here". Shown only when
 * the status says so, so loaded then (issue 41: the signed-in start does not fetch them).
 */
import { MailWarning, TriangleAlert } from 'lucide-react';
import { formatLongDate } from '../../../shared/labels';
import type { ReleaseStatus, UndeliverableEmail } from '../../../shared/schema/release';
import { nameAddresses, usePeopleByAddress } from './named-addresses';
import { Button } from '../../ui/Button';
import { formatWhen } from './release-store';
import { waitingEndsText } from './released-words';

/** The owner's own critical e-mails that could never be delivered, until dismissed (issue #16). */
export function UndeliverableBanner({ emails, onDismiss }: { emails: UndeliverableEmail[]; onDismiss: () => void }) {
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

/** The waiting period (or the trustees asked to confirm): who started it, when it ends, and "I'm still here". */
export function WaitingBanner({ status, cancelling, onStillHere }: { status: ReleaseStatus; cancelling: boolean; onStillHere: () => void }) {
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
