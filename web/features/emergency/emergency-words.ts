/**
 * The words of the owner's emergency screen (EmergencyPage.tsx; issue 43 "Words for a person"):
 * plain, true, and what each button does, in one sentence.
 */
import { formatLongDateTime } from '../../../shared/labels';

/** What emergency access is, at the top of the screen. */
export const EMERGENCY_INTRO =
  'A trustee you chose can ask to open the things you marked for an emergency, such as a stay in hospital. If you do not refuse before the wait ends, they can open those things and nothing else. No letter is sent and nothing is released.';

const when = (iso: string) => formatLongDateTime(Date.parse(iso));

/** A request still in its wait. */
export const waitingText = (who: string, requestedAt: string, waitEndsAt: string | null) =>
  `${who} asked for emergency access on ${when(requestedAt)}. Unless you refuse, they can open what you chose for an emergency from ${waitEndsAt ? when(waitEndsAt) : 'the end of the wait'}.`;

/** A granted request. */
export const grantedText = (who: string, grantedAt: string | null) =>
  `${who} can open what you chose for an emergency${grantedAt ? ` since ${when(grantedAt)}` : ''}. End the emergency when you can act again.`;

/** The toasts after each button. */
export const REFUSED_TOAST = 'You refused. Nothing was opened.';
export const endedToast = (who: string) => `The emergency is over. ${who} can no longer open anything new; what they already opened, they may have kept.`;

/** After a granted emergency was ended (rekey.ts): what the trustee may still hold, and what to do. */
export const rekeyText = (name: string) =>
  `${name} could open what you chose for an emergency, and may have kept what they saw. To be sure their kit opens nothing more, make new trustee kits: once the new kits are handed over, the old ones open nothing, and what you chose for an emergency is sealed again with new keys. If a document they could open links to a file kept elsewhere, change who can open that file there too.`;

/** The link of the re-key prompt: the Trustees screen, where "Trustee kits" are made. */
export const REKEY_LINK = 'Make new trustee kits';

/** When nothing is asked. */
export const NOTHING_ASKED = 'No one has asked for emergency access.';

/** How a past request ended, in a few words. */
export const PAST_WORDS: Record<string, string> = {
  refused: 'You refused.',
  ended: 'You ended the emergency.',
  withdrawn: 'The trustee was removed before the wait ended; nothing was opened.',
};

/** A trustee with no kit (emergency-access.ts): why not, and what to do. */
export const noKitText = (name: string) =>
  `${name} has no trustee kit yet, so you cannot give them emergency access: their kit is what opens it. Make trustee kits first (“Trustee kits” on this page), then come back here.`;

/**
 * The server named, for `name`, trustee kits older than ones this device has seen in use (kits the
 * owner replaced): nothing is sealed for them (emergency-access.ts trusteeKitSecret).
 */
export const retiredKitsText = (name: string) =>
  `${name}'s emergency access was not sealed: your server named trustee kits that were replaced by newer ones this device has seen in use. Nothing was sent. Please try again later. If it happens again, your server may be out of date or not telling the truth: please tell whoever runs your Afterword server.`;

/** The server has not (yet) an item the owner chose (a 404 for a document or item): their changes are not synced. */
export const NOT_SYNCED = 'An item you chose is not on the server yet. Wait until your changes are synced, then save again.';

/** The server does not list `name` as the owner's trustee (a 404 NO_SUCH_TRUSTEE): not synced yet, or removed on another device. */
export const trusteeNotOnServerText = (name: string) =>
  `${name} is not on the server as your trustee yet, or was removed on another of your devices. Wait until your changes are synced, then open this again.`;

/** The server holds a newer choice for `name`, saved on another device and not synced here yet (409 STALE_CHOICE): this device fetches it. */
export const staleChoiceText = (name: string) =>
  `${name}'s emergency access was changed on another of your devices, and this device has not received that change yet. It is fetching it now: open Emergency access on their card again in a moment, check it, then save.`;

/** The server holds another choice for `name` than the one this device's choice was edited from (409 CHOICE_CHANGED): the owner's choice is kept, to look at and save again. */
export const changedMeanwhileText = (name: string) =>
  `${name}'s emergency access was changed or removed on another of your devices after you began this change, so it was not saved over it. Your choice is kept on this device: look at it again, and save it to apply it.`;

/** A choice saved while offline, waiting on this device (pending-choices.ts), in the dialog and under the trustee's card. */
export const waitingChoiceText = (name: string, hadOne: boolean) =>
  `Saved on this device: it is sent to the server once this device is back online. Until then ${hadOne ? `${name} can open what you saved before` : `${name} cannot ask for emergency access yet`}.`;

