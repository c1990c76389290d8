/**
 * The wording of every release email (DESIGN.md §8). Plain text, plain words: these reach
 * people in grief. Each kind says who it goes to; `{link}` is a single-purpose link minted
 * when the email is sent (release/outbox.ts), so no raw token is ever stored.
 */
import { emailSchema } from '../../shared/schema/common';
import type { AccessLevel } from '../../shared/schema/trustee';
import { formatLongDateTime } from '../../shared/dates';
import { whySealedStaysShut } from '../../shared/release/without-kits';
import { sharingYearlyEmail, type SharingCounts } from './emails-sharing';

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
  /** With `cannotOpen: 'no-kits'`: the owner never made trustee kits (whySealedStaysShut). */
  noKitsMade?: boolean;
  /** A sealed account's trustee invitation: what was sealed opens only with a kit (KITS_ONLY_INVITE_LINE). */
  kitsOnly?: boolean;
  /** An emergency request (sharing/emergency-service.ts): its id, for the link to the app's refusal screen (signed in, no token). */
  requestId?: string;
  /** The yearly sharing reminder's counts (sharing/yearly-reminder.ts): numbers only, never who or what. */
  sharing?: SharingCounts;
}

/** A moment in an e-mail: en-US long format, in UTC and saying so (SPEC.md §9; the server does not know the reader's zone). */
const date = (ms: number) => formatLongDateTime(ms, { timeZone: 'UTC' });

/**
 * What the end of a waiting period does, in the owner's e-mails (release/state-machine.ts): with a
 * current generation of trustee kits it asks the trustees to confirm first; a release tells the
 * trustees (who open what was sealed only with their kits) and sends each message as chosen.
 */
const RELEASE_AS_SET_UP =
  'your plan is released as you set it up: your messages reach the people you wrote them for, and your trustees are told (if your trustee kits are in use, enough of your trustees must first confirm with their kits)';

/** What a trustee of each access level sees, pronoun-free (issue 38 item 8). */
const ACCESS_WORDS: Record<AccessLevel, string> = {
  full: 'the after-death plan, the documents, the checklist of tasks for the family, and the list of messages (never the messages themselves)',
  'documents-only': 'the documents on the list',
  'messages-only': 'the list of messages and whether each has been delivered, so you can resend one if it goes astray',
};

/** What every e-mail is queued with about its owner (service.ts `queue`; rehearsal.ts): the plain first name and the name for e-mails. */
export const ownerParams = (o: { firstName: string; emailName: string }): Pick<EmailParams, 'ownerName' | 'ownerFullName'> => ({
  ownerName: o.firstName,
  ownerFullName: o.emailName,
});

/** The owner in a subject and at first mention in an e-mail to a trustee or recipient: the name for e-mails, else the first name. */
const who = (p: { ownerName: string; ownerFullName?: string }) => p.ownerFullName || p.ownerName;

const SIGN_OFF = '\n\nWith care,\nAfterword';

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
 * (rehearsal.ts): the message's id, never a name (a recipient's name is sealed: "Hello,").
 */
export const deliveryEmailParams = (m: { id: string }): Partial<EmailParams> => ({ messageId: m.id });

/** What a trustee's access e-mail at release is queued with (trustees.ts) and previewed with (rehearsal.ts). */
export const trusteeAccessParams = (t: { id: string; accessLevel: AccessLevel }): Partial<EmailParams> => ({ trusteeId: t.id, accessLevel: t.accessLevel });

/**
 * The trustee access e-mail's words for a sealed account released with fewer than k trustee kits
 * in force: nothing sealed opens (issue "Release through trustees' key shares", constraint "The
 * escrow ends"), and what can still be done. The trustee page says the same (web/release/open.ts NO_KITS_TEXT).
 */
export const NO_KITS_EMAIL_LINE = (owner: string, kitsMade: boolean) =>
  `What ${owner} sealed for trustees (the plan, documents and tasks) cannot be opened. ${whySealedStaysShut(owner, kitsMade)} The messages ${owner} wrote to people are still sent to them by e-mail. If ${owner} left a recovery kit (a printed page with a recovery code) with the family papers, it opens the account together with its e-mail address: choose “Forgot password?” on Afterword’s sign-in page.`;

