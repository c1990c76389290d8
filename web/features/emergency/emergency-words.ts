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

/** When nothing is asked. */
export const NOTHING_ASKED = 'No one has asked for emergency access.';

/** How a past request ended, in a few words. */
export const PAST_WORDS: Record<string, string> = {
  refused: 'You refused.',
  ended: 'You ended the emergency.',
  withdrawn: 'The trustee was removed before the wait ended; nothing was opened.',
};
