/**
 * The release pages' words (issue 44, docs/i18n.md "The release pages"): catalog namespace
 * `release-page` (web/i18n/catalogs/<lang>/release-page.json, compiled at build by
 * scripts/vite-catalogs.ts as the app's are). A recipient's page is in the language its JSON names
 * (DeliveryPageData `lang`: the recipient's language as the owner chose it, else the account's;
 * sync-server/release/page-data.ts; main.ts switches to it), and so is a trustee's (TrusteePageData
 * `lang`: the trustee's language as the owner chose it, else the account's). English comes with the page; another language is a small chunk
 * of its own, fetched once the page's data names it. One Lingui instance for the page, English until
 * `showInLanguage` switches it; a message another language lacks is English's. The kit page adds its
 * own namespace, `kit-page` (kit/words.ts, addWords), which no other page fetches.
 */
import { type Messages, setupI18n } from '@lingui/core';
import { DEFAULT_LANGUAGE, type Language, directionOf, isLanguage } from '../../shared/languages';
import { intlLocale } from '../../shared/intl-format';
import { literalValues } from '../../shared/i18n-values';
import en from '../i18n/catalogs/en/release-page.json';

/** An id of the release pages' English catalog. */
export type PageWordId = keyof typeof en;

/** A namespace of the page's words: its English, and every other language's file (each a lazy chunk) by language. */
export interface PageWords {
  en: Messages;
  files: Partial<Record<string, () => Promise<Messages>>>;
}

/**
 * The files of an `import.meta.glob` of a namespace's catalogs (keyed by their paths, which differ
 * with the folder of the module that globs them) by language: `…/catalogs/fr/x.json` → `fr`.
 */
export function filesByLanguage(glob: Record<string, () => Promise<Messages>>): PageWords['files'] {
  return Object.fromEntries(Object.entries(glob).map(([path, load]) => [/\/catalogs\/([^/]+)\/[^/]+\.json$/.exec(path)?.[1] ?? path, load]));
}

const RELEASE_PAGE: PageWords = {
  en: en as unknown as Messages,
  files: filesByLanguage(import.meta.glob<Messages>(['../i18n/catalogs/*/release-page.json', '!../i18n/catalogs/en/release-page.json'], { import: 'messages' })),
};

/** The namespaces this page says words from: `release-page`, and any addWords added (the kit page's `kit-page`). */
const wanted: PageWords[] = [RELEASE_PAGE];
const i18n = setupI18n({ locale: DEFAULT_LANGUAGE, messages: { [DEFAULT_LANGUAGE]: { ...RELEASE_PAGE.en } } });
let current: Language = DEFAULT_LANGUAGE;

/**
 * Adds namespace `words` to the page (once): its English at once, and from the next `showInLanguage`
 * on, its file of that language too. Only a page that says them adds them (the kit page its
 * `kit-page`), so a recipient's page never fetches another namespace's files.
 */
export function addWords(words: PageWords): void {
  if (wanted.includes(words)) return;
  wanted.push(words);
  i18n.load(DEFAULT_LANGUAGE, words.en);
}

/** The words of `id` of any added namespace in the page's language, `values` put in as plain text (a namespace's own typed `t` calls it). */
export const wordsOf = (id: string, values?: Record<string, string | number>): string => i18n._(id, literalValues(values));

/** The words of `id` in the page's language, `values` put in as plain text. */
export const t = (id: PageWordId, values?: Record<string, string | number>): string => wordsOf(id, values);

/** The kinds of fixed labels the release pages name (the app's own words for them: `releasePage.label.<kind>.<key>`). */
export type LabelKind = 'documentType' | 'funeral' | 'burial' | 'when';

/**
 * The page's words for a fixed value `key` of `kind` (a document's type, the funeral and burial
 * choices, a task's timeframe), or undefined for a value that has none (one that did not open).
 */
export function labelOf(kind: LabelKind, key: string): string | undefined {
  const id = `releasePage.label.${kind}.${key}`;
  return Object.hasOwn(en, id) ? t(id as PageWordId) : undefined;
}

/** The page's language now (English until `showInLanguage`): for its dates and sizes (shared/intl-format.ts). */
export const pageLanguage = (): Language => current;

/**
 * Shows the page in `lang` from now on (anything Afterword does not speak: English), and sets
 * `<html lang dir>` (`dir="rtl"` for Arabic). A file that cannot be fetched leaves English.
 */
export async function showInLanguage(lang: string | null | undefined): Promise<void> {
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const messages: Messages = {};
  for (const words of wanted) {
    Object.assign(messages, words.en);
    if (language === DEFAULT_LANGUAGE) continue;
    const load = words.files[language];
    const loaded = load ? await load().catch(() => null) : null;
    if (!loaded) return;
    Object.assign(messages, loaded);
  }
  i18n.load(language, messages);
  i18n.activate(language, [intlLocale(language)]);
  current = language;
  if (typeof document === 'undefined') return; // a unit test's words, no page
  document.documentElement.lang = language;
  document.documentElement.dir = directionOf(language);
}
