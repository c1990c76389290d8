/**
 * The words of a trustee kit the owner sends or sees (issue "Release through trustees' key shares"):
 * the e-mail the owner sends from their own mail app (kit-share.ts) and the kits setup's notes, for
 * a person who may read them years later, in a hurry or in grief. The printed kit's words are the
 * `kit-pdf` catalog's, in its holder's language (kit-pdf-words.ts). The only secret they carry is
 * the kit itself (its code or link), never anything of the owner's account. The owner's screen words
 * here (the executor kit's meaning, "too long to print") are the `trustee-kits` catalog's, in the
 * owner's language (./messages.ts); the e-mail and share text are still English (docs/i18n.md).
 */
import { t } from '../../../i18n/i18n';
import './messages';

/** Who a kit is from and for, and the split it belongs to. */
export interface KitPeople {
  /** The owner's full name as they sign. */
  ownerName: string;
  /** The owner's first name, as the kit page and the e-mails call them. */
  ownerFirstName: string;
  trusteeName: string;
  /** Kits needed (k) out of all kits made (n). */
  k: number;
  n: number;
}

/** "2 of the 3" in words a reader needs no arithmetic for. */
const needed = ({ k, n }: Pick<KitPeople, 'k' | 'n'>) => (k === 1 ? 'any one of the' : `${k} of the`) + ` ${n} ${n === 1 ? 'trustee' : 'trustees'}`;

/** What the executor kit means for a choice of `k` kits needed, on the kits setup (plain words, the active language). */
export const executorTogetherText = (k: number): string =>
  k === 1 ? t('trusteeKits.form.executorAlone') : t('trusteeKits.form.executorTogether', { k, others: k - 1 });

/** The subject of the owner's e-mail carrying the kit link. */
export const kitMailSubject = (p: KitPeople): string => `Your trustee kit from ${p.ownerFirstName}`;

/** The body of the owner's e-mail (sent from their own mail app): plain words, the link, the fingerprint. */
export function kitMailBody(p: KitPeople, link: string, fingerprint: string): string {
  const first = p.trusteeName.split(/\s+/)[0] || p.trusteeName;
  return [
    `Dear ${first},`,
    '',
    `I have chosen you as one of my trustees on Afterword. The link below is your trustee kit: your part of the key that unlocks what I leave for the people I love after my death. It takes ${needed(p)} to unlock anything.`,
    '',
    'Please open the link once now and choose “Keep this kit”. Then keep this e-mail, and do not forward it to anyone.',
    '',
    link,
    '',
    `The page will show the fingerprint ${fingerprint}. It should be the same.`,
    '',
    `When the time comes, Afterword will e-mail you. Confirm only if you know I have died.`,
    '',
    p.ownerFirstName,
  ].join('\n');
}

/** The short text the share sheet carries with the link. */
export const kitShareText = (p: KitPeople): string =>
  `Your trustee kit from ${p.ownerFirstName}: please open this link once and choose “Keep this kit”. Keep it private.`;

/** Whose kit it is, as the owner calls it: "the executor kit", or "David Alexander Whitfield-Hughes’s kit" (a long name cut at 40 characters; the active language). */
export const whoseKit = (trusteeName: string, executor: boolean): string =>
  t('trusteeKits.whose', { executor: executor ? 'yes' : 'no', name: trusteeName.length > 40 ? `${trusteeName.slice(0, 40)}…` : trusteeName });

/**
 * Why a kit cannot be printed: its names are too long for one page (kit-pdf.ts KitTooLongError;
 * kit-plan.ts kitsTooLongText when kits are made), in the active language. `who` is whoseKit();
 * `then` what to do after shortening the name: 'make' (make the kits) or 'again' (try again).
 */
export const kitTooLongText = (who: string, then: 'make' | 'again'): string => t('trusteeKits.tooLong', { who, then });
