/**
 * The release banners' own parts (ReleaseBanner.tsx, DESIGN.md §8): an undeliverable e-mail to the
 * owner, and a waiting period (or trustees asked to confirm) with "I'm still here". Shown only when
 * the status says so, so loaded then (issue 41: the signed-in start does not fetch them), with
 * their words (namespace 'release', ./messages.ts; dates through shared/intl-format.ts).
 */
import { MailWarning, TriangleAlert } from 'lucide-react';
import { formatDate, formatDateTime } from '../../../shared/intl-format';
import type { ReleaseStatus, UndeliverableEmail } from '../../../shared/schema/release';
import { T } from '../../i18n/T';
import { t, useT } from '../../i18n/i18n';
import { nameAddresses, usePeopleByAddress } from './named-addresses';
import { Button } from '../../ui/Button';
import { toast } from '../../ui/toast-store';
import { useReleaseMessages } from './messages';
import type { StillHereOutcome } from './release-store';
import { waitingEndsText } from './waiting-words';

/** The owner's own critical e-mails that could never be delivered, until dismissed (issue #16). */
export function UndeliverableBanner({ emails, onDismiss }: { emails: UndeliverableEmail[]; onDismiss: () => void }) {
  useReleaseMessages();
  const { t: say, language } = useT();
  return (
    <section aria-label={say('release.undeliverable.label')} className="border-b border-red-300 bg-red-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <MailWarning className="hidden size-6 shrink-0 text-red-800 sm:block" aria-hidden="true" />
        <div className="flex-1 text-slate-900">
          <p className="font-semibold">{say('release.undeliverable.title')}</p>
          {emails.map((e) => (
            <p key={e.id} className="text-sm">
              {say('release.undeliverable.line', { subject: e.subject, to: e.to, when: formatDateTime(e.at, language), reason: e.reason })}
            </p>
          ))}
        </div>
        <Button variant="outline" onClick={onDismiss}>
          {say('release.dismiss')}
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

/** "I'm still here"'s toast, from the store's outcome (null: a cancel was already under way). */
function sayStillHere(outcome: StillHereOutcome | null): void {
  if (!outcome) return;
  if (outcome.ok) toast({ title: t('release.gladTitle'), description: t('release.gladText') });
  else toast({ title: t('release.cancelFailed'), description: outcome.reason, variant: 'destructive' });
}

/** The waiting period (or the trustees asked to confirm): who started it, when it ends, and "I'm still here". */
export function WaitingBanner({ status, cancelling, onStillHere }: { status: ReleaseStatus; cancelling: boolean; onStillHere: () => Promise<StillHereOutcome | null> }) {
  useReleaseMessages();
  const { t: say, language } = useT();
  const report = status.startedBy?.kind === 'trustee' ? status.startedBy : null;
  const reporter = useReporterName(report?.name);
  const awaiting = status.state === 'awaiting-confirmations';
  if (!status.endsAt && !awaiting) return null;
  const when = (iso: string) => formatDateTime(iso, language);
  const who = reporter ? say('release.who.trustee', { name: reporter }) : say('release.who.checkIns');
  const started = status.startedAt ? say('release.startedOn', { who, when: when(status.startedAt) }) : who;
  return (
    <section aria-label={say('release.waiting.label')} className="border-b border-amber-300 bg-amber-50">
      <div className="mx-auto flex max-w-7xl flex-col gap-3 px-4 py-3 sm:flex-row sm:items-center sm:px-6">
        <TriangleAlert className="hidden size-6 shrink-0 text-amber-800 sm:block" aria-hidden="true" />
        <div className="flex-1 text-slate-900">
          <p className="font-semibold">{say(awaiting ? 'release.awaiting.title' : 'release.waiting.title')}</p>
          <p className="text-sm">
            {awaiting ? say('release.awaiting.text', { started }) : say('release.waiting.text', { started, ends: waitingEndsText(when(status.endsAt!)) })}
          </p>
          {report?.diedOn && <p className="text-sm">{say('release.diedOn', { date: formatDate(report.diedOn, language) })}</p>}
          {report?.note && (
            <p className="text-sm">
              <T id="release.note" values={{ note: report.note }} components={{ 0: <q className="whitespace-pre-line" /> }} />
            </p>
          )}
        </div>
        <Button variant="default" onClick={() => void onStillHere().then(sayStillHere)} disabled={cancelling}>
          {say('release.stillHere')}
        </Button>
      </div>
    </section>
  );
}
