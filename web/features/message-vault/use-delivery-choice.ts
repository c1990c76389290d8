/**
 * The message form's delivery choice (delivery-choice.ts; README.md "Trustee kits"): loads the
 * account's kits and the message's stored choice while the dialog is open, keeps the person's
 * pick, and `save()` makes and sends the wraps once the message itself was saved. The stored
 * choice is the owner's sealed one in this device's database (sealed-choice.ts): when the server's
 * list differs from it, nothing is shown or changed about delivery and `refusal` says so (issue 39).
 * Uses the app's key session (keyring, AK), database and apiFetch.
 */
import { useEffect, useState } from 'react';
import { apiFetch } from '../../api/client';
import { useCurrentDb } from '../../db/current';
import { HANDOVER_MISMATCH_WORDS, useKeySession, type Api } from '../keys';
import { decideChoice, DEFAULT_CHOICE, DeliveryChoiceError, loadDeliveryState, saveDeliveryChoice, type DeliveryChoice, type DeliveryState } from './delivery-choice';
import { sealedChoicesOf } from './sealed-choice';
import { isExecutorKit } from '../../../shared/crypto/trustee-kit';

export interface DeliveryChoiceControl {
  /** null while loading, or when it could not be loaded (offline) or was refused: the form then says nothing about delivery. */
  state: DeliveryState | null;
  /** The words when the server's list differs from the owner's sealed choice (HANDOVER_MISMATCH_WORDS), else null. */
  refusal: string | null;
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
  const db = useCurrentDb((s) => s.db);
  const [state, setState] = useState<DeliveryState | null>(null);
  const [refusal, setRefusal] = useState<string | null>(null);
  const [stored, setStored] = useState<DeliveryChoice>(DEFAULT_CHOICE);
  const [choice, setChoice] = useState<DeliveryChoice>(DEFAULT_CHOICE);
  useEffect(() => {
    if (!open || !db) return;
    let live = true;
    setRefusal(null);
    (async () => {
      const s = await loadDeliveryState(apiFetch as Api);
      if (!messageId) return { s, decided: { kind: 'choice', choice: DEFAULT_CHOICE, adopt: false } as const };
      const listed = s.messages.get(messageId);
      return { s, decided: decideChoice(await sealedChoicesOf(db).read(messageId), listed && { mode: listed.mode, trustees: listed.trustees }) };
    })().then(
      ({ s, decided }) => {
        if (!live) return;
        if (decided.kind !== 'choice') {
          // The server's list differs from the owner's own choice (or the letter is not on this device yet): nothing is shown or changed.
          setState(null);
          setRefusal(decided.kind === 'mismatch' ? HANDOVER_MISMATCH_WORDS : null);
          return;
        }
        setState(s);
        setStored(decided.choice);
        setChoice(decided.choice);
      },
      () => live && setState(null), // offline: nothing is said or changed about delivery
    );
    return () => {
      live = false;
    };
  }, [open, messageId, db]);
  // The trustees who can hand a letter over: never the executor kit, which opens nothing (issue "Fewer than k kits").
  const holders = state?.generations[0]?.kits.map((k) => k.trusteeId).filter((id) => !isExecutorKit(id)) ?? [];
  return {
    state,
    refusal,
    choice,
    setChoice,
    holders,
    async save() {
      if (!state || !messageId || !db) return;
      if (stored.mode === choice.mode && stored.trustees.join() === choice.trustees.join()) return;
      if (status !== 'open' || !keyring || !userId) throw new DeliveryChoiceError('Unlock your keys to change how this message reaches them.');
      const sent = await saveDeliveryChoice({ api: apiFetch as Api, account: userId, withAccountKey, keyring, choices: sealedChoicesOf(db) }, state, messageId, choice);
      if (!sent) throw new DeliveryChoiceError('This message is not sealed on this device yet. Please try again in a moment.');
    },
  };
}
