/**
 * The printed trustee and executor kits' words in their holder's language (issue 44, docs/i18n.md
 * "The printed kits"): catalog namespace `kit-pdf` (web/i18n/catalogs/<lang>/kit-pdf.json). A kit is
 * made on the owner's device in the language the owner chose for that trustee (the trustee record's
 * `language`, else the account's: kitLanguage), which may not be the language the app is shown in,
 * so the words come from a Lingui instance of their own, never the app's active one. English comes
 * with this module (it is loaded only with kit-pdf.ts's lazy chunk, never with the dashboard); each
 * other language's file is a chunk of its own, fetched when a kit in it is printed (precached with
 * the app's other catalog chunks, so offline too).
 */
import { type Messages, setupI18n } from '@lingui/core';
import { isolatedValues } from '../../../../shared/binder/bidi';
import { literalValues } from '../../../../shared/i18n-values';
import { formatDate, formatNumber, intlLocale } from '../../../../shared/intl-format';
import { DEFAULT_LANGUAGE, directionOf, isLanguage, type Language } from '../../../../shared/languages';
import en from '../../../i18n/catalogs/en/kit-pdf.json';

/** An id of the `kit-pdf` catalog, e.g. 'kitPdf.code'. */
export type KitPdfId = keyof typeof en;

/** The kit's words in one language: its messages, its dates and numbers, and its direction. */
export interface KitPdfWords {
  readonly lang: Language;
  /** True for a language written right to left (Arabic): lines are set from the right margin. */
  readonly rtl: boolean;
  /** The message `id` with `values` put in as written (a number counts for a plural). */
  t(id: KitPdfId, values?: Record<string, string | number>): string;
  /** A date as the kit prints it ("November 27, 2026"; shared/intl-format.ts), in UTC. */
  date(when: Date): string;
  /** A whole number in the language's digits (Western digits in Arabic, kept left to right). */
  number(n: number): string;
}

/** Every language's compiled catalog but English's, by path (each a lazy chunk). */
const FILES = import.meta.glob<Messages>(['../../../i18n/catalogs/*/kit-pdf.json', '!../../../i18n/catalogs/en/*'], { import: 'messages' });

/**
 * The kit's words in `lang` from `messages` (that language's compiled `kit-pdf` catalog; English's
 * when none is given): a message it lacks is English's. Pure: no fetch, no global state.
 */
export function kitPdfWords(lang: Language = DEFAULT_LANGUAGE, messages?: Messages): KitPdfWords {
  const english = en as unknown as Messages;
  const i18n = setupI18n({ locale: lang, locales: [intlLocale(lang)], messages: { [lang]: { ...english, ...(messages ?? {}) } } });
  const rtl = directionOf(lang) === 'rtl';
  return {
    lang,
    rtl,
    // In a right-to-left kit each value is one piece in its own direction, as in the binder.
    t: (id, values) => i18n._(id, literalValues(isolatedValues(rtl, values))),
    date: (when) => formatDate(when.toISOString(), lang),
    number: (n) => formatNumber(n, lang),
  };
}

/**
 * The kit's words in `lang` (anything Afterword does not speak: English), fetching that language's
 * file. Throws what the fetch throws (a TypeError offline before the file was ever cached:
 * print-kit.ts says printing is not on this device yet).
 */
export async function loadKitPdfWords(lang: string | null | undefined): Promise<KitPdfWords> {
  if (!isLanguage(lang) || lang === DEFAULT_LANGUAGE) return kitPdfWords(DEFAULT_LANGUAGE);
  const load = FILES[`../../../i18n/catalogs/${lang}/kit-pdf.json`];
  return kitPdfWords(lang, load ? await load() : undefined);
}

/**
 * The language a kit is printed in (issue 44 "Whose language"): the trustee's as the owner chose it
 * (the trustee record's `language`; null for "Same as yours"), else the owner's account's, as the
 * server's e-mails to that trustee (sync-server/release/service.ts readerLanguage). The executor
 * kit, whose holder is no trustee, passes null: the account's.
 */
export function kitLanguage(trusteeLanguage: string | null | undefined, accountLanguage: string | null | undefined): Language {
  if (isLanguage(trusteeLanguage)) return trusteeLanguage;
  return isLanguage(accountLanguage) ? accountLanguage : DEFAULT_LANGUAGE;
}
