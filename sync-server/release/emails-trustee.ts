/**
 * The words of a trustee's e-mails (issue 44): the invitation and the thank-you after it is
 * accepted, then the later ones (access at release, the yearly note, the request to confirm a death
 * with their kit, a letter to hand over), in the trustee's language as the owner chose it (the
 * trustee's plain `language`), else the account's (the queue's default, service.ts). Catalog
 * namespace `mail` through ./mail-i18n.ts; English is the words these e-mails had before, word for
 * word (emails-trustee-later.test.ts). Rendered by emails.ts `renderEmail`.
 */
import type { AccessLevel } from '../../shared/schema/trustee';
import { type MailWords, letter } from './mail-i18n';

/** The trustee's e-mails this module writes. */
export const TRUSTEE_KINDS = ['trustee-invite', 'trustee-welcome', 'trustee-access', 'trustee-yearly', 'trustee-confirm-death', 'trustee-handover'] as const;
export type TrusteeKind = (typeof TRUSTEE_KINDS)[number];

/** The catalog id of what a trustee of each access level sees, pronoun-free (issue 38 item 8). */
const ACCESS_WORD_IDS: Record<AccessLevel, string> = {
  full: 'mail.access.full',
  'documents-only': 'mail.access.documentsOnly',
  'messages-only': 'mail.access.messagesOnly',
};

/** What a trustee's e-mail reads of its params (emails.ts EmailParams, names already made one line). */
export interface TrusteeEmailParams {
  /** The owner in the subject and at first mention (the name for e-mails). */
  owner: string;
  /** The owner after that (the first name). */
  ownerName: string;
  recipientName?: string;
  accessLevel?: AccessLevel;
  kitsOnly?: boolean;
  cannotOpen?: 'no-kits' | 'no-own-kit';
  noKitsMade?: boolean;
}

/**
 * Why a sealed account's trustee cannot open what was left (the access e-mail's `cannotOpen`), in
 * `w`'s language: released with fewer than k kits in force (`kitsMade` false when none were ever
 * made), or through kits that this trustee holds none of. web/release/open.ts says the same on the page.
 */
const cannotOpenLine = (w: MailWords, why: 'no-kits' | 'no-own-kit', ownerName: string, kitsMade: boolean) =>
  why === 'no-kits' ? w.t('mail.access.noKits', { ownerName, kitsMade: kitsMade ? 'yes' : 'no' }) : w.t('mail.access.noOwnKit', { ownerName });

/** The access e-mail at release: what the trustee may now see and where, or why nothing sealed opens. */
function accessBody(p: TrusteeEmailParams, w: MailWords, link: string, kitLink: string | undefined): string {
  const values = { owner: p.owner, ownerName: p.ownerName };
  const takeTime = w.t('mail.access.takeTime');
  if (p.cannotOpen) {
    const why = cannotOpenLine(w, p.cannotOpen, p.ownerName, !p.noKitsMade);
    const page = w.t('mail.access.samePage', { ...values, documentsOnly: p.accessLevel === 'documents-only' ? 'yes' : 'no', link });
    return `${w.t('mail.access.cannotOpen', { ...values, why })}\n\n${page}\n\n${takeTime}`;
  }
  const available = w.t('mail.access.available', { ...values, access: w.t(ACCESS_WORD_IDS[p.accessLevel ?? 'full']) });
  const where = kitLink ? w.t('mail.access.kitLink', { ...values, link: kitLink }) : w.t('mail.access.link', { link });
  return `${available}\n\n${where}\n\n${takeTime}`;
}

/**
 * Subject and text of trustee e-mail `kind` in `w`'s language; `link` is its minted link, when it
 * has one, and `kitLink` the trustee's kit page (a kit's access, the yearly check, a confirmation,
 * a hand-over), when they hold a kit.
 */
export function trusteeEmail(kind: TrusteeKind, p: TrusteeEmailParams, w: MailWords, link?: string, kitLink?: string): { subject: string; text: string } {
  const values = { owner: p.owner, ownerName: p.ownerName, link: link ?? '' };
  const mail = (id: string, body: string) => ({ subject: w.t(`mail.${id}.subject`, values), text: letter(w, p.recipientName, body) });
  switch (kind) {
    case 'trustee-welcome':
      return mail('welcome', w.t('mail.welcome.body', values));
    case 'trustee-invite': {
      const kitsOnly = p.kitsOnly ? ` ${w.t('mail.invite.kitsOnly', values)}` : '';
      return mail('invite', w.t('mail.invite.body', { ...values, access: w.t(ACCESS_WORD_IDS[p.accessLevel ?? 'full']), kitsOnly }));
    }
    case 'trustee-access':
      return mail('access', accessBody(p, w, link ?? '', kitLink));
    case 'trustee-yearly': {
      const kit = kitLink ? `${w.t('mail.yearly.kit', { ...values, link: kitLink })}\n\n` : '';
      return mail('yearly', `${w.t('mail.yearly.body', values)}\n\n${kit}${w.t('mail.yearly.noLonger', values)}`);
    }
    case 'trustee-confirm-death':
      return mail('confirmDeath', w.t('mail.confirmDeath.body', { ...values, link: kitLink ?? '' }));
    case 'trustee-handover':
      return mail('handover', w.t('mail.handover.body', { ...values, link: kitLink ?? link ?? '' }));
  }
}
