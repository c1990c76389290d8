/**
 * "Would your plan work today?" (issue #16): one panel with check-ins and the next reminder,
 * whether e-mail and the server's public address are set up (in the owner's words; the settings'
 * names, SMTP_URL and PUBLIC_URL, behind "For the server's administrator"), each
 * trustee's state (invited, accepted, last confirmed, bounced) with "Resend invitation", e-mails
 * that could not be delivered, whether the owner's own address is confirmed (release notices go
 * only to a confirmed address, SECURITY.md "Limits") with "Send verification e-mail", and, in
 * plain words, what is missing (e-mails waiting past a daily quota included).
 */
import { useMemo } from 'react';
import { Link } from 'react-router-dom';
import { formatDate } from '../../../shared/intl-format';
import { ACCESS_LEVEL_COLORS } from '../../../shared/labels';
import type { ReleaseReadiness, ReleaseTrustee } from '../../../shared/schema/release';
import { type MessageId, t as words, useT } from '../../i18n/i18n';
import { Badge, type BadgeColor } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { toast } from '../../ui/toast-store';
import { useCollection } from '../../db/hooks';
import { resendInvitation, sendVerificationEmail } from '../release';
import { actionErrorText, NeedsConnection } from './connection';
import './messages';
import { MissingList } from './MissingList';

const INVITATION: Record<ReleaseTrustee['invitation'], { label: MessageId; color: BadgeColor }> = {
  pending: { label: 'settings.trustee.pending', color: 'gray' },
  invited: { label: 'settings.trustee.invited', color: 'yellow' },
  accepted: { label: 'settings.trustee.accepted', color: 'green' },
};

/** A day as the person reads it, in the language shown (shared/intl-format.ts; SPEC.md §9's en-US long date in English). */
function useDay(): (when: string) => string {
  const { language } = useT();
  return (when) => formatDate(when, language);
}

function Row({ term, children }: { term: string; children: React.ReactNode }) {
  return (
    <div className="flex flex-col gap-0.5 sm:flex-row sm:gap-4">
      <dt className="shrink-0 font-medium text-slate-900 sm:w-40">{term}</dt>
      <dd className="text-slate-800">{children}</dd>
    </div>
  );
}

/** The resend toast: truthful while e-mail is not set up on the server (the invitation waits in its outbox). */
export function resentToast(name: string, email: ReleaseReadiness['email']) {
  return email === 'smtp'
    ? { title: words('settings.trustee.resent'), description: words('settings.trustee.resentDescription', { name }) }
    : { title: words('settings.trustee.queued'), description: words('settings.trustee.queuedDescription', { name }) };
}

/**
 * The trustees' names as this device holds them, by id (the server knows a trustee by id and
 * address only: names are the owner's sealed words, SECURITY.md). One live query for the card.
 */
function useTrusteeNames(): Map<string, string> {
  const trustees = useCollection('trustees');
  return useMemo(() => new Map((trustees ?? []).filter((t) => t.name?.trim()).map((t) => [t.id, t.name.trim()])), [trustees]);
}

