/**
 * When a message is delivered, and what a person is told about it (DESIGN.md §8 "Release").
 *
 * The rule: nothing is delivered before the plan is released. A message without a date is
 * delivered at the release. A dated message is delivered on its date if the release has happened
 * by then, and at the release if its date has already passed. The scheduler
 * (sync-server/release/deliveries.ts) follows `isDeliveryDue`; the message form, Help, the
 * owner's message cards and the trustee's page say the same thing through the texts below, so
 * what a person is told is what happens.
 *
 * Dates are ISO timestamps (the form stores the local midnight of the day chosen, with its
 * offset: `localDayIso`); `now` is in milliseconds since the epoch.
 */
import { formatLongDate } from './labels';

const DAY_MS = 24 * 60 * 60 * 1000;

type Dated = { deliveryDate?: string | null };

/**
 * The delivery date of the day `d` falls on, in the zone of the device that chose it: that day's
 * local midnight with its offset, e.g. "2026-12-25T00:00:00+01:00". The instant is when the
 * scheduler may send it; the written day is the day the person chose, wherever it is shown later
 * (a server in UTC would otherwise print 24 December for a Paris owner's 25 December).
 */
export function localDayIso(d: Date): string {
  const two = (n: number) => String(Math.abs(n)).padStart(2, '0');
  const off = -d.getTimezoneOffset();
  const day = `${d.getFullYear()}-${two(d.getMonth() + 1)}-${two(d.getDate())}`;
  return `${day}T00:00:00${off < 0 ? '-' : '+'}${two(Math.trunc(off / 60))}:${two(off % 60)}`;
}

const LOCAL_DAY = /^(\d{4}-\d{2}-\d{2})T00:00:00(?:\.0+)?[+-]\d{2}:\d{2}$/;

/**
 * What to print for a delivery date: the chosen day ("2026-12-25", which formatLongDate and a
 * UTC formatter both print as that day) for a date written by `localDayIso`; an older date (UTC,
 * "…Z") as it is, printed in the reader's zone as before.
 */
export function deliveryDay(iso: string): string {
  return LOCAL_DAY.exec(iso)?.[1] ?? iso;
}

/** The moment a message's date begins (ms), or null when it has no valid date. */
export function deliveryDateMs(m: Dated): number | null {
  if (!m.deliveryDate) return null;
  const ms = Date.parse(m.deliveryDate);
  return Number.isNaN(ms) ? null : ms;
}

/**
 * True when a message of a released plan is due at `now`: it has no date, or its date has come
 * (on the date, or at the release when the date passed before it). Only ever asked for released
 * plans; before the release nothing is due. An unreadable date counts as none: the message is
 * sent at the release rather than never.
 */
export function isDeliveryDue(m: Dated, now: number): boolean {
  const at = deliveryDateMs(m);
  return at === null || at <= now;
}

/** A message as the delivery texts read it: its date and what the server recorded (server-only fields). */
export type DeliveryFacts = Dated & { delivered: boolean; deliveredAt?: string | null; openedAt?: string | null };

/**
 * Where a message stands: `sent` (with when it was sent and first opened, when known),
 * `on-release` (no date), `on-date` (its date is still ahead: sent then, or at the release if
 * that comes later) or `date-passed` (not sent, date gone: sent at the release).
 */
export type DeliveryState =
  | { kind: 'sent'; sentAt: string | null; openedAt: string | null }
  | { kind: 'on-release' }
  | { kind: 'on-date'; date: string }
  | { kind: 'date-passed'; date: string };

/** The state of `m` at `now` (ms). */
export function deliveryState(m: DeliveryFacts, now: number): DeliveryState {
  if (m.delivered) return { kind: 'sent', sentAt: m.deliveredAt ?? null, openedAt: m.openedAt ?? null };
  const at = deliveryDateMs(m);
  if (at === null) return { kind: 'on-release' };
  return at > now ? { kind: 'on-date', date: m.deliveryDate! } : { kind: 'date-passed', date: m.deliveryDate! };
}

/**
 * What the message form says will happen with the date chosen (`deliveryDate`, an ISO string or
 * null) at `now` (ms): one plain sentence.
 */
export function deliveryPlanText(deliveryDate: string | null, now: number): string {
  const s = deliveryState({ deliveryDate, delivered: false }, now);
  switch (s.kind) {
    case 'on-date':
      return `It will be sent on ${formatLongDate(deliveryDay(s.date))} if your plan has been released by then, or at the release if that comes later.`;
    case 'date-passed':
      // The form stores the day's local midnight: within a day of it, the day is today.
      return now - Date.parse(s.date) < DAY_MS
        ? `${formatLongDate(deliveryDay(s.date))} is today, so it will be sent when your plan is released.`
        : `${formatLongDate(deliveryDay(s.date))} has passed, so it will be sent when your plan is released.`;
    default:
      return 'It will be sent when your plan is released.';
  }
}

