/**
 * The words of "share now" (docs/sharing.md; issue 43 "Words for a person"): each choice says in
 * one sentence what it means, and stopping says plainly what the person may already have.
 */
import { sameAddress } from '../../../shared/crypto/fields';
import { formatLongDate } from '../../../shared/labels';
import type { SharedView } from './viewer';

/** What an active share means, in one sentence. */
export const canReadNowText = (name: string) => `${name} can read this now, and sees your changes.`;
/** The owner hands the link over; the server never sees it. */
export const handOverText = (name: string) => `Send this link to ${name} yourself. Afterword cannot see it, so it cannot send it for you.`;
/** The question before a letter is shared now (issue 43: letters stay for after death unless the owner chooses otherwise for one). */
export const shareLetterAsk = (recipient: string) => ({
  title: `Share your letter to ${recipient} now?`,
  description: `You wrote this letter for after your death. If you share it now, the person you choose can read it now, and sees your changes. ${recipient} still receives it after your death as planned. You can stop sharing at any time.`,
  confirmLabel: 'Yes, share it now',
});

/** A share made offline that the server then refused (pending-shares.ts sendPendingShares). */
export const pendingRefusedText = (name: string, title: string) => `The link you made for ${name} to "${title}" while offline was refused by the server, so it opens nothing. Open "Share now" on "${title}" and share it again.`;
/** A share made offline, already sent, that could not be stopped on the server yet. */
export const STOP_OFFLINE_TEXT = (name: string) => `The link for ${name} reached the server before you stopped it, and the server cannot be reached now. Your devices will not update it; try "Stop sharing" again once you are online.`;
/** A share made offline whose send may have reached the server, stopped when the server could not stop it: this device sends the stop later (pending-shares.ts). */
export const STOP_LATER_TEXT = (name: string) =>
  `The link for ${name} may have reached the server before you stopped it, and the server could not stop it just now. Your devices will not update it, and this device stops it on the server as soon as it can. Until then, ${name} may still be able to open it.`;
/** Under a link made while offline (or before the item reached the server). */
export const pendingText = (name: string) => `You are offline, or this has not reached the server yet: the link is ready, and ${name} can open it once this device is back online.`;

/** A share made offline, in the dialog's list until it reaches the server. */
export const waitingText = (name: string) => `${name} can read this once this device is back online: the share waits here to reach the server.`;
/** The dialog's list when the server cannot be reached. */
export const OFFLINE_LIST_TEXT = 'You are offline: who else can see this is listed once this device is back online. You can still share it now, and stop sharing with those listed here.';
/** A live share stopped while the server could not be reached (pending-shares.ts stopLiveShare): its stop waits on this device. */
export const STOPS_ONLINE_TITLE = 'Stops when you are online';
/** The same, in the dialog's list and its toast: the link still opens until the server hears. */
export const stopsOnlineText = (name: string) =>
  `Sharing with ${name} stops once this device is back online. Until then ${name} can still open the link, as it was when you stopped; your changes are no longer sent to it.`;

/** The line over the trustees the owner can pick instead of typing a name. */
export const PICK_TRUSTEE_TEXT = 'Or pick one of your trustees (your mail app then writes to them):';
/** Under the hand-over, when a picked trustee's address could not be checked on this device. */
export const unCheckedAddressText = (name: string) => `Write ${name}'s address in your mail app yourself: this device could not check the address the server gives against the one you saved.`;

/**
 * The `mailto:` link that drafts the hand-over e-mail in the owner's own mail app: to `to` (a
 * trustee picked from the list; percent-encoded whole, so an address can never add a header of
 * its own) or to nobody yet (the owner fills it in), titled after the item, the link in the body.
 */
export function handOverMailto(title: string, link: string, to?: string): string {
  const body = `I am sharing this with you on Afterword. You can read it now and you will see my changes:\n\n${link}`;
  // Every character but '@' encoded: '@' cannot start a header, and some mail apps want it plain.
  return `mailto:${to ? encodeURIComponent(to).replace(/%40/g, '@') : ''}?subject=${encodeURIComponent(`Shared with you: ${title}`)}&body=${encodeURIComponent(body)}`;
}

