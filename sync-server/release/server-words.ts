/**
 * The server's own words as data (issue 44, shared/server-words.ts): `serverWord(code, params)`
 * gives the line with its English text, rendered from the `server-words` catalog
 * (web/i18n/catalogs/en/server-words.json, read from disk by mail-i18n.ts), so the English the API
 * keeps in `text` and the words the app shows in each language come from one place. How an
 * activity line is kept in its table: store/activity-line.ts.
 */
import type { ServerWord, WordParams } from '../../shared/server-words';
import { wordValues } from '../../shared/server-words';
import { mailWords, type MailWords } from './mail-i18n';

/** An id of the `server-words` catalog; one in no English catalog throws when the line is made (a test that makes it fails). */
export type ServerWordCode = `serverWords.${'missing' | 'activity' | 'problem'}.${string}`;

let english: MailWords | undefined;

/** The line `code` with `params` and its English text. Throws when `code` is in no English catalog. */
export function serverWord(code: ServerWordCode, params: WordParams = {}): ServerWord {
  english ??= mailWords('en', 'server-words');
  return { code, params, text: english.t(code, wordValues(params, 'en')) };
}
