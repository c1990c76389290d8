/**
 * The languages Afterword speaks (issue 44): their codes, their names in themselves, their writing
 * direction, and which of them a browser's preferences pick. Shared: the web app lays pages out and
 * loads catalogs by them; the server validates an account's language with them (shared/schema/user.ts)
 * and will write e-mails in it. Adding a language: docs/i18n.md "Adding a language".
 */

/** Every language a person can choose, English first (the default and the fallback). */
export const LANGUAGES = ['en', 'es', 'fr', 'de', 'ar'] as const;
export type Language = (typeof LANGUAGES)[number];

/** The language of a visitor whose browser prefers none of LANGUAGES, and of accounts made before issue 44. */
export const DEFAULT_LANGUAGE: Language = 'en';

/** Each language named in itself (a person looking for their own language reads it in that language). */
export const LANGUAGE_NAMES: Readonly<Record<Language, string>> = {
  en: 'English',
  es: 'Español',
  fr: 'Français',
  de: 'Deutsch',
  ar: 'العربية',
};

/** True when `value` is one of LANGUAGES. */
export function isLanguage(value: unknown): value is Language {
  return typeof value === 'string' && (LANGUAGES as readonly string[]).includes(value);
}

/** The writing direction of `lang`: 'rtl' for Arabic, else 'ltr' (for `<html dir>` and e-mails). */
export function directionOf(lang: string): 'ltr' | 'rtl' {
  return lang === 'ar' ? 'rtl' : 'ltr';
}

/**
 * The first of `preferred` (BCP 47 tags in the browser's order, e.g. navigator.languages) that
 * Afterword speaks, by its primary subtag ('es-MX' → 'es'); DEFAULT_LANGUAGE when none is.
 */
export function pickLanguage(preferred: readonly string[]): Language {
  for (const tag of preferred) {
    const primary = tag.toLowerCase().split(/[-_]/)[0];
    if (isLanguage(primary)) return primary;
  }
  return DEFAULT_LANGUAGE;
}
