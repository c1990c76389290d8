/**
 * The AI consent request on screen (DESIGN.md §4, SECURITY.md "What leaves the device"): when
 * the server has a model configured, nothing of the plan goes to it before the person has seen
 * exactly what will be sent and pressed Send. `askConsent` opens `web/ai/AiConsentDialog.tsx`
 * (mounted by AppChrome) and resolves with the person's choice; one request at a time, a second
 * one cancels the first.
 */
import { create } from 'zustand';

/** What the person chose: send to the server's AI, answer on the device instead, or nothing. */
export type ConsentChoice = 'send' | 'builtin' | 'cancel';

/** One request for consent: what is sent, named for the sentence, and the values themselves. */
export interface ConsentRequest {
  /** Completes "This sends {subject} to the AI service configured by your server", e.g. "your plan's music and values". */
  subject: string;
  /** The values that will go, as label and text, in the order shown. */
  values: readonly (readonly [label: string, value: string])[];
}

interface PendingConsent extends ConsentRequest {
  resolve: (choice: ConsentChoice) => void;
}

interface ConsentState {
  pending: PendingConsent | null;
  /** Answers the request on screen and closes it. */
  answer: (choice: ConsentChoice) => void;
}

export const useConsentStore = create<ConsentState>()((set, get) => ({
  pending: null,
  answer: (choice) => {
    const pending = get().pending;
    set({ pending: null });
    pending?.resolve(choice);
  },
}));

/** The sentence the dialog shows for `subject` (its text is a requirement, word for word). */
export const consentSentence = (subject: string) => `This sends ${subject} to the AI service configured by your server`;

/** Shows the consent dialog for `request`; resolves with the choice (a newer request cancels this one). */
export function askConsent(request: ConsentRequest): Promise<ConsentChoice> {
  useConsentStore.getState().pending?.resolve('cancel');
  return new Promise((resolve) => useConsentStore.setState({ pending: { ...request, resolve } }));
}
