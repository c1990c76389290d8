/**
 * The server's own words on Settings in the owner's language (issue 44, shared/server-words.ts):
 * what is missing on the readiness card and the activity lines come with a `code` and `params`
 * besides their English `text`; `sayServerWord` says the code from the `server-words` catalog
 * (web/i18n/catalogs/<lang>/server-words.json, the file the server renders its English from), and
 * a code this app does not know (a newer server's) or a line without one (written before codes)
 * as the server's `text`. Its words come with Settings' chunk; other languages' are a chunk each.
 */
import en from '../../i18n/catalogs/en/server-words.json';
import { namespace, t, type MessageId } from '../../i18n/i18n';
import { type WordParams, wordValues } from '../../../shared/server-words';

/** Call first in a component that says the server's words: in another language it waits (Suspense) for them. */
export const useServerWordsMessages = namespace(
  'server-words',
  en,
  import.meta.glob(['../../i18n/catalogs/*/server-words.json', '!../../i18n/catalogs/en/*'], { import: 'messages' }),
);

const known = (code: string): code is keyof typeof en & MessageId => Object.prototype.hasOwnProperty.call(en, code);

/**
 * The line in `lang` (the language shown): its code's message with its params (dates as the
 * server's English gives them, in UTC), or `text` as the server wrote it. Takes an item of the
 * readiness's `missingItems` or an activity line; returns the words to show.
 */
export function sayServerWord(item: { code?: string; params?: WordParams; text: string }, lang: string): string {
  return item.code && known(item.code) ? t(item.code, wordValues(item.params ?? {}, lang)) : item.text;
}
