/**
 * The HTML part of an e-mail (issue 44): the plain text as it is, in `<html lang dir>` so a mail
 * program lays out and reads aloud each language rightly (`dir="rtl"` for Arabic). Paragraphs at
 * blank lines, line breaks kept, the server's own addresses (`ownBase`) links; everything else
 * escaped, so a name in the text can never become markup nor a link in an e-mail sent in
 * Afterword's name (security review s23-i18n L1). The plain-text part stays the e-mail's words (mailer.ts sends both).
 */
import { directionOf } from '../../shared/languages';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** True when `url` is on the server at `ownBase` (its origin, then a path, query or nothing). */
const isOwn = (url: string, ownBase: string) => url === ownBase || (url.startsWith(ownBase) && /^[/?#]/.test(url.slice(ownBase.length)));

/** One line of text as HTML, the server's own addresses made links. */
const line = (s: string, ownBase: string) =>
  s
    .split(/(https?:\/\/\S+)/)
    .map((part, i) => (i % 2 === 1 && isOwn(part, ownBase) ? `<a href="${escape(part)}">${escape(part)}</a>` : escape(part)))
    .join('');

/**
 * The HTML document of an e-mail whose plain text is `text`, in language `lang` (a code of
 * shared/languages.ts); `ownBase` is the server's address (app-env.ts linkBase, no trailing slash).
 */
export function emailHtml(subject: string, text: string, lang: string, ownBase: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map((l) => line(l, ownBase)).join('<br>\n')}</p>`)
    .join('\n');
  return `<!doctype html>
<html lang="${escape(lang)}" dir="${directionOf(lang)}">
<head><meta charset="utf-8"><title>${escape(subject)}</title></head>
<body>
${paragraphs}
</body>
</html>
`;
}
