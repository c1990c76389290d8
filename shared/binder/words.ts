/**
 * The family binder's words in its reader's language (issue 44, docs/i18n.md "The family binder"):
 * catalog namespace `binder-pdf` (web/i18n/catalogs/<lang>/binder-pdf.json). shared/ imports
 * nothing of web/, so the caller passes the compiled messages of the binder's language in (the
 * app and the release pages: web/features/export/binder-words.ts); the builder stays a pure
 * function of data, fonts and words. English is here as the catalog's source of truth, built
 * from shared/labels.ts's labels and the trustee page's state lines (shared/delivery-rule.ts), so
 * the binder with no messages given is word for word the English binder it always was; the
 * English catalog holds the same messages (web/features/export/binder-words.test.ts).
 */
import { type Messages, setupI18n } from '@lingui/core';
import { ENGLISH_STATE_LINES, fillTemplate, type DeliveryStatePart } from '../delivery-rule';
import { literalValues } from '../i18n-values';
import { formatDate, formatNumber, intlLocale } from '../intl-format';
import {
  ACCESS_LEVEL_LABELS,
  BURIAL_PREFERENCE_LABELS,
  COMPLETION_STATUS_LABELS,
  DOCUMENT_TYPE_LABELS,
  FUNERAL_TYPE_LABELS,
  ORIGINAL_LOCATION_LABEL,
  PRIORITY_OPTIONS,
  TASK_CATEGORY_LABELS,
  TIMEFRAME_LABELS,
} from '../labels';
import { isolatedValues } from './bidi';
import { DEFAULT_LANGUAGE, type Language, directionOf, isLanguage } from '../languages';

/** Each entry of `labels` as a message `<prefix>.<key>`. */
const labelsOf = <K extends string | number>(prefix: string, labels: Record<K, string>) =>
  Object.fromEntries(Object.entries(labels).map(([key, label]) => [`${prefix}.${key}`, label as string]));

/** A state the binder prints in a trustee's copy (never "you": the binder is read by the whole family). */
type BinderState = Exclude<DeliveryStatePart['id'], 'waitingThenYou' | 'youHandOver' | 'otherYouBackup'>;
const STATES: readonly BinderState[] = ['waiting', 'cannotSend', 'notDelivered', 'beingSent', 'sent', 'sentOn', 'sentOpened', 'sentOnOpened', 'handedOverOpened', 'cannotHandOver', 'waitingThenOther', 'otherHandsOver', 'otherOrBackup'];
const capital = (s: string) => s.charAt(0).toUpperCase() + s.slice(1);

