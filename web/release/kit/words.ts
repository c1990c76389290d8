/**
 * The kit page's words (issue 44, docs/i18n.md "The release pages"): catalog namespace `kit-page`
 * (web/i18n/catalogs/<lang>/kit-page.json), said through the release pages' one Lingui instance
 * (../words.ts). A namespace of its own, so a recipient's or trustee's page never fetches it; the
 * kit page adds it (`addKitWords`) before it switches to the language the kit API names
 * (KitInfo `lang`: the trustee's as the owner chose it, else the account's).
 */
import type { Messages } from '@lingui/core';
import en from '../../i18n/catalogs/en/kit-page.json';
import copyViewEn from '../../i18n/catalogs/en/copy-view.json';
import type { CopyWords } from '../../../shared/share-copy-view';
import { addWords, filesByLanguage, wordsOf, type PageWords } from '../words';

/** An id of the kit page's English catalog. */
export type KitWordId = keyof typeof en;

const KIT_PAGE: PageWords = {
  en: en as unknown as Messages,
  files: filesByLanguage(import.meta.glob<Messages>(['../../i18n/catalogs/*/kit-page.json', '!../../i18n/catalogs/en/kit-page.json'], { import: 'messages' })),
};

/** The words of a shared item's view (shared/share-copy-view.ts; namespace `copy-view`, also the app's): the emergency access shows items. */
const COPY_VIEW: PageWords = {
  en: copyViewEn as unknown as Messages,
  files: filesByLanguage(import.meta.glob<Messages>(['../../i18n/catalogs/*/copy-view.json', '!../../i18n/catalogs/en/copy-view.json'], { import: 'messages' })),
};

/** Adds the kit page's words, and the shared items' view's, to the page (once); `showInLanguage` then fetches them in its language too. */
export const addKitWords = (): void => {
  addWords(KIT_PAGE);
  addWords(COPY_VIEW);
};

/** copyView's words (shared/share-copy-view.ts) in the page's language. */
export const kitCopyWords: CopyWords = (id) => {
  addKitWords();
  return wordsOf(id);
};

/** The kit page's words of `id` in the page's language, `values` put in as plain text. */
export function kt(id: KitWordId, values?: Record<string, string | number>): string {
  addKitWords();
  return wordsOf(id, values);
}

const SLOT = '\u0000';

/**
 * The words of `id` with `node` (e.g. a `<strong>` fingerprint) in place of its `{slot}` argument,
 * wherever the language puts it: the text before it, the node, the text after it.
 */
export function ktWith(id: KitWordId, slot: string, node: Node, values?: Record<string, string | number>): Array<string | Node> {
  const [before = '', after = ''] = kt(id, { ...values, [slot]: SLOT }).split(SLOT);
  return [before, node, after];
}