/**
 * The delivery line of a message card in the owner's vault (en-US long dates, SPEC.md §9):
 * "Sent on …" (and "opened on …"); before the release "<date>, or at release if later" or "Upon
 * release" (the landing page's words for no date, SPEC.md §2); once `released` (the plan's
 * release status, when the device knows it), "Waiting for its date, …" or "Being sent" — or, for
 * a letter a trustee hands over (`handedOver`: the release status names it), never "Being sent":
 * "Your trustee hands it over; not opened yet", "…; then your trustee hands it over", "Handed over, opened on …".
 */
export function deliveryCardText(m: DeliveryFacts, now: number, released = false, handedOver = false): string {
  const s = deliveryState(m, now);
  if (released && handedOver && s.kind !== 'sent') {
    if (m.openedAt) return `Handed over, opened on ${formatLongDate(m.openedAt)}`;
    return s.kind === 'on-date' ? `Waiting for its date, ${formatLongDate(deliveryDay(s.date))}; then your trustee hands it over` : 'Your trustee hands it over; not opened yet';
  }
  if (s.kind === 'sent') {
    const sent = s.sentAt ? `Sent on ${formatLongDate(s.sentAt)}` : 'Sent';
    return s.openedAt ? `${sent}, opened on ${formatLongDate(s.openedAt)}` : sent;
  }
  // After the release nothing depends on it any more: a dated message waits for its date, the rest are on their way.
  if (released) return s.kind === 'on-date' ? `Waiting for its date, ${formatLongDate(deliveryDay(s.date))}` : 'Being sent';
  return s.kind === 'on-release' ? 'Upon release' : `${formatLongDate(deliveryDay(s.date))}, or at release if later`;
}

/**
 * Who hands a letter over ("A trustee hands it over", sync-server/kits/message-keys.ts): the
 * trustee, then the backup. `you`: the page's own trustee; `name` when the page may read it
 * (null: a sealed name the page could not open, said "a trustee").
 */
export interface HandoverBy {
  trusteeId: string;
  you: boolean;
  name: string | null;
}

/**
 * Why the server cannot deliver a due message: `address` (not a valid e-mail address, the
 * scheduler skips it) or `failed` (its e-mail was refused, or never reached a mail server).
 */
export type DeliveryProblem = 'address' | 'failed';

/**
 * A message as the trustee's page knows it after the release: the delivery facts and, when the
 * server knows them, `handover` (a letter a trustee hands over: who, in order; empty when its key
 * is in no kit that released the plan) and `problem`.
 */
export type TrusteeMessageFacts = DeliveryFacts & { handover?: readonly HandoverBy[] | null; problem?: DeliveryProblem | null };

/**
 * A message's real state on the trustee's page, as one of the page's sentences (`id`, the
 * release pages' catalog `releasePage.state.<id>`, web/i18n/catalogs/<lang>/release-page.json)
 * and its values: dates as ISO strings (the page writes them), who as a name or null (said "a
 * trustee"). `sent…`: sent and opened on, as the server recorded them; `waiting`: a dated message
 * whose date is still ahead; why it cannot be delivered when the server knows, else `beingSent`
 * (the page exists after the release only, so the message is due and queued). A letter a trustee
 * hands over is never "being sent" (Afterword sends its recipient nothing): whose it is to hand
 * over, and whether its recipient opened it (handoverPart).
 */
export type DeliveryStatePart =
  | { id: 'waiting' | 'waitingThenYou'; date: string }
  | { id: 'waitingThenOther'; date: string; who: string | null }
  | { id: 'cannotSend' | 'notDelivered' | 'beingSent' | 'sent' | 'cannotHandOver' | 'youHandOver' }
  | { id: 'sentOn'; sent: string }
  | { id: 'sentOpened' | 'handedOverOpened'; opened: string }
  | { id: 'sentOnOpened'; sent: string; opened: string }
  | { id: 'otherYouBackup' | 'otherHandsOver'; who: string | null }
  | { id: 'otherOrBackup'; who: string | null; backup: string | null };

/** The state of `m` at `now` (ms) as the trustee's page says it (DeliveryStatePart). */
export function deliveryStatePart(m: TrusteeMessageFacts, now: number): DeliveryStatePart {
  const s = deliveryState(m, now);
  if (m.handover && !m.delivered) return handoverPart(m, m.handover, s);
  if (s.kind === 'on-date') return { id: 'waiting', date: deliveryDay(s.date) };
  if (s.kind !== 'sent') return { id: m.problem === 'address' ? 'cannotSend' : m.problem === 'failed' ? 'notDelivered' : 'beingSent' };
  if (s.sentAt && s.openedAt) return { id: 'sentOnOpened', sent: s.sentAt, opened: s.openedAt };
  if (s.sentAt) return { id: 'sentOn', sent: s.sentAt };
  return s.openedAt ? { id: 'sentOpened', opened: s.openedAt } : { id: 'sent' };
}