/** A trustee the owner chose to hand a letter over: they open it with their kit to do so. */
export const handsOverText = (name: string, recipient: string) => `${name} hands this letter to ${recipient} after your death, and can read it to do so.`;
/** A letter's recipient, in the share dialog's "After your death". */
export const recipientText = (name: string) => `${name} receives this letter after your death, as you planned.`;

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
export const afterDeathText = (name: string) => `${name} can read this after your death.`;
/** A trustee whose access level does not cover this item. */
export const neverText = (name: string) => `${name} never sees this, unless you share it now.`;
/** Said before stopping: what stops, and what cannot be taken back. */
export const stopWarningText = (name: string) => `${name} will not see anything new. What they already saw, copied, printed or saved while they could open it, they may still have.`;
/** A stopped share in the owner's list (its name was deleted with its key). */
export const stoppedText = (stoppedAt: string) => `Sharing stopped on ${formatLongDate(stoppedAt)}. That link opens nothing now.`;
/** When the person last opened it. */
export const openedText = (openedAt: string | null) => (openedAt ? `Last opened ${formatLongDate(openedAt)}.` : 'Not opened yet.');
/** A document that is not on the server yet (made offline) cannot be shared until it syncs. */
export const NOT_SYNCED_TEXT = 'This has not reached the server yet. Connect to the internet, wait a moment, and try again.';
/** The keys are not open on this device (shares cannot be read or made). */
export const KEYS_LOCKED_TEXT = 'Your keys are locked on this device. Reload the page and enter your password, then try again.';
/** A share whose key this device did not make (the server gave another): not used. */
export const KEY_REFUSED_TEXT = 'One share could not be updated: its key was not made by your devices, so nothing was sealed under it. Stop that share and share again.';

/**
 * A share's copy the server refused for good (share-client.ts refreshShares `failed`): whose view
 * of which item, and why in plain words (too long; else the server's own `{ error }`), and that
 * they still see what was sent before. Said once.
 */
export function notRefreshedText(name: string, title: string, status: number, bodyText: string): string {
  const who = name || 'The person you shared it with';
  const tooLong = status === 413 || /copy: must be at most/.test(bodyText);
  if (tooLong) return `${who}'s view of "${title}" could not be updated: it is too long to send as one copy. Shorten it, and ${name || 'they'} then sees your changes. Until then ${name || 'they'} sees it as it was.`;
  let reason = 'the server refused it';
  try {
    const error = (JSON.parse(bodyText) as { error?: unknown }).error;
    if (typeof error === 'string' && error) reason = error.replace(/\.$/, '');
  } catch {
    // not JSON: the plain reason above
  }
  return `${who}'s view of "${title}" could not be updated: ${reason}. Until then ${name || 'they'} sees it as it was.`;
}

/** A share the server lists as live that is not in the document's own live set (stopped on another device, or kept by the server). */
export const NOT_LIVE_TEXT = 'Your changes are not sent to this share: your devices do not count it as live (it was stopped, or was just made on another device that has not synced yet). Stop sharing to be sure its link opens nothing.';

/** The viewer page's words for each outcome that is not an open item. */
export const VIEW_TEXT: Record<Exclude<SharedView['kind'], 'open'>, { title: string; body: string }> = {
  stopped: { title: 'Sharing stopped', body: 'This link no longer opens anything. The person who shared it stopped sharing.' },
  gone: { title: "This link isn't available", body: 'It opens nothing yet, or any more. If it was shared with you only just now, the sender’s device may not have been online since: try again later. Check too that you copied the whole link, or ask the person who sent it.' },
  'bad-link': { title: 'This link is incomplete', body: 'Part of its key is missing. Copy the whole link, including everything after the # sign, and open it again.' },
  tampered: { title: 'This could not be opened', body: 'What the server sent does not open with this link: it may have been changed on the way. Nothing of it is shown. Ask the person who shared it to send the link again.' },
  busy: { title: 'Please wait a few minutes', body: 'This link was opened many times in a short while, so Afterword is resting it for a moment. Nothing is wrong with it. Try again in a few minutes.' },
  unreachable: { title: 'Afterword could not be reached', body: 'Check your connection and try again.' },
};

/** The line under a shared document's title on the viewer's page. */
export const sharedWithText = (name: string, updatedAt: string) =>
  `Shared with ${name || 'you'}. This is read-only and always the latest version${updatedAt ? `, last changed ${formatLongDate(updatedAt)}` : ''}.`;
