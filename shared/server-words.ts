/**
 * The server's own words as data (issue 44, docs/i18n.md "The server's own words"): a line the
 * server writes for the owner (what is missing on Settings' readiness panel, an activity line)
 * carries a stable `code` (an id of the `server-words` catalog, web/i18n/catalogs/<lang>/
 * server-words.json) and plain `params`, besides its English `text` (kept for older clients and
 * scripts, docs/api.md). The server renders `text` from the English catalog
 * (sync-server/release/server-words.ts); the app renders the code in the owner's language
 * (web/features/settings/server-words.ts), or shows `text` for a code it does not know (a newer server).
 * Isomorphic (no DOM, no Node).
 */
import { formatDate, formatDateTime } from './intl-format';

/** A line's values: strings and numbers only. A key ending in `At` is an ISO instant, one ending in `On` a bare day (YYYY-MM-DD). */
export type WordParams = Record<string, string | number>;

/** One line of the server's words: its catalog id, its values, and its English as the server wrote it. */
export interface ServerWord {
  code: string;
  params: WordParams;
  text: string;
}

/**
 * `params` ready for the message in `lang`: an `…At` instant as a long date and time in UTC (the
 * words the server wrote before issue 44 said, shared/dates.ts formatLongDateTime), an `…On` day
 * as a long date; other values unchanged. Takes the params and a language code; returns new values.
 */
export function wordValues(params: WordParams, lang: string): WordParams {
  const out: WordParams = {};
  for (const [k, v] of Object.entries(params)) {
    out[k] = typeof v === 'string' && k.endsWith('At') ? formatDateTime(v, lang, { timeZone: 'UTC' }) : typeof v === 'string' && k.endsWith('On') ? formatDate(v, lang) : v;
  }
  return out;
}