/** The invitation's words for a sealed account's trustee: what was sealed opens only with a kit the owner gives them (issue "Release through trustees' key shares"). */
export const KITS_ONLY_INVITE_LINE = (owner: string) =>
  `What ${owner} seals on Afterword opens only with a trustee kit, which ${owner} gives you in person or by e-mail: without enough kits among the trustees it cannot be opened, though ${owner}’s messages still reach the people they are for.`;

/** The access e-mail's words, after a release through kits, for a trustee who holds no kit (web/release/open.ts NO_OWN_KIT_TEXT). */
export const NO_OWN_KIT_EMAIL_LINE = (owner: string) =>
  `${owner} gave you no trustee kit (perhaps you were named after the kits were made), and what ${owner} left opens only with a kit. A trustee who holds a kit with full access can open it with that kit and share with you what you need. The messages ${owner} wrote to people still reach them.`;

/** Subject and text of one email. `link` is the minted link, when the kind has one. */
export function renderEmail(kind: EmailKind, params: EmailParams, link?: string): { subject: string; text: string } {
  const p = { ...params, ownerName: oneLine(params.ownerName) || 'Someone', ownerFullName: oneLine(params.ownerFullName), recipientName: oneLine(params.recipientName), startedBy: oneLine(params.startedBy) };
  const hello = (name?: string) => (name ? `Dear ${name},` : 'Hello,');
  // A rehearsal (link = PREVIEW_LINK) shows no working link of any kind, a kit page's included.
  const kitLink = p.kitToken ? (link === PREVIEW_LINK ? PREVIEW_LINK : `${p.base}/kit/${p.kitToken}`) : undefined;
  switch (kind) {
    case 'trustee-invite':
      return {
        subject: `${who(p)} has asked you to be a trustee`,
        text: `${hello(p.recipientName)}

${who(p)} has named you as a trustee on Afterword, where ${p.ownerName} keeps a plan, messages and documents for family and friends, for when the time comes.

Being a trustee means that, when ${p.ownerName} dies, you can let us know. We then wait, and ask ${p.ownerName} to confirm, before anything is shared. After that you will be able to see ${ACCESS_WORDS[p.accessLevel ?? 'full']}. Nothing is shared with you before then.${p.kitsOnly ? ` ${KITS_ONLY_INVITE_LINE(p.ownerName)}` : ''}

If you are willing, please accept here (the link works for 14 days; if it has expired, ask ${p.ownerName} to send it again):
${link}

If you weren't expecting this, or would rather not, you can simply ignore this email.${SIGN_OFF}`,
      };
    case 'trustee-welcome':
      return {
        subject: `Thank you for being ${who(p)}'s trustee`,
        text: `${hello(p.recipientName)}

Thank you for agreeing to be the trustee of ${who(p)}. There is nothing you need to do now.

Please keep this email. If ${p.ownerName} dies, open this link to tell us (it works for as long as you are ${p.ownerName}'s trustee):
${link}

We will then wait before anything is shared, and first ask ${p.ownerName} whether all is well. The link is just for you; please don't forward it.${SIGN_OFF}`,
      };
    case 'trustee-access':
      if (p.cannotOpen) {
        return {
          subject: `What ${who(p)} left for you`,
          text: `${hello(p.recipientName)}

We are very sorry for your loss. ${who(p)} named you as a trustee. ${p.cannotOpen === 'no-kits' ? NO_KITS_EMAIL_LINE(p.ownerName, !p.noKitsMade) : NO_OWN_KIT_EMAIL_LINE(p.ownerName)}

${p.accessLevel === 'documents-only' ? 'This page says the same' : `This page says the same, and shows whether each message ${p.ownerName} left has been sent, so you can send a link again if one goes astray`} (the link works for 90 days and is just for you):
${link}

Take whatever time you need.${SIGN_OFF}`,
        };
      }
      return {
        subject: `What ${who(p)} left for you`,
        text: `${hello(p.recipientName)}

We are very sorry for your loss. ${who(p)} named you as a trustee, and what ${p.ownerName} prepared is now available to you: ${ACCESS_WORDS[p.accessLevel ?? 'full']}.

${
  kitLink
    ? `You can see it here, with the trustee kit ${p.ownerName} gave you (the saved link, or the code on the printed kit):
${kitLink}`
    : `You can see it here (the link works for 90 days and is just for you):
${link}`
}

Take whatever time you need.${SIGN_OFF}`,
      };
    case 'owner-reminder':
      return {
        subject: 'A gentle reminder to check in with Afterword',
        text: `${hello(p.recipientName)}

We haven't heard from you on Afterword for a while. Your check-in settings ask us to make sure you are well, so this is reminder ${p.reminder ?? 1} of 3.

If you are well, press this link and then "I'm here" (it works for 14 days):
${link}

Opening Afterword and using it counts too, and so does signing in. A device that is simply left signed in does not.

If we don't hear from you, a waiting period will begin, and after it ${RELEASE_AS_SET_UP}. You can change or turn off check-ins in Settings.${SIGN_OFF}`,
      };
    case 'owner-waiting-started':
      return {
        subject: 'A waiting period has started on your Afterword account',
        text: `${hello(p.recipientName)}

${
  p.startedBy === undefined
    ? "You have not checked in with Afterword for a while, and our three reminders had no answer, so, as your check-in settings ask, we have started the steps towards sharing your plan. If you are reading this, you are most likely just busy or away, and one press is enough to stop them."
    : `${p.startedBy}, one of your trustees, has told us that you have died. If you are reading this, we hope that isn't so.`
}

A waiting period of ${p.waitingDays} days has begun. It ends on ${date(p.endsAt ?? 0)}. When it ends, ${RELEASE_AS_SET_UP}.

If you are still here, press this link and then the button on the page:
${link}

Or sign in to Afterword and press "I'm still here". Nothing will be shared.${SIGN_OFF}`,
      };
    case 'owner-emergency-requested':
      // Who asked, when the wait ends, and how to refuse (issue 43): the link opens the app's refusal screen, signed in.
      return {
        subject: 'A trustee has asked for emergency access on Afterword',
        text: `${hello(p.recipientName)}

${oneLine(p.startedBy) ? `${oneLine(p.startedBy)}, one of your trustees,` : 'One of your trustees'} has asked for emergency access: the help you set up for a time when you cannot act yourself, such as a stay in hospital.

If you do not refuse, from ${date(p.endsAt ?? 0)} they can open the things you chose for an emergency, and nothing else. No letter is sent and nothing is released: this is not the release after death.

If you did not expect this, or do not want it, refuse with one press here (you will be asked to sign in if you are not):
${p.base}/emergency/${p.requestId ?? ''}

If you are happy for them to help, you need do nothing. You can end the emergency at any time in Afterword.${SIGN_OFF}`,
      };
    case 'owner-sharing-yearly':
      return sharingYearlyEmail(p.sharing ?? { items: 0, links: 0, trustees: 0, emergencyItems: 0 }, hello(p.recipientName), p.base, SIGN_OFF);
    case 'owner-cancelled':
      return {
        subject: 'The waiting period on your Afterword account was cancelled',
        text: `${hello(p.recipientName)}

You told us you are still here, so the waiting period has been cancelled. Nothing was shared, and nothing will be.

If you didn't do this, please sign in and look at Settings: ${p.base}/settings${SIGN_OFF}`,
      };
    case 'owner-released':
      return {
        subject: 'Your Afterword account has been released',
        text: `${hello(p.recipientName)}

${p.startedBy === undefined ? 'Your check-ins lapsed and our reminders had no answer, and' : `${p.startedBy}, one of your trustees, told us of your death, and`} the waiting period has ended, so your Afterword account has been released as you asked. Your trustees have been told, and your messages reach the people you wrote them for as you chose, each on its date if it has one.

${
  p.startedBy === undefined
    ? 'If you are reading this and are well, we are sorry for the worry: please sign in to Afterword, and let your trustees and the people you wrote to know.'
    : 'If you are reading this, the people who loved you are in our thoughts.'
}${SIGN_OFF}`,
      };
    case 'trustee-yearly':
      return {
        subject: `You are still ${who(p)}'s trustee`,
        text: `${hello(p.recipientName)}

Once a year we write to let you know that you are still the trustee of ${who(p)} on Afterword. There is nothing you need to do.

If ${p.ownerName} dies, open this link to tell us (it works for as long as you are ${p.ownerName}'s trustee, and so does the one we sent before). The page also lets you confirm that you are still willing, which ${p.ownerName} will see:
${link}

${
  kitLink
    ? `Please also check your kit: open this page and compare the fingerprint it shows with the one printed on the kit ${p.ownerName} gave you. You will not need the kit's code for this:
${kitLink}

`
    : ''
}If you no longer want to be ${p.ownerName}'s trustee, please tell ${p.ownerName}.${SIGN_OFF}`,
      };
    case 'trustee-confirm-death':
      return {
        subject: `Please confirm only if you know ${who(p)} has died`,
        text: `${hello(p.recipientName)}

${who(p)} named you as a trustee and gave you a trustee kit. The waiting period on ${p.ownerName}'s Afterword account has ended without word from ${p.ownerName}, so we are asking the trustees to confirm.

Confirm only if you know ${p.ownerName} has died. Nothing is shared until enough trustees have confirmed, and ${p.ownerName} can still stop it.

To confirm, open this page and use your kit (the link ${p.ownerName} sent you, or the code on the printed kit):
${kitLink}

If you are not sure, please do nothing and try to reach ${p.ownerName} or ${p.ownerName}'s family first.${SIGN_OFF}`,
      };
    case 'owner-awaiting-confirmations':
      return {
        subject: 'Your trustees are being asked to confirm',
        text: `${hello(p.recipientName)}

The waiting period on your Afterword account has ended. Your trustees have been asked to confirm your death with the kits you gave them; nothing is shared until enough of them do.

If you are still here, press this link and then the button on the page:
${link}

Or sign in to Afterword and press "I'm still here". Their confirmations will be erased and nothing will be shared.${SIGN_OFF}`,
      };
    case 'owner-review':
      return {
        subject: 'A yearly reminder: review your Afterword plan',
        text: `${hello(p.recipientName)}

It has been a year. Is everything in your Afterword plan still as you want it: your messages and their recipients' e-mail addresses, your trustees, your documents and your check-in settings?

Settings shows whether your plan would work today: ${p.base}/settings${SIGN_OFF}`,
      };
    case 'owner-verify':
      return {
        subject: 'Confirm your e-mail address for Afterword',
        text: `${hello(p.recipientName)}

Someone, we hope you, asked Afterword to send notices about their account to this address: reminders to check in, and a warning if a waiting period starts before their account is released.

If that was you, confirm your address with this link (it works for 3 days and only once):
${link}

If it wasn't you, ignore this e-mail: we will send nothing else to this address unless it is confirmed.${SIGN_OFF}`,
      };
    case 'owner-reset':
      return {
        subject: 'Reset your Afterword password',
        text: `${hello(p.recipientName)}

Someone, we hope you, asked to reset the password of your Afterword account.

If that was you, choose a new password with this link (it works for 30 minutes and only once):
${link}

Your words open again with your recovery code or on a device where you are still signed in.

If it wasn't you, ignore this e-mail: your password stays as it is.${SIGN_OFF}`,
      };
    case 'trustee-handover':
      return {
        subject: `A letter from ${who(p)} for you to hand over`,
        text: `${hello(p.recipientName)}

${who(p)} wrote a message for someone and asked that you, not us, hand it over when the time came. That time is now.

Open this page with the trustee kit ${p.ownerName} gave you (the saved link, or the code on the printed kit). It shows who the message is for and a private link to it. Send that link to them from your own e-mail or phone: we have not sent it to them, and we cannot read it.
${kitLink ?? link}

If you cannot do it, please let ${p.ownerName}'s family or the other trustees know.${SIGN_OFF}`,
      };
    case 'delivery-updated':
      return {
        subject: `A message from ${who(p)} (updated)`,
        text: `${hello(p.recipientName)}

The message ${who(p)} left for you was changed after we sent it to you. This link shows it as it is now:
${link}

The link is private and meant only for you.${SIGN_OFF}`,
      };
    case 'delivery':
      return {
        subject: `A message from ${who(p)}`,
        text: `${hello(p.recipientName)}

${who(p)} wrote a message for you and asked us to send it to you when the time came. We are sorry for your loss.

You can read it here, whenever you feel ready:
${link}

The link is private and meant only for you. It works for a year; if it stops working, a trustee of ${p.ownerName} can send you a new one.${SIGN_OFF}`,
      };
  }
}
