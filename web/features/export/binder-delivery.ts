/**
 * How each message goes, for the owner's family binder (shared/binder/delivery-line.ts): a letter
 * the owner chose to have a trustee hand over (web/features/message-vault/delivery-choice.ts, kept
 * by the server: GET /api/kits/messages) names who hands it over, by the trustees' names on this
 * device; Afterword never sends it once the kits are in use. Offline, the device cannot learn the
 * choices: the binder then names no sender rather than guess.
 */
import type { BinderDeliveryContext } from '../../../shared/binder/delivery-line';
import type { Message, Trustee } from '../../../shared/schema';
import type { DeliveryState } from '../message-vault';

/** `messages` with `handover` set from `state` (null: not known), and what the binder knows of delivery. */
export function binderDeliveryOf<M extends Pick<Message, 'id'>>(
  messages: readonly M[],
  trustees: readonly Pick<Trustee, 'id' | 'name'>[],
  state: Pick<DeliveryState, 'messages' | 'inUse'> | null,
): { messages: (M & { handover: string[] | null })[]; delivery: BinderDeliveryContext } {
  const names = new Map(trustees.map((t) => [t.id, t.name]));
  return {
    messages: messages.map((m) => {
      const choice = state?.messages.get(m.id);
      return { ...m, handover: choice?.mode === 'trustee' ? choice.trustees.map((id) => names.get(id) ?? '') : null };
    }),
    delivery: { known: state !== null, kitsInUse: state?.inUse ?? false },
  };
}
