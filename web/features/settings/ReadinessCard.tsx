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
import { ACCESS_LEVEL_COLORS, ACCESS_LEVEL_LABELS, formatLongDate } from '../../../shared/labels';
import type { ReleaseReadiness, ReleaseTrustee } from '../../../shared/schema/release';
import { Badge, type BadgeColor } from '../../ui/Badge';
import { Button } from '../../ui/Button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '../../ui/Card';
import { toast } from '../../ui/toast-store';
import { useCollection } from '../../db/hooks';
import { RELEASED_WORDS, resendInvitation, sendVerificationEmail } from '../release';
import { actionErrorText, NeedsConnection } from './connection';

const INVITATION: Record<ReleaseTrustee['invitation'], { label: string; color: BadgeColor }> = {
  pending: { label: 'Invitation pending', color: 'gray' },
  invited: { label: 'Invited', color: 'yellow' },
  accepted: { label: 'Accepted', color: 'green' },
};

const day = formatLongDate;

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
    ? { title: 'Invitation sent again', description: `${name} will receive a new link.` }
    : { title: 'Invitation queued', description: `E-mail is not set up on this server yet: ${name} will receive a new link once it is.` };
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
function TrusteeRow({ t, name, email, onChanged }: { t: ReleaseTrustee; name: string; email: ReleaseReadiness['email']; onChanged: () => void }) {
  async function resend() {
    try {
      await resendInvitation(t.id);
      toast(resentToast(name, email));
      onChanged();
    } catch (err) {
      toast({ title: 'Could not resend', description: actionErrorText(err), variant: 'destructive' });
    }
  }
  const detail = [
    t.invitedAt && t.invitation === 'invited' ? `Invited ${day(t.invitedAt)}` : null,
    t.acceptedAt ? `Accepted ${day(t.acceptedAt)}` : null,
    t.confirmedAt ? `Last confirmed ${day(t.confirmedAt)}` : null,
  ].filter(Boolean);
  return (
    <li className="flex flex-col gap-2 py-3 sm:flex-row sm:items-center sm:justify-between">
      <div className="min-w-0">
        <p className="font-medium text-slate-900">{name}</p>
        <p className="truncate text-sm text-slate-700">{t.email}</p>
        {detail.length > 0 && <p className="text-sm text-slate-700">{detail.join(' · ')}</p>}
      </div>
      <div className="flex flex-wrap items-center gap-2">
        <Badge color={ACCESS_LEVEL_COLORS[t.accessLevel]}>{ACCESS_LEVEL_LABELS[t.accessLevel]}</Badge>
        <Badge color={INVITATION[t.invitation].color}>{INVITATION[t.invitation].label}</Badge>
        {t.bouncedAt && <Badge color="red">E-mail bounced</Badge>}
        {t.invitation === 'invited' && (
          <Button variant="outline" size="sm" onClick={() => void resend()} aria-label={`Resend invitation to ${name}`}>
            Resend invitation
          </Button>
        )}
      </div>
    </li>
  );
}

/** The verification toast: truthful while e-mail is not set up on the server (the e-mail waits in its outbox). */
export function verificationToast(to: string, email: ReleaseReadiness['email']) {
  return email === 'smtp'
    ? { title: 'Verification e-mail sent', description: `Follow the link we sent to ${to} to confirm it.` }
    : { title: 'Verification e-mail queued', description: `E-mail is not set up on this server yet: the link will reach ${to} once it is.` };
}

/** The owner's address and whether release notices can reach it, with "Send verification e-mail". */
function OwnerEmailRow({ readiness, onChanged }: { readiness: ReleaseReadiness; onChanged: () => void }) {
  async function send() {
    try {
      const { to } = await sendVerificationEmail();
      toast(verificationToast(to, readiness.email));
      onChanged();
    } catch (err) {
      toast({ title: 'Could not send', description: actionErrorText(err), variant: 'destructive' });
    }
  }
  if (!readiness.ownerEmail) return <Row term="Your e-mail">None: add one on your Profile page, so we can remind you and warn you.</Row>;
  if (readiness.ownerEmailVerified) {
    return (
      <Row term="Your e-mail">
        <span className="break-all">{readiness.ownerEmail}</span> <Badge color="green">Confirmed</Badge> Reminders and warnings reach you there.
      </Row>
    );
  }
  return (
    <Row term="Your e-mail">
      <span className="flex flex-col items-start gap-2">
        <span>
          <span className="break-all">{readiness.ownerEmail}</span> <Badge color="yellow">Not confirmed</Badge> Release notices cannot reach you until you
          confirm this address with the link we e-mail you.
        </span>
        <Button variant="outline" size="sm" onClick={() => void send()}>
          Send verification e-mail
        </Button>
      </span>
    </Row>
  );
}

