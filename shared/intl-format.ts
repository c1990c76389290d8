/**
 * Dates, times, numbers and file sizes in a person's language (issue 44), through Intl: the one
 * place a screen, an e-mail or a page formats them for a language of shared/languages.ts. English
 * keeps SPEC.md §9's en-US long dates and shared/files/size.ts's "1.5 MB" exactly (the words the
 * app showed before issue 44, through the same shared/dates.ts functions). Isomorphic (no DOM, no Node).
 */
import { type DateInput, type DateZone, formatLongDate, formatLongDateTime, instantOf, plainSpaces } from './dates';
import { formatBytes } from './files/size';

/**
 * The Intl locale of each language: en-US (SPEC.md §9); Arabic with Western digits ('nu-latn':
 * the digits a person types in the app's fields, and numbers kept left to right; docs/i18n.md asks
 * a native reviewer to confirm). Any other code (the tests' pseudo-locale): en-US.
 */
export function intlLocale(lang: string): string {
  const locales: Record<string, string> = { en: 'en-US', es: 'es', fr: 'fr', de: 'de', ar: 'ar-u-nu-latn' };
  return locales[lang] ?? 'en-US';
}

const english = (lang: string) => intlLocale(lang) === 'en-US';

/** The long date of `when` in `lang` ("November 21, 2026", "21 de noviembre de 2026"); '' for a value that is not a date. */
export function formatDate(when: DateInput, lang: string, zone: DateZone = {}): string {
  if (english(lang)) return formatLongDate(when, zone);
  const at = instantOf(when, zone);
  return at ? plainSpaces(at.date.toLocaleDateString(intlLocale(lang), { year: 'numeric', month: 'long', day: 'numeric', timeZone: at.timeZone })) : '';
}

/** The long date and time of `when` in `lang`, the zone named (a bare day: its date); '' for a value that is not a date. */
export function formatDateTime(when: DateInput, lang: string, zone: DateZone = {}): string {
  if (english(lang)) return formatLongDateTime(when, zone);
  const at = instantOf(when, zone);
  if (!at) return '';
  if (at.bareDay) return formatDate(when, lang);
  const options = { year: 'numeric', month: 'long', day: 'numeric', hour: 'numeric', minute: '2-digit', timeZoneName: 'short', timeZone: at.timeZone } as const;
  return plainSpaces(at.date.toLocaleString(intlLocale(lang), options));
}

/** The time of day of `when` in `lang` ("3:04 PM", "15:04"), without the date; '' for a value that is not a date. */
export function formatTime(when: DateInput, lang: string, zone: DateZone = {}): string {
  const at = instantOf(when, zone);
  return at ? plainSpaces(at.date.toLocaleTimeString(intlLocale(lang), { hour: 'numeric', minute: '2-digit', timeZone: at.timeZone })) : '';
}

/** `n` with `lang`'s digits grouping and decimal mark ("1,234.5", "1.234,5", "1 234,5"). */
export function formatNumber(n: number, lang: string, options?: Intl.NumberFormatOptions): string {
  return plainSpaces(new Intl.NumberFormat(intlLocale(lang), options).format(n));
}

const UNITS = ['byte', 'kilobyte', 'megabyte', 'gigabyte', 'terabyte'] as const;

/**
 * A byte count in binary units in `lang` (1 KB = 1024 bytes, as the file limits are set): one decimal
 * under 10, whole numbers above. English: shared/files/size.ts's words ("1.5 MB", "1 byte").
 */
export function formatFileSize(bytes: number, lang: string): string {
  if (english(lang)) return formatBytes(bytes);
  let value = bytes;
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit > 0 && value < 10 ? 1 : 0;
  return formatNumber(unit === 0 ? bytes : value, lang, { style: 'unit', unit: UNITS[unit], unitDisplay: unit === 0 ? 'long' : 'short', maximumFractionDigits: digits });
}