/** The binder's English messages by id (the `binder-pdf` catalog's English). */
export const BINDER_ENGLISH: Readonly<Record<string, string>> = {
  'binderPdf.title': 'Family binder',
  'binderPdf.titleOf': 'Family binder of {name}',
  'binderPdf.unnamed': 'Unnamed',
  'binderPdf.madeOn': 'Made on {date}',
  'binderPdf.intro':
    'This binder holds what matters in the first days, the after-death plan, the tasks for the family, where the legal documents are, and who will receive a message. The messages themselves are delivered privately and are not printed here.',
  'binderPdf.footer': 'Family binder of {name} · made {date} · page {page} of {count}',
  'binderPdf.firstHours': 'In the first 24 hours',
  'binderPdf.whatFirst': 'What to do first',
  'binderPdf.noFirstTasks': 'No tasks are due in the first days.',
  'binderPdf.emergencyContact': 'Emergency contact',
  'binderPdf.noEmergencyContact': 'No emergency contact was given.',
  'binderPdf.phone': 'Phone: {phone}',
  'binderPdf.phoneNotGiven': 'Phone: not given',
  'binderPdf.email': 'E-mail: {email}',
  'binderPdf.health': 'Health information',
  'binderPdf.trustees': 'Trustees',
  'binderPdf.noTrustees': 'No trustees were named.',
  'binderPdf.nameAndDetail': '{name} ({detail})',
  'binderPdf.plan': 'The after-death plan',
  'binderPdf.noPlan': 'No plan was written.',
  'binderPdf.notWritten': 'Not written',
  'binderPdf.field.service': 'Service',
  'binderPdf.field.location': 'Location',
  'binderPdf.field.burial': 'Burial',
  'binderPdf.field.music': 'Music',
  'binderPdf.field.readings': 'Readings',
  'binderPdf.field.specialRequests': 'Special requests',
  'binderPdf.field.obituary': 'Obituary',
  'binderPdf.tasks': 'Tasks for the family',
  'binderPdf.noTasks': 'No tasks were written.',
  'binderPdf.taskLine': 'Priority {priority} ({priorityLabel}) · {category} · {status}',
  'binderPdf.familyToDo': 'For the family to do',
  'binderPdf.resources': 'Resources',
  'binderPdf.documents': 'Legal documents',
  'binderPdf.noDocuments': 'No documents were listed.',
  'binderPdf.type': 'Type: {type}',
  'binderPdf.where': 'Where: {where}',
  'binderPdf.fileKept': 'File "{file}", kept in Afterword (and in the data export under files/documents/)',
  'binderPdf.notGiven': 'Not given',
  'binderPdf.original': `${ORIGINAL_LOCATION_LABEL}: {original}`,
  'binderPdf.messages': 'Messages',
  // Not "Afterword delivers each": a letter a trustee hands over is never sent by Afterword.
  'binderPdf.messagesNote': 'Each message reaches its recipient privately. Their words are not printed here.',
  'binderPdf.noMessages': 'No messages were written.',
  'binderPdf.messageLine': '{kind} · {state}',
  'binderPdf.kind.text': 'Written message',
  'binderPdf.kind.video': 'Video message',
  'binderPdf.kind.audio': 'Audio message',
  'binderPdf.kind.sealed': 'Message (sealed for its recipient)',
  'binderPdf.delivery.delivered': 'Delivered',
  'binderPdf.delivery.reachOn': 'Pending, to reach them on {date} or at release if later',
  'binderPdf.delivery.reach': 'Pending, to reach them after release',
  'binderPdf.delivery.sentOn': 'Pending, to be sent on {date} or at release if later',
  'binderPdf.delivery.sent': 'Pending, sent after release',
  'binderPdf.delivery.aTrustee': 'a trustee',
  'binderPdf.delivery.handover': 'Pending, for {who} to hand over {when} by their own e-mail; {sender}',
  'binderPdf.delivery.withBackup': '{first} (or {backup}, the backup)',
  'binderPdf.delivery.onDate': 'on {date} or at release if later',
  'binderPdf.delivery.afterRelease': 'after release',
  'binderPdf.delivery.notSent': 'Afterword does not send it',
  'binderPdf.delivery.sentIfEarly': 'Afterword sends it only if the plan is released before the trustee kits are in use',
  ...Object.fromEntries(STATES.map((id) => [`binderPdf.state.${id}`, capital(ENGLISH_STATE_LINES[id])])),
  ...labelsOf('binderPdf.timeframe', TIMEFRAME_LABELS),
  ...labelsOf('binderPdf.priority', PRIORITY_OPTIONS),
  ...labelsOf('binderPdf.category', TASK_CATEGORY_LABELS),
  ...labelsOf('binderPdf.status', COMPLETION_STATUS_LABELS),
  ...labelsOf('binderPdf.access', ACCESS_LEVEL_LABELS),
  ...labelsOf('binderPdf.documentType', DOCUMENT_TYPE_LABELS),
  ...labelsOf('binderPdf.funeral', FUNERAL_TYPE_LABELS),
  ...labelsOf('binderPdf.burial', BURIAL_PREFERENCE_LABELS),
};

/** The binder's words in one language: `t(id, values)`, dates and numbers in it, and its direction. */
export interface BinderWords {
  readonly lang: Language;
  /** True for a language written right to left (Arabic): lines are set from the right margin. */
  readonly rtl: boolean;
  /** The message `id` with `values` put in as written. Throws on an id the English lacks (a typo fails its test). */
  /**
   * The label `<prefix>.<key>` of a value read from a record (a trustee's access, a document's
   * type…), or "Not given" for one the catalog does not know: a value that did not open ('' on a
   * trustee's page) or that a newer app wrote. Never throws: one damaged value never stops a binder.
   */
  label(prefix: string, key: string | number | null | undefined): string;
  t(id: string, values?: Record<string, string>): string;
  /** A date (an ISO string, a bare day, or a Date) as a long date in the language (shared/intl-format.ts). */
  date(when: string | Date): string;
  /** A whole number in the language's digits (Western digits in Arabic: numbers kept left to right). */
  number(n: number): string;
}

/**
 * The binder's words in `lang` (anything Afterword does not speak: English) from `messages`, that
 * language's compiled `binder-pdf` catalog (none for English: BINDER_ENGLISH is said as it is).
 * A message `messages` lacks is English's.
 */
export function binderWords(lang: string | null | undefined, messages?: Messages): BinderWords {
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const rtl = directionOf(language) === 'rtl';
  const i18n = messages && language !== DEFAULT_LANGUAGE ? setupI18n({ locale: language, locales: [intlLocale(language)], messages: { [language]: messages } }) : null;
  return {
    lang: language,
    rtl,
    t(id, values) {
      const english = BINDER_ENGLISH[id];
      if (english === undefined) throw new Error(`No message ${id} in the binder's words (shared/binder/words.ts)`);
      // In a right-to-left language each value is set in its own direction as one piece (a phone number reads "+44 1865 000000").
      const put = isolatedValues(rtl, values) as Record<string, string> | undefined;
      return i18n && id in messages! ? i18n._(id, literalValues(put)) : fillTemplate(english, put);
    },
    label(prefix, key) {
      const id = `${prefix}.${key}`;
      return Object.hasOwn(BINDER_ENGLISH, id) ? this.t(id) : this.t('binderPdf.notGiven');
    },
    date: (when) => formatDate(when instanceof Date ? when.toISOString() : when, language),
    number: (n) => formatNumber(n, language),
  };
}
