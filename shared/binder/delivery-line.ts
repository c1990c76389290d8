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
import { deliveryDay, deliveryStatePart, type DeliveryProblem } from '../delivery-rule';
import type { Message } from '../schema';
import { binderWords, type BinderWords } from './words';

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

/** English, the words when none are given (./words.ts). */
const ENGLISH = binderWords('en');

/**
 * The binder's line for `m` after its recipient: "<kind> · <state>", e.g. "Written message ·
 * Pending, sent after release" in the owner's copy, "Audio message · Being sent" in a trustee's
 * copy made after the release (`afterRelease`, at `now`: the binder's madeAt), in `words`' language.
 */
export function binderMessageLine(m: BinderMessage, opts: { afterRelease: boolean; now: Date; delivery?: BinderDeliveryContext }, words: BinderWords = ENGLISH): string {
  const kind = words.t(`binderPdf.kind.${m.messageType ?? 'sealed'}`);
  const state = opts.afterRelease ? releasedStateLine(m, opts.now, words) : binderDeliveryLine(m, opts.delivery, words);
  return words.t('binderPdf.messageLine', { kind, state });
}

/**
 * The state of `m` as the trustee's page says it at `now` (shared/delivery-rule.ts
 * deliveryStatePart), with a capital: who hands a letter over by name (the binder may be read by
 * anyone in the family, so never "you").
 */
function releasedStateLine(m: BinderDelivery, now: Date, words: BinderWords): string {
  const handover = m.handover?.map((name) => ({ trusteeId: '', you: false, name })) ?? null;
  const { id, ...facts } = deliveryStatePart({ ...m, handover }, now.getTime());
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(facts) as [string, string | null][]) {
    values[key] = key === 'who' || key === 'backup' ? (value ?? words.t('binderPdf.delivery.aTrustee')) : words.date(value!);
  }
  return words.t(`binderPdf.state.${id}`, values);
}

/** The owner's binder's delivery line of `m` (before the release), e.g. "Pending, sent after release". */
export function binderDeliveryLine(m: BinderDelivery, ctx: BinderDeliveryContext = { known: true, kitsInUse: true }, words: BinderWords = ENGLISH): string {
  const t = words.t;
  if (m.delivered) return t('binderPdf.delivery.delivered');
  const date = m.deliveryDate ? words.date(deliveryDay(m.deliveryDate)) : null;
  if (!ctx.known) return date ? t('binderPdf.delivery.reachOn', { date }) : t('binderPdf.delivery.reach');
  if (!m.handover) return date ? t('binderPdf.delivery.sentOn', { date }) : t('binderPdf.delivery.sent');
  const [first, backup] = m.handover.map((n) => n.trim() || t('binderPdf.delivery.aTrustee'));
  if (!first) return t('binderPdf.state.cannotHandOver'); // the trustee's page's own words for it
  return t('binderPdf.delivery.handover', {
    who: backup ? t('binderPdf.delivery.withBackup', { first, backup }) : first,
    when: date ? t('binderPdf.delivery.onDate', { date }) : t('binderPdf.delivery.afterRelease'),
    sender: t(ctx.kitsInUse ? 'binderPdf.delivery.notSent' : 'binderPdf.delivery.sentIfEarly'),
  });
}
