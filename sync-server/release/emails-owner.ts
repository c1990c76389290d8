/**
 * The words of the e-mails to the owner (issue 44): password reset, address confirmation, check-in
 * reminders, the waiting period's notices, the release, the yearly review, an emergency request,
 * the yearly sharing reminder (./emails-sharing.ts),
 * in the account's language (catalog namespace `mail`, web/i18n/catalogs/<lang>/mail.json, through
 * ./mail-i18n.ts). English is the words these e-mails had before, word for word. Dates are
 * shared/intl-format.ts's in that language, in UTC and saying so (the server does not know the
 * reader's zone). Rendered by emails.ts `renderEmail`.
 */
import { formatDateTime } from '../../shared/intl-format';
import { type MailWords, letter } from './mail-i18n';
import { type SharingCounts, sharingYearlyEmail } from './emails-sharing';

/** The owner's e-mails this module writes. */
export const OWNER_KINDS = [
  'owner-reminder',
  'owner-waiting-started',
  'owner-emergency-requested',
  'owner-cancelled',
  'owner-released',
  'owner-awaiting-confirmations',
  'owner-review',
  'owner-verify',
  'owner-reset',
  'owner-sharing-yearly',
] as const;
export type OwnerKind = (typeof OWNER_KINDS)[number];

/** True when `kind` is one of OWNER_KINDS. */
export const isOwnerKind = (kind: string): kind is OwnerKind => (OWNER_KINDS as readonly string[]).includes(kind);

/** What an owner's e-mail reads of its params (emails.ts EmailParams, names already made one line). */
export interface OwnerEmailParams {
  base: string;
  recipientName?: string;
  startedBy?: string;
  endsAt?: number;
  waitingDays?: number;
  reminder?: number;
  requestId?: string;
  sharing?: SharingCounts;
}

/** Subject and text of the owner's e-mail `kind` in `w`'s language; `link` is its minted link, when it has one. */
export function ownerEmail(kind: OwnerKind, p: OwnerEmailParams, w: MailWords, link?: string): { subject: string; text: string } {
  const date = (ms: number) => formatDateTime(ms, w.lang, { timeZone: 'UTC' });
  const releaseAsSetUp = w.t('mail.releaseAsSetUp');
  const mail = (subject: string, body: string) => ({ subject: w.t(subject), text: letter(w, p.recipientName, body) });
  const reported = p.startedBy !== undefined;
  switch (kind) {
    case 'owner-reminder':
      return mail('mail.reminder.subject', w.t('mail.reminder.body', { n: String(p.reminder ?? 1), link: link ?? '', releaseAsSetUp }));
    case 'owner-waiting-started':
      return mail(
        'mail.waitingStarted.subject',
        `${reported ? w.t('mail.waitingStarted.reported', { startedBy: p.startedBy! }) : w.t('mail.waitingStarted.lapsed')}\n\n${w.t('mail.waitingStarted.body', {
          days: p.waitingDays ?? 0,
          endsAt: date(p.endsAt ?? 0),
          releaseAsSetUp,
          link: link ?? '',
        })}`,
      );
    case 'owner-emergency-requested':
      // Who asked, when the wait ends, and how to refuse (issue 43): the link opens the app's refusal screen, signed in.
      return mail(
        'mail.emergency.subject',
        `${p.startedBy ? w.t('mail.emergency.askedBy', { name: p.startedBy }) : w.t('mail.emergency.asked')}\n\n${w.t('mail.emergency.body', {
          from: date(p.endsAt ?? 0),
          link: `${p.base}/emergency/${p.requestId ?? ''}`,
        })}`,
      );
    case 'owner-cancelled':
      return mail('mail.cancelled.subject', w.t('mail.cancelled.body', { link: `${p.base}/settings` }));
    case 'owner-released':
      return mail('mail.released.subject', reported ? w.t('mail.released.reported', { startedBy: p.startedBy! }) : w.t('mail.released.lapsed'));
    case 'owner-awaiting-confirmations':
      return mail('mail.awaiting.subject', w.t('mail.awaiting.body', { link: link ?? '' }));
    case 'owner-review':
      return mail('mail.review.subject', w.t('mail.review.body', { link: `${p.base}/settings` }));
    case 'owner-verify':
      return mail('mail.verify.subject', w.t('mail.verify.body', { link: link ?? '' }));
    case 'owner-reset':
      return mail('mail.reset.subject', w.t('mail.reset.body', { link: link ?? '' }));
    case 'owner-sharing-yearly':
      return mail('mail.sharing.subject', sharingYearlyEmail(p.sharing ?? { items: 0, links: 0, trustees: 0, emergencyItems: 0 }, w, p.base));
  }
}
