/**
 * The words of the owner's emergency screens (EmergencyPage.tsx, EmergencyAccessDialog.tsx; issue
 * 43 "Words for a person"): plain, true, and what each button does, in one sentence. In the
 * person's language (issue 44): the 'emergency' catalog, read when each is called (so a language
 * chosen since shows); English is today's words.
 */
import { formatDateTime } from '../../../shared/intl-format';
import { currentLanguage, type MessageId, t } from '../../i18n/i18n';
import './messages'; // the 'emergency' words these say

const when = (iso: string) => formatDateTime(Date.parse(iso), currentLanguage());

/** A request still in its wait. */
export const waitingText = (name: string, requestedAt: string, waitEndsAt: string | null) =>
  t('emergency.waiting', { name, requestedAt: when(requestedAt), from: waitEndsAt ? when(waitEndsAt) : t('emergency.waitEnd') });

/** A granted request. */
export const grantedText = (name: string, grantedAt: string | null) => (grantedAt ? t('emergency.grantedSince', { name, grantedAt: when(grantedAt) }) : t('emergency.granted', { name }));

/** The toast after "End the emergency". */
export const endedToast = (name: string) => t('emergency.endedToast', { name });

/** After a granted emergency was ended (rekey.ts): what the trustee may still hold, and what to do. */
export const rekeyText = (name: string) => t('emergency.rekey', { name });

/** How a past request ended, in a few words (null for a phase without them). */
export const pastWords = (phase: string): string | null => (phase === 'refused' || phase === 'ended' || phase === 'withdrawn' ? t(`emergency.past.${phase}`) : null);

/** A trustee with no kit (emergency-access.ts): why not, and what to do. */
export const noKitText = (name: string) => t('emergency.noKit', { name });

/**
 * The server named, for `name`, trustee kits older than ones this device has seen in use (kits the
 * owner replaced): nothing is sealed for them (emergency-access.ts trusteeKitSecret).
 */
export const retiredKitsText = (name: string) => t('emergency.retiredKits', { name });

/** The server has not (yet) an item the owner chose (a 404 for a document or item): their changes are not synced. */
export const notSyncedText = () => t('emergency.notSynced');

/** The server does not list `name` as the owner's trustee (a 404 NO_SUCH_TRUSTEE): not synced yet, or removed on another device. */
export const trusteeNotOnServerText = (name: string) => t('emergency.trusteeNotOnServer', { name });

/** The server holds a newer choice for `name`, saved on another device and not synced here yet (409 STALE_CHOICE): this device fetches it. */
export const staleChoiceText = (name: string) => t('emergency.staleChoice', { name });

/** The server holds another choice for `name` than the one this device's choice was edited from (409 CHOICE_CHANGED): the owner's choice is kept, to look at and save again. */
export const changedMeanwhileText = (name: string) => t('emergency.changedMeanwhile', { name });

/** A choice saved while offline, waiting on this device (pending-choices.ts), in the dialog and under the trustee's card. */
export const waitingChoiceText = (name: string, hadOne: boolean) => t(hadOne ? 'emergency.waitingChoice.hadOne' : 'emergency.waitingChoice.none', { name });

/** The toast after a choice saved while offline. */
export const savedOfflineToast = (name: string) => t('emergency.savedOfflineToast', { name });

/** A choice saved offline that the server then took (pending-choices.ts). */
export const sentLaterToast = (name: string) => t('emergency.sentLaterToast', { name });

/** A choice saved offline that was not sent (changed elsewhere meanwhile, or refused): why, and that it is kept. */
export const notSentText = (name: string, why: string) => t('emergency.notSent', { name, why });

/** A Remove made while offline, waiting on this device (pending-choices.ts), in the dialog and under the trustee's card. */
export const waitingRemovalText = (name: string) => t('emergency.waitingRemoval', { name });

/** The toast after a Remove made while offline. */
export const removedOfflineToast = (name: string) => t('emergency.removedOfflineToast', { name });

/** A Remove made offline that the server then took. */
export const removedLaterToast = (name: string) => t('emergency.removedLaterToast', { name });

/** A Remove made offline that was not sent: why, and that it is kept. */
export const removeNotSentText = (name: string, why: string) => t('emergency.removeNotSent', { name, why });

