/**
 * The words of the e-mails to a letter's recipient (issue 44): the letter itself and its update,
 * in the recipient's language as the owner chose it (the message's plain `recipientLanguage`),
 * else the account's (the queue's default, service.ts). Catalog namespace `mail` through
 * ./mail-i18n.ts; English is the words these e-mails had before, word for word. Rendered by
 * emails.ts `renderEmail`.
 */
import { type MailWords, letter } from './mail-i18n';

/** The recipient's e-mails this module writes. */
export const RECIPIENT_KINDS = ['delivery', 'delivery-updated'] as const;
export type RecipientKind = (typeof RECIPIENT_KINDS)[number];

/** True when `kind` is one of RECIPIENT_KINDS. */
export const isRecipientKind = (kind: string): kind is RecipientKind => (RECIPIENT_KINDS as readonly string[]).includes(kind);

/**
 * Subject and text of recipient e-mail `kind` in `w`'s language: `owner` names the owner in the
 * subject and at first mention (the name for e-mails), `ownerName` after (the first name);
 * `recipientName` is absent for a sealed name ("Hello,").
 */
export function recipientEmail(
  kind: RecipientKind,
  p: { owner: string; ownerName: string; recipientName?: string },
  w: MailWords,
  link?: string,
): { subject: string; text: string } {
  const values = { owner: p.owner, ownerName: p.ownerName, link: link ?? '' };
  return kind === 'delivery'
    ? { subject: w.t('mail.delivery.subject', values), text: letter(w, p.recipientName, w.t('mail.delivery.body', values)) }
    : { subject: w.t('mail.deliveryUpdated.subject', values), text: letter(w, p.recipientName, w.t('mail.deliveryUpdated.body', values)) };
}