/** deliveryStatePart for a letter handed over by `by` (the trustee, then the backup). */
function handoverPart(m: TrusteeMessageFacts, by: readonly HandoverBy[], s: DeliveryState): DeliveryStatePart {
  // The recipient's first open of the link is recorded (a server-only field): the letter reached them.
  if (m.openedAt) return { id: 'handedOverOpened', opened: m.openedAt };
  const [first, backup] = by;
  if (!first) return { id: 'cannotHandOver' };
  const who = (b: HandoverBy) => b.name?.trim() || null;
  if (s.kind === 'on-date') return first.you ? { id: 'waitingThenYou', date: deliveryDay(s.date) } : { id: 'waitingThenOther', date: deliveryDay(s.date), who: who(first) };
  if (first.you) return { id: 'youHandOver' };
  if (backup?.you) return { id: 'otherYouBackup', who: who(first) };
  return backup ? { id: 'otherOrBackup', who: who(first), backup: who(backup) } : { id: 'otherHandsOver', who: who(first) };
}

/**
 * The English of each DeliveryStatePart (the binder's, shared/binder/words.ts; the same words as
 * the English catalog's `releasePage.state.*`, web/release/words.test.ts), with `{date}`, `{sent}`,
 * `{opened}`, `{who}` and `{backup}` where the part's values go.
 */
export const ENGLISH_STATE_LINES: Record<DeliveryStatePart['id'], string> = {
  waiting: 'waiting for its date, {date}',
  cannotSend: 'cannot be sent: its e-mail address is not valid',
  notDelivered: 'could not be delivered: the e-mail to this address was refused or never arrived',
  beingSent: 'being sent',
  sent: 'sent',
  sentOn: 'sent on {sent}',
  sentOpened: 'sent, opened on {opened}',
  sentOnOpened: 'sent on {sent}, opened on {opened}',
  handedOverOpened: 'handed over, opened on {opened}',
  cannotHandOver: 'cannot be handed over: its key is not in the trustee kits that released the plan, so no one can open it',
  waitingThenYou: 'waiting for its date, {date}; then you hand it over',
  waitingThenOther: 'waiting for its date, {date}; then {who} hands it over',
  youHandOver: 'for you to hand over: send the link from your trustee kit page by your own e-mail; not opened yet',
  otherYouBackup: 'for {who} to hand over by their own e-mail, or for you as the backup: the link is on your trustee kit page; not opened yet',
  otherHandsOver: 'for {who} to hand over by their own e-mail; not opened yet',
  otherOrBackup: 'for {who} (or {backup}, the backup) to hand over by their own e-mail; not opened yet',
};

/**
 * `template` with each `{name}` replaced by `values[name]` (as written; a name not given stays as
 * it is): the English of the binder and of the state lines, which need no ICU plural or select.
 */
export const fillTemplate = (template: string, values: Record<string, string> = {}): string =>
  template.replace(/\{(\w+)\}/g, (whole, name: string) => (Object.hasOwn(values, name) ? values[name]! : whole));

/** The English of `p`, dates written by `date`, a trustee not named "a trustee". */
function englishStateLine(p: DeliveryStatePart, date: (iso: string) => string): string {
  const values: Record<string, string> = {};
  for (const [key, value] of Object.entries(p) as [string, string | null][]) {
    if (key !== 'id') values[key] = key === 'who' || key === 'backup' ? (value ?? 'a trustee') : date(value!);
  }
  return fillTemplate(ENGLISH_STATE_LINES[p.id], values);
}

/**
 * A message's real state on the trustee's page in English, lower case after "For <name>: "
 * (deliveryStatePart), with dates written by `date` (an ISO string in, the page's date text out).
 */
export function deliveryStateLine(m: TrusteeMessageFacts, now: number, date: (iso: string) => string): string {
  return englishStateLine(deliveryStatePart(m, now), date);
}

/**
 * The trustee page's words for letters a trustee hands over (README.md "How each message reaches
 * its recipient"), shown beside DELIVERY_RULE_TEXT when the page lists one.
 */
export const HANDOVER_RULE_TEXT =
  'A letter a trustee hands over is never sent by Afterword: on its date (or at the release, if its date had already passed), that trustee is told, and sends its link from their own e-mail.';

/** Help's and the trustee page's statement of the rule, in plain words. */
export const DELIVERY_RULE_TEXT =
  'A message with a date is sent on that date, if the plan has been released by then. A message whose date had already passed at the release, or that has no date, is sent at the release.';