/** The server holds another choice for `name` than the one a Remove made offline was made from (saved on another device meanwhile): not removed over it. */
export const changedBeforeRemovalText = (name: string) => t('emergency.changedBeforeRemoval', { name });

/** A queued choice (`removing`: a Remove) the server refused for a reason sending again cannot change (`why`): it is not tried again, and what the owner can do. */
export const refusedForGoodText = (why: string, removing: boolean) => t(removing ? 'emergency.removeRefusedForGood' : 'emergency.refusedForGood', { why });

/** A queued choice (`removing`: a Remove) this device cannot send for a reason sending again cannot change (`why`, a sentence: no kit, retired kits, nothing chosen): it is not tried again, and what the owner can do. */
export const notSendableText = (why: string, removing: boolean) => t(removing ? 'emergency.removeNotSendable' : 'emergency.notSendable', { why });

/** A server refusal that gave no words of its own, by its HTTP status (said inside refusedForGoodText). */
export const serverStatusWords = (status: number) => t('emergency.serverStatus', { status });

/** The server refused a re-seal and the sync this device asked for brought no newer choice: the server holds another than this device (told once). */
export const serverHoldsOtherText = (name: string) => t('emergency.serverHoldsOther', { name });

/** A choice older than one this device has already sealed for `name` (a replayed record: never sealed). */
export const olderChoiceText = (name: string) => t('emergency.olderChoice', { name });

/** Every item chosen for `name` was deleted: their bundle is sealed empty, and the owner is told (once). */
export const allDeletedText = (name: string) => t('emergency.allDeleted', { name });

/** Nothing chosen (or every chosen item was deleted). */
export const nothingChosenText = () => t('emergency.nothingChosen');
/**
 * Why `name`'s emergency access could not be brought up to date when the server refused it (a 4xx
 * other than a lapsed session or a busy server): what they can open is the last version that was
 * saved. `tooLong` when the sealed bundle was over the server's size (an item's words too long).
 */
export const notUpdatedText = (name: string, tooLong: boolean) => t(tooLong ? 'emergency.notUpdatedTooLong' : 'emergency.notUpdated', { name });

/** A wait in words: "1 hour", "48 hours", "1 week", "4 weeks". */
export const waitWords = (hours: number) => (hours >= 168 && hours % 168 === 0 ? t('emergency.weeks', { n: hours / 168 }) : t('emergency.hours', { n: hours }));

/** The waits the owner can choose from (1 hour to 4 weeks: shared/schema/trustee.ts EMERGENCY_WAIT_HOURS). */
export const WAIT_CHOICES = [1, 6, 12, 24, 48, 72, 168, 336, 672] as const;

/** What the owner's choice means, in one sentence. */
export const choiceSentence = (name: string, count: number, waitHours: number) =>
  count === 0 ? t('emergency.cannotAsk', { name }) : count === 1 ? t('emergency.canOpenOne', { name, wait: waitWords(waitHours) }) : t('emergency.canOpen', { name, count, wait: waitWords(waitHours) });

/** Where the trustee stands in the order trustees are asked. */
export const orderSentence = (name: string, position: number) => (position === 0 ? t('emergency.askFirst', { name }) : t('emergency.askAfter', { name }));

/** How many places the order offers (first to tenth). */
export const ORDER_PLACES = 10;
/** The order's choice for place `position` (0: "Ask Maria first", … 9: "… tenth"). */
export const orderChoice = (name: string, position: number) => t(`emergency.order.${position}` as MessageId, { name });

/** The toasts of the emergency access dialog. */
export const savedToast = (name: string) => t('emergency.savedToast', { name });
export const removedToast = (name: string) => t('emergency.removedToast', { name });

/**
 * The owner would not be told of `name`'s request at once (no confirmed address, no device taking
 * Web Push: GET /api/emergency `reach`): what that means, and the two ways to change it.
 */
export const unreachableText = (name: string) => t('emergency.unreachable', { name });

/** The toast after "Turn on notifications on this device", by outcome (web/pwa/push-subscribe.ts). */
export function pushOutcomeWords(outcome: string): { title: string; description: string } {
  if (outcome === 'subscribed' || outcome === 'denied') return { title: t(`emergency.push.${outcome}.title`), description: t(`emergency.push.${outcome}.description`) };
  return { title: t('emergency.push.none.title'), description: t(outcome === 'unavailable' ? 'emergency.push.unavailable.description' : 'emergency.push.failed.description') };
}
