/**
 * The wording of every release email (DESIGN.md §8). Plain text, plain words: these reach
 * people in grief. Each kind says who it goes to; `{link}` is a single-purpose link minted
 * when the email is sent (release/outbox.ts), so no raw token is ever stored.
 */
import { DEFAULT_LANGUAGE, type Language, isLanguage } from '../../shared/languages';
import { emailSchema } from '../../shared/schema/common';
import type { AccessLevel } from '../../shared/schema/trustee';
import type { SharingCounts } from './emails-sharing';
import { isOwnerKind, ownerEmail } from './emails-owner';
import { isRecipientKind, recipientEmail } from './emails-recipient';
import { trusteeEmail } from './emails-trustee';
import { mailWords } from './mail-i18n';

export const EMAIL_KINDS = [
  'trustee-invite',
  'trustee-welcome',
  'trustee-access',
  'owner-reminder',
  'owner-waiting-started',
  'owner-cancelled',
  'owner-released',
  'owner-review',
  'owner-verify',
  'owner-reset',
  'trustee-yearly',
  'trustee-confirm-death',
  'owner-awaiting-confirmations',
  'delivery',
  'delivery-updated',
  'trustee-handover',
  'owner-emergency-requested',
  'owner-sharing-yearly',
] as const;
export type EmailKind = (typeof EMAIL_KINDS)[number];

/** What the queue stores for each email (no secrets: links are minted at send time). */
export interface EmailParams {
  /** The owner's plain first name: how e-mails call them after the first mention (the last name is sealed, SECURITY.md). */
  ownerName: string;
  /**
   * The owner's name for e-mails (the profile's plain `emailName`, which their device writes:
   * their full name unless they chose the first name only; shared/profile-email-name.ts). E-mails to
   * trustees and recipients name the owner by it in the subject and at first mention, so a trustee
   * with several people of that first name knows which one (issue 38 item 8 d). Set by the queue
   * (service.ts); absent on e-mails queued before it (the first name then).
   */
  ownerFullName?: string;
  /** Base of links (config.linkBase: PUBLIC_URL, else http://localhost:PORT), set at send time. */
  base: string;
  recipientName?: string;
  trusteeId?: string;
  accessLevel?: AccessLevel;
  messageId?: string;
  startedBy?: string;
  endsAt?: number;
  waitingDays?: number;
  reminder?: number;
  /**
   * The trustee's kit token (sync-server/kits/): its page `/kit/<token>` (no fragment; the kit
   * itself is the trustee's) is the link of a "confirm" e-mail, the yearly "check your kit" line,
   * and a kit-released account's access e-mail.
   */
  kitToken?: string;
  /**
   * A trustee's access e-mail of a sealed account that their page cannot open: `no-kits` when it
   * was released with fewer than k trustee kits in force (nothing sealed is released), `no-own-kit`
   * when it was released through kits and this trustee holds none (trustees.ts queueTrusteeAccess).
   */
  cannotOpen?: 'no-kits' | 'no-own-kit';
  /** With `cannotOpen: 'no-kits'`: the owner never made trustee kits (the e-mail gives that reason: catalog `mail.access.noKits`). */
  noKitsMade?: boolean;
  /** A sealed account's trustee invitation: what was sealed opens only with a kit (catalog `mail.invite.kitsOnly`). */
  kitsOnly?: boolean;
  /** An emergency request (sharing/emergency-service.ts): its id, for the link to the app's refusal screen (signed in, no token). */
  requestId?: string;
  /** The yearly sharing reminder's counts (sharing/yearly-reminder.ts): numbers only, never who or what. */
  sharing?: SharingCounts;
  /**
   * The reader's language (shared/languages.ts; issue 44): set by the queue (service.ts
   * `readerLanguage`) for every e-mail, the one its params chose else the account's; absent on
   * e-mails queued before it (English).
   */
  lang?: string;
}

/** What every e-mail is queued with about its owner (service.ts `queue`; rehearsal.ts): the plain first name and the name for e-mails. */
export const ownerParams = (o: { firstName: string; emailName: string }): Pick<EmailParams, 'ownerName' | 'ownerFullName'> => ({
  ownerName: o.firstName,
  ownerFullName: o.emailName,
});

