/**
 * The server's own words as data (issue 44, shared/server-words.ts): `serverWord(code, params)`
 * gives the line with its English text, rendered from the `server-words` catalog
 * (web/i18n/catalogs/en/server-words.json, through mail-i18n.ts), so the English the API keeps in
 * `text` and the words the app shows in each language come from one place.
 *
 * An activity line is kept in the one `text` column of `release_activity` (no migration): a line
 * with a code as JSON (`activityColumn`), read back by `activityLine`; a line written before
 * (plain English) reads as its text, with no code.
 */
import type en from '../../web/i18n/catalogs/en/server-words.json';
import { type ServerWord, type WordParams, wordValues } from '../../shared/server-words';
import { mailWords, type MailWords } from './mail-i18n';

/** An id of the `server-words` catalog (a typo fails `npm run typecheck`). */
export type ServerWordCode = keyof typeof en;

let english: MailWords | undefined;

/** The line `code` with `params` and its English text. Throws when `code` is in no English catalog. */
export function serverWord(code: ServerWordCode, params: WordParams = {}): ServerWord {
  english ??= mailWords('en', 'server-words');
  return { code, params, text: english.t(code, wordValues(params, 'en')) };
}

/** What the `text` column holds for `line`: plain text as given, a coded line as JSON `{ code, params, text }`. */
export function activityColumn(line: string | ServerWord): string {
  return typeof line === 'string' ? line : JSON.stringify({ code: line.code, params: line.params, text: line.text });
}

/** The English text of `line` (plain or coded): what a comparison of two lines compares. */
export const lineText = (line: string | ServerWord): string => (typeof line === 'string' ? line : line.text);

/** The line a `text` column holds: its English text, and its code and params when it was written with them. */
export function activityLine(column: string): { text: string; code?: string; params?: WordParams } {
  if (!column.startsWith('{"code":')) return { text: column };
  try {
    const { code, params, text } = JSON.parse(column) as ServerWord;
    if (typeof code === 'string' && typeof text === 'string' && params && typeof params === 'object') return { code, params, text };
  } catch {
    // not JSON after all: a plain line
  }
  return { text: column };
}
