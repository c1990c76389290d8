/**
 * What the family binder prints for each message (shared/binder; README.md "How each message
 * reaches its recipient"): its kind and where it stands, one line made here for both binders.
 *
 * - The owner's copy (before the release): delivered, sent by Afterword (after release, or on its
 *   date), or — for a letter the owner chose to have a trustee hand over — whose it is to hand
 *   over, by their own e-mail, since Afterword never sends it (sync-server/kits/message-keys.ts;
 *   the message form's words, web/features/message-vault/delivery-words.ts).
 * - A trustee's copy made after the release (issue 38, item 7): the state the trustee's page shows
 *   for it at the moment the binder is made, in the page's own words (shared/delivery-rule.ts
 *   deliveryStateLine: sent and opened on, being sent, waiting for its date, who hands it over,
 *   why it cannot be sent), never "Pending".
 *
 * Dates are the chosen day (shared/delivery-rule.ts deliveryDay), in the reader's time zone.
 */
import { deliveryDay, deliveryStateLine, type DeliveryProblem } from '../delivery-rule';
import { formatLongDate } from '../labels';
import type { Message } from '../schema';

/** A message as the binder's delivery line reads it. */
export interface BinderDelivery {
  deliveryDate?: string | null;
  delivered: boolean;
  /** When it was sent and first opened, as the server recorded them (after the release). */
  deliveredAt?: string | null;
  openedAt?: string | null;
  /** Why the server cannot deliver it, when the trustee's page knows (shared/delivery-rule.ts DeliveryProblem). */
  problem?: DeliveryProblem | null;
  /**
   * A letter a trustee hands over: the names of who does (the trustee, then the backup; a blank
   * name is "a trustee"); an empty list when no kit that released the plan holds its key. Absent
   * or null: Afterword sends it.
   */
  handover?: readonly string[] | null;
}

/**
 * A message as the binder prints it: recipient and state, never its words. `messageType` is null
 * when the binder's maker may not read it: a sealed account's type is sealed for its recipient
 * alone (shared/crypto/fields.ts, scope `msg:<id>`; no trustee level holds it).
 */
export type BinderMessage = Pick<Message, 'recipientName' | 'recipientEmail'> & { messageType: Message['messageType'] | null } & BinderDelivery;

/** What the binder knows of how messages go (BinderInput). */
export interface BinderDeliveryContext {
  /** False when the device could not learn how each message goes (offline): the line then names no sender. */
  known: boolean;
  /** False while the owner's trustee kits are not in use yet: a release then sends every message by Afterword. */
  kitsInUse: boolean;
}

/** The owner's binder's words for each message type; the same in a trustee's copy. */
export const MESSAGE_KIND_WORDS: Record<Message['messageType'], string> = { text: 'Written message', video: 'Video message', audio: 'Audio message' };

/** A message whose type the binder's maker may not read (BinderMessage). */
export const SEALED_KIND_WORDS = 'Message (sealed for its recipient)';

/**
 * The binder's line for `m` after its recipient: "<kind> · <state>", e.g. "Written message ·
 * Pending, sent after release" in the owner's copy, "Audio message · Being sent" in a trustee's
 * copy made after the release (`afterRelease`, at `now`: the binder's madeAt).
 */
export function binderMessageLine(m: BinderMessage, opts: { afterRelease: boolean; now: Date; delivery?: BinderDeliveryContext }): string {
  const kind = (m.messageType && MESSAGE_KIND_WORDS[m.messageType]) || SEALED_KIND_WORDS;
  return `${kind} · ${opts.afterRelease ? releasedStateLine(m, opts.now) : binderDeliveryLine(m, opts.delivery)}`;
}

/**
 * The state of `m` as the trustee's page says it at `now` (deliveryStateLine), with a capital:
 * who hands a letter over by name (the binder may be read by anyone in the family, so never "you").
 */
function releasedStateLine(m: BinderDelivery, now: Date): string {
  const handover = m.handover?.map((name) => ({ trusteeId: '', you: false, name })) ?? null;
  const line = deliveryStateLine({ ...m, handover }, now.getTime(), (iso) => formatLongDate(iso));
  return line.charAt(0).toUpperCase() + line.slice(1);
}

/** The owner's binder's delivery line of `m` (before the release), e.g. "Pending, sent after release". */
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
