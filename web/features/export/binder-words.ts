/**
 * The family binder's words on the device (issue 44, shared/binder/words.ts): the compiled
 * `binder-pdf` catalog of the binder's language, a chunk of its own per language fetched only when
 * a binder is made (precached with the app's other catalog chunks, so it works offline). Used by
 * the owner's binder (actions.ts, in the app's language) and a trustee's (web/release/binder.ts, in
 * the trustee page's language).
 */
import type { Messages } from '@lingui/core';
import { DEFAULT_LANGUAGE, isLanguage } from '../../../shared/languages';

/** Every language's catalog but English's (the builder has English itself), by path. */
const FILES = import.meta.glob<Messages>(['../../i18n/catalogs/*/binder-pdf.json', '!../../i18n/catalogs/en/*'], { import: 'messages' });

/**
 * The compiled `binder-pdf` messages of `lang`, or undefined for English or a language Afterword
 * does not speak (the binder is then English). A catalog that cannot be fetched (offline before it
 * was ever cached) also leaves the binder in English rather than no binder at all.
 */
export async function loadBinderMessages(lang: string | null | undefined): Promise<Messages | undefined> {
  if (!isLanguage(lang) || lang === DEFAULT_LANGUAGE) return undefined;
  const load = FILES[`../../i18n/catalogs/${lang}/binder-pdf.json`];
  return load
    ? load().catch((err: unknown) => {
        console.warn(`The ${lang} words of the family binder could not be fetched; it is made in English`, err); // visible, never silent
        return undefined;
      })
    : undefined;
}