/** The owner in a subject and at first mention in an e-mail to a trustee or recipient: the name for e-mails, else the first name. */
const who = (p: { ownerName: string; ownerFullName?: string }) => p.ownerFullName || p.ownerName;

/** True when `v` is an address we can send to (the schema's e-mail rule; records may hold anything). */
export const sendableAddress = (v: unknown): v is string => typeof v === 'string' && emailSchema.safeParse(v).success;

/** The e-mails whose failure the owner must see in the app's banner (issue #16). */
export const CRITICAL_OWNER_KINDS: readonly EmailKind[] = ['owner-waiting-started'];

/** A sealed value as stored (shared/crypto/envelope.ts `v1.<kid>.<nonce>.<ct>`): the server cannot read it. */
const ENVELOPE_RE = /^v1\.[A-Za-z0-9:_-]+~[0-9]+\.[A-Za-z0-9_-]+\.[A-Za-z0-9_-]+$/;

/**
 * A name as one line of plain text: control characters (line breaks included) become spaces. A
 * sealed account's names are envelopes (shared/crypto/fields.ts): never shown (undefined), so an
 * e-mail says "Hello," and a page leaves the name out.
 */
const plainName = (s: string | null | undefined): string | undefined =>
  s && ENVELOPE_RE.test(s) ? undefined : (s ?? undefined)?.replace(/[\u0000-\u001f\u007f-\u009f\u2028\u2029]+/g, ' ').trim();
const oneLine = plainName;

/** Shown in place of a link in a rehearsal (Settings, "Rehearse the release"): nothing is minted, so nothing can work. */
export const PREVIEW_LINK = '(preview — no link is made)';

/**
 * What a recipient's delivery e-mail is queued with (deliveries.ts) and previewed with
 * (rehearsal.ts): the message's id, never a name (a recipient's name is sealed: "Hello,"), and the
 * recipient's language when the owner chose one.
 */
export const deliveryEmailParams = (m: { id: string; recipientLanguage?: string | null }): Partial<EmailParams> => ({
  messageId: m.id,
  ...chosenLanguageParams(m.recipientLanguage),
});

/**
 * The params naming a trustee's or a recipient's language as the owner chose it (a record's plain
 * `language` / `recipientLanguage`, issue 44); none when not chosen, so the queue's default, the
 * account's language, applies (service.ts `queue`).
 */
export const chosenLanguageParams = (lang: string | null | undefined): Partial<EmailParams> => (lang ? { lang } : {});

/** What a trustee's access e-mail at release is queued with (trustees.ts) and previewed with (rehearsal.ts). */
export const trusteeAccessParams = (t: { id: string; accessLevel: AccessLevel }): Partial<EmailParams> => ({ trusteeId: t.id, accessLevel: t.accessLevel });

/** The language an e-mail is written in (its HTML part's `<html lang dir>`): the reader's (`params.lang`), English when none or unknown. */
export const emailLanguage = (params: Pick<EmailParams, 'lang'>): Language => (isLanguage(params.lang) ? params.lang : DEFAULT_LANGUAGE);

/** Subject and text of one email. `link` is the minted link, when the kind has one. */
export function renderEmail(kind: EmailKind, params: EmailParams, link?: string): { subject: string; text: string } {
  const p = { ...params, ownerName: oneLine(params.ownerName) || 'Someone', ownerFullName: oneLine(params.ownerFullName), recipientName: oneLine(params.recipientName), startedBy: oneLine(params.startedBy) };
  if (isOwnerKind(kind)) return ownerEmail(kind, p, mailWords(p.lang), link);
  if (isRecipientKind(kind)) return recipientEmail(kind, { ...p, owner: who(p) }, mailWords(p.lang), link);
  // A rehearsal (link = PREVIEW_LINK) shows no working link of any kind, a kit page's included.
  const kitLink = p.kitToken ? (link === PREVIEW_LINK ? PREVIEW_LINK : `${p.base}/kit/${p.kitToken}`) : undefined;
  return trusteeEmail(kind, { ...p, owner: who(p) }, mailWords(p.lang), link, kitLink);
}
