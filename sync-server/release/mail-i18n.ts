/**
 * The server's words in a reader's language (issue 44, docs/i18n.md "E-mails"): the same JSON
 * catalogs as the web app (web/i18n/catalogs/<lang>/<namespace>.json; the e-mails are namespace
 * `mail`), read from disk and compiled with Lingui's own compiler the first time a language is
 * used, so there is no generated file to go stale: a word changed in a catalog is the word the
 * next server start writes, under tsx and in the test bundle alike (sync-server/test/server-bundle.ts
 * keeps each module's own `import.meta.url`).
 *
 * One Lingui instance per e-mail (`mailWords`), never a process-wide active language: two e-mails
 * in two languages may be written at once. A message a language lacks is English's; an id that is
 * in no English catalog throws (a typo fails the test that renders the e-mail, not a reader).
 */
import { readFileSync } from 'node:fs';
import { type I18n, type Messages, setupI18n } from '@lingui/core';
import { compileMessageOrThrow } from '@lingui/message-utils/compileMessage';
import { DEFAULT_LANGUAGE, type Language, directionOf, isLanguage } from '../../shared/languages';
import { intlLocale } from '../../shared/intl-format';
import { literalValues } from '../../shared/i18n-values';

/** The catalogs' folder, beside the web app's code that uses the same files. */
const CATALOGS = new URL('../../web/i18n/catalogs/', import.meta.url);

/**
 * The server's namespaces: the e-mails', the pages their links open on the server (page.ts,
 * public-routes.ts, report-form.ts), and the lines the app shows (server-words.ts: English here).
 */
export type MailNamespace = 'mail' | 'link-pages' | 'server-words';

const compiled = new Map<string, Messages>();

/** The compiled messages of `ns` in `lang` (read once per process). Throws when the file is missing or a message is not valid ICU. */
function catalog(lang: Language, ns: MailNamespace): Messages {
  const key = `${lang}/${ns}`;
  const known = compiled.get(key);
  if (known) return known;
  const source = JSON.parse(readFileSync(new URL(`${key}.json`, CATALOGS), 'utf8')) as Record<string, string>;
  const messages: Messages = {};
  for (const [id, message] of Object.entries(source)) {
    try {
      messages[id] = compileMessageOrThrow(message);
    } catch (err) {
      throw new Error(`web/i18n/catalogs/${key}.json: ${id} does not parse (${err instanceof Error ? err.message : String(err)})`);
    }
  }
  compiled.set(key, messages);
  return messages;
}

const merged = new Map<string, Messages>();

/** `ns` in `lang` with English under it (a message the language lacks is English's): merged once per process, like the compiled catalogs. */
function withEnglish(lang: Language, ns: MailNamespace): Messages {
  const english = catalog(DEFAULT_LANGUAGE, ns);
  if (lang === DEFAULT_LANGUAGE) return english;
  const key = `${lang}/${ns}`;
  const known = merged.get(key);
  if (known) return known;
  const messages = { ...english, ...catalog(lang, ns) };
  merged.set(key, messages);
  return messages;
}

/** Values of a message's placeholders (numbers are formatted in the reader's language). */
export type MailValues = Record<string, string | number>;

/** One e-mail's words: `t(id, values)`, the language they are in, and its writing direction. */
export interface MailWords {
  readonly lang: Language;
  readonly dir: 'ltr' | 'rtl';
  t(id: string, values?: MailValues): string;
}

/**
 * The words of one e-mail in `lang` (an account's, a trustee's or a recipient's language as stored;
 * anything that is not one of shared/languages.ts is English). A fresh Lingui instance each call, over the catalogs merged once (withEnglish).
 */
export function mailWords(lang: string | null | undefined, ns: MailNamespace = 'mail'): MailWords {
  const language: Language = isLanguage(lang) ? lang : DEFAULT_LANGUAGE;
  const english = catalog(DEFAULT_LANGUAGE, ns);
  const i18n: I18n = setupI18n({
    locale: language,
    locales: [intlLocale(language)],
    messages: { [language]: withEnglish(language, ns) },
  });
  return {
    lang: language,
    dir: directionOf(language),
    t(id, values) {
      if (!(id in english)) throw new Error(`No message ${id} in web/i18n/catalogs/en/${ns}.json`);
      return i18n._(id, literalValues(values));
    },
  };
}

/** "Dear Ana," or, with no name to use, "Hello," in the e-mail's language. */
export const greeting = (w: MailWords, name?: string) => (name ? w.t('mail.helloNamed', { name }) : w.t('mail.hello'));

/** A whole e-mail: greeting, body, sign-off ("With care,\nAfterword"), as every e-mail of the release is laid out. */
export const letter = (w: MailWords, name: string | undefined, body: string) => `${greeting(w, name)}\n\n${body}\n\n${w.t('mail.signOff')}`;
