/**
 * The HTML part of an e-mail (issue 44): the plain text as it is, in `<html lang dir>` so a mail
 * program lays out and reads aloud each language rightly (`dir="rtl"` for Arabic). Paragraphs at
 * blank lines, line breaks kept, every http(s) link a link; everything else escaped, so a name in
 * the text can never become markup. The plain-text part stays the e-mail's words (mailer.ts sends both).
 */
import { directionOf } from '../../shared/languages';

const escape = (s: string) => s.replace(/[&<>"']/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;', "'": '&#39;' })[c]!);

/** One line of text as HTML, its links made links. */
const line = (s: string) =>
  s
    .split(/(https?:\/\/\S+)/)
    .map((part, i) => (i % 2 === 1 ? `<a href="${escape(part)}">${escape(part)}</a>` : escape(part)))
    .join('');

/** The HTML document of an e-mail whose plain text is `text`, in language `lang` (a code of shared/languages.ts). */
export function emailHtml(subject: string, text: string, lang: string): string {
  const paragraphs = text
    .split(/\n{2,}/)
    .map((p) => `<p>${p.split('\n').map(line).join('<br>\n')}</p>`)
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
