/**
 * How an activity line is kept in the one `text` column of `release_activity` (issue 44, no
 * migration): a line with a code (shared/server-words.ts) as JSON `{ code, params, text }`
 * (`activityColumn`), read back by `activityLine`; a line written before (plain English) reads as
 * its text, with no code. The SQLite and PostgreSQL stores both use these.
 */
import type { ServerWord, WordParams } from '../../../shared/server-words';

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
