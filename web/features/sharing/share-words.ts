/**
 * The words of "share now" (docs/sharing.md; issue 43 "Words for a person"): each choice says in
 * one sentence what it means, and stopping says plainly what the person may already have. In the
 * person's language (issue 44): the 'sharing' catalog, read when each is called (so a language
 * chosen since shows); English is today's words.
 */
import { sameAddress } from '../../../shared/crypto/fields';
import { formatDate } from '../../../shared/intl-format';
import { currentLanguage, t } from '../../i18n/i18n';
import './messages'; // the 'sharing' words these say

/** What an active share means, in one sentence. */
export const canReadNowText = (name: string) => t('sharing.canReadNow', { name });
/** The owner hands the link over; the server never sees it. */
export const handOverText = (name: string) => t('sharing.handOver', { name });
/** The question before a letter is shared now (issue 43: letters stay for after death unless the owner chooses otherwise for one). */
export const shareLetterAsk = (recipient: string) => ({
  title: t('sharing.letterAsk.title', { recipient }),
  description: t('sharing.letterAsk.description', { recipient }),
  confirmLabel: t('sharing.letterAsk.confirm'),
});

/** A share made offline that the server then refused (pending-shares.ts sendPendingShares). */
export const pendingRefusedText = (name: string, title: string) => t('sharing.pendingRefused', { name, title });
/** A share made offline whose item the server no longer has (pending-shares.ts sendPendingShares, `gone`): what happened, and what to do. */
export const pendingGoneText = (name: string, title: string) => t('sharing.pendingGone', { name, title });
/** Share now on an item the server no longer has, with nothing of it waiting to be sent (item-on-server.ts ItemGoneError). */
export const itemGoneText = (title: string) => t('sharing.itemGone', { title });
/** A share made offline, already sent, that could not be stopped on the server yet. */
export const STOP_OFFLINE_TEXT = (name: string) => t('sharing.stopOffline', { name });
/** A share made offline whose send may have reached the server, stopped when the server could not stop it: this device sends the stop later (pending-shares.ts). */
export const STOP_LATER_TEXT = (name: string) => t('sharing.stopLater', { name });
/** Under a link made while offline (or before the item reached the server). */
export const pendingText = (name: string) => t('sharing.pending', { name });

/** A share made offline, in the dialog's list until it reaches the server. */
export const waitingText = (name: string) => t('sharing.waiting', { name });
/** A live share stopped while the server could not be reached (pending-shares.ts stopLiveShare): its stop waits on this device (the title of its list and toast). */
export const stopsOnlineTitle = () => t('sharing.stopsOnline.title');
/** The same, in the dialog's list and its toast: the link still opens until the server hears. */
export const stopsOnlineText = (name: string) => t('sharing.stopsOnline', { name });
/** A waiting stop the server refused for good (pending-shares.ts sendStop): what did not happen, that the link still opens, and what to do. */
export const stopRefusedText = (name: string, why: string) => t('sharing.stopRefused', { name, why });

/** Under the hand-over, when a picked trustee's address could not be checked on this device. */
export const unCheckedAddressText = (name: string) => t('sharing.uncheckedAddress', { name });

/**
 * The `mailto:` link that drafts the hand-over e-mail in the owner's own mail app: to `to` (a
 * trustee picked from the list; percent-encoded whole, so an address can never add a header of
 * its own) or to nobody yet (the owner fills it in), titled after the item, the link in the body.
 */
export function handOverMailto(title: string, link: string, to?: string): string {
  const body = t('sharing.mail.body', { link });
  // Every character but '@' encoded: '@' cannot start a header, and some mail apps want it plain.
  return `mailto:${to ? encodeURIComponent(to).replace(/%40/g, '@') : ''}?subject=${encodeURIComponent(t('sharing.mail.subject', { title }))}&body=${encodeURIComponent(body)}`;
}

/** A trustee the owner chose to hand a letter over: they open it with their kit to do so. */
export const handsOverText = (name: string, recipient: string) => t('sharing.handsOver', { name, recipient });
/** A letter's recipient, in the share dialog's "After your death". */
export const recipientText = (name: string) => t('sharing.recipient', { name });

/**
 * The address a link for trustee `t` may be e-mailed to: the owner's sealed copy (`sealedEmail`),
 * only when this device opened it (`copyRefused` false) and it is the plain address the server
 * gives; else null (the owner writes the address). The plain field alone is the server's say: a
 * lying server could rewrite it and receive the link, key and all (security review of session 21,
 * finding 2; kit-check.ts checks a kit's address the same way).
 */
export function checkedTrusteeAddress(t: { email: string; sealedEmail?: string | null }, copyRefused: boolean): string | null {
  if (copyRefused || !t.sealedEmail || !sameAddress(t.sealedEmail, t.email)) return null;
  return t.sealedEmail;
}

/** A trustee whose access level covers this item after the release (timeline.ts afterDeathReach). */
export const afterDeathText = (name: string) => t('sharing.afterDeath', { name });
/** A trustee whose access level does not cover this item. */
export const neverText = (name: string) => t('sharing.never', { name });
/** Said before stopping: what stops, and what cannot be taken back. */
export const stopWarningText = (name: string) => t('sharing.stopWarning', { name });
/** A date in the language shown (shared/intl-format.ts; English: SPEC.md §9's long date). */
export const longDate = (iso: string) => formatDate(iso, currentLanguage());
/** A stopped share in the owner's list (its name was deleted with its key). */
export const stoppedText = (stoppedAt: string) => t('sharing.stoppedOn', { date: longDate(stoppedAt) });
/** When the person last opened it. */
export const openedText = (openedAt: string | null) => (openedAt ? t('sharing.lastOpened', { date: longDate(openedAt) }) : t('sharing.notOpened'));
/** A document that is not on the server yet (made offline) cannot be shared until it syncs. */
export const notSyncedText = () => t('sharing.notSynced');
/** The keys are not open on this device (shares cannot be read or made). */
export const keysLockedText = () => t('sharing.keysLocked');
/** A share whose key this device did not make (the server gave another): not used. */
export const keyRefusedText = () => t('sharing.keyRefused');

/**
 * A share's copy the server refused for good (share-client.ts refreshShares `failed`): whose view
 * of which item, and why in plain words (too long; else the server's own `{ error }`), and that
 * they still see what was sent before. Said once.
 */
export function notRefreshedText(name: string, title: string, status: number, bodyText: string): string {
  const who = name || t('sharing.notRefreshed.who');
  const they = name || t('sharing.notRefreshed.they');
  const tooLong = status === 413 || /copy: must be at most/.test(bodyText);
  if (tooLong) return t('sharing.notRefreshed.tooLong', { who, title, they });
  let reason = t('sharing.notRefreshed.refused');
  try {
    const error = (JSON.parse(bodyText) as { error?: unknown }).error;
    if (typeof error === 'string' && error) reason = error.replace(/\.$/, '');
  } catch {
    // not JSON: the plain reason above
  }
  return t('sharing.notRefreshed.reason', { who, title, reason, they });
}

/** A share the server lists as live that is not in the document's own live set (stopped on another device, or kept by the server). */
export const notLiveText = () => t('sharing.notLive');

/** The person a share was made for, by the name given, or "this person" when none was (the Stop question's words). */
export const whoOf = (name: string | null | undefined) => name || t('sharing.stopAsk.thisPerson');