/** The toast after a choice saved while offline. */
export const savedOfflineToast = (name: string) => `${name}'s emergency access is saved on this device, and sent to the server once it is back online.`;

/** A choice saved offline that the server then took (pending-choices.ts). */
export const sentLaterToast = (name: string) => `${name}'s emergency access, saved while you were offline, has reached the server: ${name} has emergency access to what you chose.`;

/** A choice saved offline that was not sent (changed elsewhere meanwhile, or refused): why, and that it is kept. */
export const notSentText = (name: string, why: string) => `Your emergency access for ${name}, saved while offline, was not sent. ${why}`;

/** The server refused a re-seal and the sync this device asked for brought no newer choice: the server holds another than this device (told once). */
export const serverHoldsOtherText = (name: string) =>
  `The server holds an emergency choice for ${name} that is not the one on this device, so what they may open was not updated. Open Emergency access on their card, check what they may open, and save it again.`;

/** A choice older than one this device has already sealed for `name` (a replayed record: never sealed). */
export const olderChoiceText = (name: string) =>
  `This device was given an older emergency choice for ${name} than one it has already saved, so it was not used. Open Emergency access on their card, check what they may open, and save it again.`;

/** Nothing chosen (or every chosen item was deleted). */
export const NOTHING_CHOSEN = 'Choose at least one item they may open in an emergency.';
/**
 * Why `name`'s emergency access could not be brought up to date when the server refused it (a 4xx
 * other than a lapsed session or a busy server): what they can open is the last version that was
 * saved. `tooLong` when the sealed bundle was over the server's size (an item's words too long).
 */
export const notUpdatedText = (name: string, tooLong: boolean) =>
  `${name}'s emergency access could not be updated, so they would open what you saved before. ` +
  (tooLong ? 'What you chose for them is too long to seal in one bundle: choose fewer items, or shorten the longest.' : 'Open Emergency access on their card and save it again.');

/** A wait in words: "1 hour", "48 hours", "1 week", "4 weeks". */
export const waitWords = (hours: number) => (hours >= 168 && hours % 168 === 0 ? `${hours / 168} week${hours === 168 ? '' : 's'}` : `${hours} hour${hours === 1 ? '' : 's'}`);

/** The waits the owner can choose from (1 hour to 4 weeks: shared/schema/trustee.ts EMERGENCY_WAIT_HOURS). */
export const WAIT_CHOICES = [1, 6, 12, 24, 48, 72, 168, 336, 672] as const;

const things = (n: number) => (n === 1 ? 'this 1 item' : `these ${n} items`);

/** What the owner's choice means, in one sentence. */
export const choiceSentence = (name: string, count: number, waitHours: number) =>
  count === 0 ? `${name} cannot ask for emergency access.` : `${name} can open ${things(count)} if they ask and you do not refuse within ${waitWords(waitHours)}.`;

/** Where the trustee stands in the order trustees are asked. */
export const orderSentence = (name: string, position: number) =>
  position === 0 ? `${name} can ask first.` : `${name} can ask only after each trustee placed before them has asked and you refused, or has been removed.`;

/** What is never in an emergency. */
export const NO_LETTERS = 'Letters are never opened in an emergency: they stay for after your death.';

/** The toasts of the emergency access dialog. */
export const savedToast = (name: string) => `${name} has emergency access to what you chose.`;
export const removedToast = (name: string) => `${name} can no longer ask for emergency access.`;

/**
 * The owner would not be told of `name`'s request at once (no confirmed address, no device taking
 * Web Push: GET /api/emergency `reach`): what that means, and the two ways to change it.
 */
export const unreachableText = (name: string) =>
  `If ${name} asks, you would only find out by opening Afterword: your e-mail address is not confirmed, and none of your devices shows notifications from Afterword. To be told at once, confirm your address (add or change it on your Profile page), or turn on notifications on this device.`;

/** The toast after "Turn on notifications on this device", by outcome (web/pwa/push-subscribe.ts). */
export const PUSH_OUTCOME_WORDS: Record<string, { title: string; description: string }> = {
  subscribed: { title: 'Notifications are on', description: 'If a trustee asks for emergency access, this device tells you at once.' },
  denied: { title: 'Notifications are off', description: 'Notifications are turned off for Afterword on this device. You can allow them in your browser’s settings, or confirm your e-mail address instead.' },
  unavailable: { title: 'No notifications here', description: 'This server does not send notifications. Please confirm your e-mail address instead.' },
  unsupported: { title: 'No notifications here', description: 'This device could not be set up for notifications. Please confirm your e-mail address instead.' },
  failed: { title: 'No notifications here', description: 'This device could not be set up for notifications. Please confirm your e-mail address instead.' },
};

