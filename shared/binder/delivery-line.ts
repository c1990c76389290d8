/**
 * What the family binder prints for a message's delivery (shared/binder; README.md "How each
 * message reaches its recipient"), the same on the owner's device and on a trustee's page:
 * delivered, sent by Afterword (after release, or on its date), or — for a letter the owner chose
 * to have a trustee hand over — whose it is to hand over, by their own e-mail, since Afterword
 * never sends it (sync-server/kits/message-keys.ts; the message form's words,
 * web/features/message-vault/delivery-words.ts). Dates are the chosen day (shared/delivery-rule.ts).
 */
import { deliveryDay } from '../delivery-rule';
import { formatLongDate } from '../labels';

/** A message as the binder's delivery line reads it. */
export interface BinderDelivery {
  deliveryDate?: string | null;
  delivered: boolean;
  /**
   * A letter a trustee hands over: the names of who does (the trustee, then the backup; a blank
   * name is "a trustee"); an empty list when no kit that released the plan holds its key. Absent
   * or null: Afterword sends it.
   */
  handover?: readonly string[] | null;
}

/** What the binder knows of how messages go (BinderInput). */
export interface BinderDeliveryContext {
  /** False when the device could not learn how each message goes (offline): the line then names no sender. */
  known: boolean;
  /** False while the owner's trustee kits are not in use yet: a release then sends every message by Afterword. */
  kitsInUse: boolean;
}

/** The delivery line of `m`, e.g. "Pending, sent after release". */
export function binderDeliveryLine(m: BinderDelivery, ctx: BinderDeliveryContext = { known: true, kitsInUse: true }): string {
  if (m.delivered) return 'Delivered';
  const date = m.deliveryDate ? formatLongDate(deliveryDay(m.deliveryDate)) : null;
  if (!ctx.known) return date ? `Pending, to reach them on ${date} or at release if later` : 'Pending, to reach them after release';
  if (!m.handover) return date ? `Pending, to be sent on ${date} or at release if later` : 'Pending, sent after release';
  const [first, backup] = m.handover.map((n) => n.trim() || 'a trustee');
  if (!first) return 'Cannot be handed over: its key is not in the trustee kits that released the plan, so no one can open it';
  const who = backup ? `${first} (or ${backup}, the backup)` : first;
  const when = date ? `on ${date} or at release if later` : 'after release';
  const sender = ctx.kitsInUse ? 'Afterword does not send it' : 'Afterword sends it only if the plan is released before the trustee kits are in use';
  return `Pending, for ${who} to hand over ${when} by their own e-mail; ${sender}`;
}