/** The server's settings by name, for whoever runs it (README "Configuration"); the owner's words stay above. */
function AdminDetails({ readiness }: { readiness: ReleaseReadiness }) {
  return (
    <details className="rounded-lg border border-stone-200 p-3 text-sm text-slate-800">
      <summary className="cursor-pointer font-medium text-slate-900">For the server&apos;s administrator</summary>
      <ul className="mt-2 list-disc space-y-1 pl-5">
        {readiness.email !== 'smtp' && <li>SMTP_URL is not set: release e-mails are written to the outbox folder under DATA_DIR and sent to no one.</li>}
        {!readiness.publicUrl && <li>PUBLIC_URL is not set: links in e-mails use {readiness.linkBase} and will not work from other machines.</li>}
      </ul>
    </details>
  );
}

export function ReadinessCard({ readiness, failed, onChanged }: { readiness: ReleaseReadiness | null; failed: boolean; onChanged: () => void }) {
  const names = useTrusteeNames();
  return (
    <Card>
      <CardHeader>
        <CardTitle as="h2">Would your plan work today?</CardTitle>
        <CardDescription>Everything your messages and trustees depend on, checked by the server.</CardDescription>
      </CardHeader>
      <CardContent className="flex flex-col gap-5">
        {readiness === null ? (
          <p className="text-slate-700">{failed ? <NeedsConnection onRetry={onChanged} /> : 'Loading…'}</p>
        ) : (
          <>
            <p className="flex flex-wrap items-center gap-2">
              {readiness.phase === 'released' ? (
                <>
                  <Badge color="gray">Released</Badge>
                  <span className="text-slate-800">
                    Your plan was released on {day(readiness.releasedAt!)}: {RELEASED_WORDS}.
                  </span>
                </>
              ) : (
                <>
                  {readiness.ready ? <Badge color="green">Ready</Badge> : <Badge color="yellow">Not ready yet</Badge>}
                  <span className="text-slate-800">
                    {readiness.ready ? 'Nothing is missing.' : `${readiness.missing.length} ${readiness.missing.length === 1 ? 'thing needs' : 'things need'} your attention.`}
                  </span>
                </>
              )}
            </p>
            <dl className="flex flex-col gap-3">
              <Row term="Check-ins">
                {readiness.checkInDays === 0 ? 'Off' : `Every ${readiness.checkInDays} days`}; last check-in {day(readiness.lastCheckInAt)}
              </Row>
              {readiness.phase !== 'released' && (
                <Row term="Next reminder">
                  {readiness.nextReminderAt
                    ? day(readiness.nextReminderAt)
                    : readiness.phase === 'waiting'
                      ? 'None (a waiting period is running)'
                      : 'None (check-ins are off)'}
                </Row>
              )}
              <Row term="E-mail">
                {readiness.email === 'smtp' ? 'Set up: release e-mails are sent.' : 'Not set up yet: release e-mails cannot reach anyone.'}
              </Row>
              <OwnerEmailRow readiness={readiness} onChanged={onChanged} />
              <Row term="Links in e-mails">
                {readiness.publicUrl ? `Point to ${readiness.publicUrl}.` : `Point to ${readiness.linkBase}, an address other people cannot reach yet.`}
              </Row>
              {readiness.nextReviewAt && <Row term="Yearly review">We will ask you to review your plan on {day(readiness.nextReviewAt)}.</Row>}
            </dl>
            {(readiness.email !== 'smtp' || !readiness.publicUrl) && <AdminDetails readiness={readiness} />}
            {readiness.missing.length > 0 && (
              <section aria-labelledby="readiness-missing">
                <h3 id="readiness-missing" className="font-semibold text-slate-900">What is missing</h3>
                <ul className="mt-2 list-disc space-y-1 pl-5 text-slate-800">
                  {readiness.missing.map((m) => (
                    <li key={m}>{m}</li>
                  ))}
                </ul>
              </section>
            )}
            <section aria-labelledby="readiness-trustees">
              <h3 id="readiness-trustees" className="font-semibold text-slate-900">Trustees</h3>
              <p className="text-sm text-slate-700">
                Each trustee is e-mailed an invitation to accept, and once a year a note that they are still your trustee. Only a trustee who has
                accepted can report your passing; every trustee is given access when your account is released.
              </p>
              {readiness.trustees.length === 0 ? (
                <p className="mt-2 text-slate-700">
                  No trustees yet. <Link to="/trustees" className="font-medium text-accent-800 underline">Add a trustee</Link>
                </p>
              ) : (
                <ul className="divide-y divide-stone-200">
                  {readiness.trustees.map((t) => (
                    <TrusteeRow key={t.id} t={t} name={names.get(t.id) ?? t.email} email={readiness.email} onChanged={onChanged} />
                  ))}
                </ul>
              )}
            </section>
            {readiness.undeliverable.length > 0 && (
              <section aria-labelledby="readiness-undeliverable">
                <h3 id="readiness-undeliverable" className="font-semibold text-slate-900">E-mails that could not be delivered</h3>
                <ul className="mt-2 space-y-1 text-slate-800">
                  {readiness.undeliverable.map((u) => (
                    <li key={u.id}>
                      “{u.subject}” to {u.to}, {day(u.at)}: {u.reason === 'refused' ? 'the mail server refused it.' : 'no mail server could be reached for days.'}
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