/** `name`: the device's name for the trustee, else their address. */
function TrusteeRow({ trustee, name, email, onChanged }: { trustee: ReleaseTrustee; name: string; email: ReleaseReadiness['email']; onChanged: () => void }) {
  const { t } = useT();
  const day = useDay();
  async function resend() {
    try {
      await resendInvitation(trustee.id);
      toast(resentToast(name, email));
      onChanged();
    } catch (err) {
      toast({ title: t('settings.trustee.couldNotResend'), description: actionErrorText(err), variant: 'destructive' });
    }
  }
  const detail = [
    trustee.invitedAt && trustee.invitation === 'invited' ? t('settings.trustee.invitedOn', { date: day(trustee.invitedAt) }) : null,
    trustee.acceptedAt ? t('settings.trustee.acceptedOn', { date: day(trustee.acceptedAt) }) : null,
    trustee.confirmedAt ? t('settings.trustee.confirmedOn', { date: day(trustee.confirmedAt) }) : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-700">{trustee.email}</p>
        {detail.length > 0 && <p className="text-sm text-slate-700">{detail.join(' · ')}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge color={ACCESS_LEVEL_COLORS[trustee.accessLevel]}>{t(`settings.access.${trustee.accessLevel}`)}</Badge>
        <Badge color={INVITATION[trustee.invitation].color}>{t(INVITATION[trustee.invitation].label)}</Badge>
        {trustee.bouncedAt && <Badge color="red">{t('settings.trustee.bounced')}</Badge>}
        {trustee.invitation === 'invited' && (
          <Button variant="outline" size="sm" onClick={() => void resend()} aria-label={t('settings.trustee.resendTo', { name })}>
            {t('settings.trustee.resend')}
          </Button>
        )}
      </div>
    </li>
  );
}

/** The verification toast: truthful while e-mail is not set up on the server (the e-mail waits in its outbox). */
export function verificationToast(to: string, email: ReleaseReadiness['email']) {
  return email === 'smtp'
    ? { title: words('settings.ownerEmail.sent'), description: words('settings.ownerEmail.sentDescription', { to }) }
    : { title: words('settings.ownerEmail.queued'), description: words('settings.ownerEmail.queuedDescription', { to }) };
}

/** The owner's address and whether release notices can reach it, with "Send verification e-mail". */
function OwnerEmailRow({ readiness, onChanged }: { readiness: ReleaseReadiness; onChanged: () => void }) {
  const { t } = useT();
  async function send() {
    try {
      const { to } = await sendVerificationEmail();
      toast(verificationToast(to, readiness.email));
      onChanged();
    } catch (err) {
      toast({ title: t('settings.ownerEmail.couldNotSend'), description: actionErrorText(err), variant: 'destructive' });
    }
  }
  const term = t('settings.ownerEmail.term');
  if (!readiness.ownerEmail) return <Row term={term}>{t('settings.ownerEmail.none')}</Row>;
  if (readiness.ownerEmailVerified) {
    return (
      <Row term={term}>
        <span className="break-all">{readiness.ownerEmail}</span> <Badge color="green">{t('settings.ownerEmail.confirmed')}</Badge> {t('settings.ownerEmail.confirmedText')}
      </Row>
    );
  }
  return (
    <Row term={term}>
      <span className="flex flex-col items-start gap-2">
        <span>
          <span className="break-all">{readiness.ownerEmail}</span> <Badge color="yellow">{t('settings.ownerEmail.notConfirmed')}</Badge>{' '}
          {t('settings.ownerEmail.notConfirmedText')}
        </span>
        <Button variant="outline" size="sm" onClick={() => void send()}>
          {t('settings.ownerEmail.send')}
        </Button>
      </span>
    </Row>
  );
}

/** The server's settings by name, for whoever runs it (README "Configuration"); the owner's words stay above. */
function AdminDetails({ readiness }: { readiness: ReleaseReadiness }) {
  const { t } = useT();
  return (
    <details className="rounded-lg border border-stone-200 p-3 text-sm text-slate-800">
      <summary className="cursor-pointer font-medium text-slate-900">{t('settings.readiness.admin')}</summary>
      <ul className="mt-2 list-disc space-y-1 ps-5">
        {readiness.email !== 'smtp' && <li>{t('settings.readiness.adminSmtp', { smtp: 'SMTP_URL', dataDir: 'DATA_DIR' })}</li>}
        {!readiness.publicUrl && <li>{t('settings.readiness.adminPublicUrl', { publicUrl: 'PUBLIC_URL', linkBase: readiness.linkBase })}</li>}
      </ul>
    </details>
  );
}

export function ReadinessCard({ readiness, failed, onChanged }: { readiness: ReleaseReadiness | null; failed: boolean; onChanged: () => void }) {
  const names = useTrusteeNames();
  const { t } = useT();
  const day = useDay();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">{t('settings.readiness.title')}</CardTitle>
        <CardDescription>{t('settings.readiness.description')}</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {readiness === null ? (
          <p className="text-slate-700">{failed ? <NeedsConnection onRetry={onChanged} /> : t('settings.loading')}</p>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              {readiness.phase === 'released' ? (
                <>
                  <Badge color="gray">{t('settings.release.released')}</Badge>
                  <span className="text-slate-800">{t('settings.readiness.releasedOn', { date: day(readiness.releasedAt!) })}</span>
                </>
              ) : (
                <>
                  {readiness.ready ? <Badge color="green">{t('settings.readiness.ready')}</Badge> : <Badge color="yellow">{t('settings.readiness.notReady')}</Badge>}
                  <span className="text-slate-800">
                    {readiness.ready ? t('settings.readiness.nothingMissing') : t('settings.readiness.needAttention', { n: readiness.missing.length })}
                  </span>
                </>
              )}
            </p>
            <dl className="flex flex-col gap-3">
              <Row term={t('settings.readiness.checkIns')}>
                {readiness.checkInDays === 0
                  ? t('settings.readiness.checkInsOff', { date: day(readiness.lastCheckInAt) })
                  : t('settings.readiness.checkInsEvery', { days: readiness.checkInDays, date: day(readiness.lastCheckInAt) })}
              </Row>
              {readiness.phase !== 'released' && (
                <Row term={t('settings.readiness.nextReminder')}>
                  {readiness.nextReminderAt
                    ? day(readiness.nextReminderAt)
                    : readiness.phase === 'waiting'
                      ? t('settings.readiness.noReminderWaiting')
                      : t('settings.readiness.noReminderOff')}
                </Row>
              )}
              <Row term={t('settings.readiness.email')}>
                {t(readiness.email === 'smtp' ? 'settings.readiness.emailSmtp' : 'settings.readiness.emailNone')}
              </Row>
              <OwnerEmailRow readiness={readiness} onChanged={onChanged} />
              <Row term={t('settings.readiness.links')}>
                {readiness.publicUrl ? t('settings.readiness.linksPublic', { url: readiness.publicUrl }) : t('settings.readiness.linksLocal', { url: readiness.linkBase })}
              </Row>
              {readiness.nextReviewAt && <Row term={t('settings.readiness.review')}>{t('settings.readiness.reviewOn', { date: day(readiness.nextReviewAt) })}</Row>}
            </dl>
            {(readiness.email !== 'smtp' || !readiness.publicUrl) && <AdminDetails readiness={readiness} />}
            <MissingList readiness={readiness} />
            <section aria-labelledby="readiness-trustees">
              <h3 id="readiness-trustees" className="font-semibold text-slate-900">{t('settings.readiness.trustees')}</h3>
              <p className="text-sm text-slate-700">{t('settings.readiness.trusteesText')}</p>
              {readiness.trustees.length === 0 ? (
                <p className="mt-2 text-slate-700">
                  {t('settings.readiness.noTrustees')}{' '}
                  <Link to="/trustees" className="font-medium text-accent-800 underline">
                    {t('settings.readiness.addTrustee')}
                  </Link>
                </p>
              ) : (
                <ul className="divide-y divide-stone-200">
                  {readiness.trustees.map((trustee) => (
                    <TrusteeRow key={trustee.id} trustee={trustee} name={names.get(trustee.id) ?? trustee.email} email={readiness.email} onChanged={onChanged} />
                  ))}
                </ul>
              )}
            </section>
            {readiness.undeliverable.length > 0 && (
              <section aria-labelledby="readiness-undeliverable">
                <h3 id="readiness-undeliverable" className="font-semibold text-slate-900">{t('settings.readiness.undeliverable')}</h3>
                <ul className="mt-2 space-y-1 text-slate-800">
                  {readiness.undeliverable.map((u) => (
                    <li key={u.id}>
                      {t(u.reason === 'refused' ? 'settings.readiness.refused' : 'settings.readiness.unreachable', { subject: u.subject, to: u.to, date: day(u.at) })}
                    </li>
                  ))}
                </ul>
              </section>
            )}
          </>
        )}
      </CardContent>
    </Card>
  );
}
