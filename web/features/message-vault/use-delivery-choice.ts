/**
 * The message form's delivery choice (delivery-choice.ts; README.md "Trustee kits"): loads the
 * account's kits and the message's stored choice while the dialog is open, keeps the person's
 * pick, and `save()` makes and sends the wraps once the message itself was saved. Uses the app's
 * key session (keyring, AK) and apiFetch.
 */
import { useEffect, useState } from 'react';
import { apiFetch } from '../../api/client';
import { useKeySession } from '../keys/key-session';
import type { Api } from '../keys/sign-in';
import { choiceOf, DEFAULT_CHOICE, DeliveryChoiceError, loadDeliveryState, saveDeliveryChoice, type DeliveryChoice, type DeliveryState } from './delivery-choice';
import { isExecutorKit } from '../../../shared/crypto/trustee-kit';

export interface DeliveryChoiceControl {
  /** null while loading, or when it could not be loaded (offline): the form then says nothing about delivery. */
  state: DeliveryState | null;
  choice: DeliveryChoice;
  setChoice: (c: DeliveryChoice) => void;
  /** The trustees holding a kit of the kits in use: who can hand a message over. */
  holders: string[];
  /** Sends the choice when it changed. Throws DeliveryChoiceError (words for a toast) or what the server answers. */
  save: () => Promise<void>;
}

/** The choice of message `messageId` (null: a new message, which starts with the default). */
export function useDeliveryChoice(messageId: string | null, open: boolean): DeliveryChoiceControl {
  const keyring = useKeySession((s) => s.keyring);
  const status = useKeySession((s) => s.status);
  const userId = useKeySession((s) => s.userId);
  const withAccountKey = useKeySession((s) => s.withAccountKey);
  const [state, setState] = useState<DeliveryState | null>(null);
  const [choice, setChoice] = useState<DeliveryChoice>(DEFAULT_CHOICE);
  useEffect(() => {
    if (!open) return;
    let live = true;
    loadDeliveryState(apiFetch as Api).then(
      (s) => {
        if (!live) return;
        setState(s);
        setChoice(messageId ? choiceOf(s, messageId) : DEFAULT_CHOICE);
      },
      () => live && setState(null), // offline: nothing is said or changed about delivery
    );
    return () => {
      live = false;
    };
  }, [open, messageId]);
  // The trustees who can hand a letter over: never the executor kit, which opens nothing (issue "Fewer than k kits").
  const holders = state?.generations[0]?.kits.map((k) => k.trusteeId).filter((id) => !isExecutorKit(id)) ?? [];
  return {
    state,
    choice,
    setChoice,
    holders,
    async save() {
      if (!state || !messageId) return;
      const before = choiceOf(state, messageId);
      if (before.mode === choice.mode && before.trustees.join() === choice.trustees.join()) return;
      if (status !== 'open' || !keyring || !userId) throw new DeliveryChoiceError('Unlock your keys to change how this message reaches them.');
      const sent = await saveDeliveryChoice({ api: apiFetch as Api, account: userId, withAccountKey, keyring }, state, messageId, choice);
      if (!sent) throw new DeliveryChoiceError('This message is not sealed on this device yet. Please try again in a moment.');
    },
  };
}
