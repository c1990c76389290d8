/**
 * The words of a trustee's first e-mails (issue 44): the invitation and the thank-you after it is
 * accepted, in the trustee's language as the owner chose it (the trustee's plain `language`), else
 * the account's (the queue's default, service.ts). Catalog namespace `mail` through ./mail-i18n.ts;
 * English is the words these e-mails had before, word for word. Rendered by emails.ts `renderEmail`.
 * The trustee's later e-mails (access at release, yearly, confirm, hand-over) are still English.
 */
import type { AccessLevel } from '../../shared/schema/trustee';
import { type MailWords, letter } from './mail-i18n';

/** The trustee's e-mails this module writes. */
export const TRUSTEE_KINDS = ['trustee-invite', 'trustee-welcome'] as const;
export type TrusteeKind = (typeof TRUSTEE_KINDS)[number];

/** True when `kind` is one of TRUSTEE_KINDS. */
export const isTrusteeKind = (kind: string): kind is TrusteeKind => (TRUSTEE_KINDS as readonly string[]).includes(kind);

/** The catalog id of what a trustee of each access level sees, pronoun-free (issue 38 item 8). */
export const ACCESS_WORD_IDS: Record<AccessLevel, string> = {
  full: 'mail.access.full',
  'documents-only': 'mail.access.documentsOnly',
  'messages-only': 'mail.access.messagesOnly',
};

/**
 * Subject and text of trustee e-mail `kind` in `w`'s language: `owner` names the owner in the
 * subject and at first mention (the name for e-mails), `ownerName` after (the first name).
 */
export function trusteeEmail(
  kind: TrusteeKind,
  p: { owner: string; ownerName: string; recipientName?: string; accessLevel?: AccessLevel; kitsOnly?: boolean },
  w: MailWords,
  link?: string,
): { subject: string; text: string } {
  const values = { owner: p.owner, ownerName: p.ownerName, link: link ?? '' };
  if (kind === 'trustee-welcome') return { subject: w.t('mail.welcome.subject', values), text: letter(w, p.recipientName, w.t('mail.welcome.body', values)) };
  const kitsOnly = p.kitsOnly ? ` ${w.t('mail.invite.kitsOnly', values)}` : '';
  const body = w.t('mail.invite.body', { ...values, access: w.t(ACCESS_WORD_IDS[p.accessLevel ?? 'full']), kitsOnly });
  return { subject: w.t('mail.invite.subject', values), text: letter(w, p.recipientName, body) };
}
