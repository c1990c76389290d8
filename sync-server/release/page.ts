/**
 * The layout of the server-rendered token forms for people without an account (a trustee's
 * invitation and report, a resend's answer, the owner's one-click cancel: none shows content; a
 * trustee's view and a recipient's message are the static pages of web/release/), with hono/html: every interpolated value is escaped by its
 * `html` tag; only other `html` results (and `raw`, used here for the constant stylesheet) pass
 * through. One constant inline script (LOCAL_TIMES), allowed by its hash like the one stylesheet,
 * only rewrites each `<time data-local>` into the reader's own time zone (issue "Promises kept",
 * finding 6: times in UTC); without it the page says the time in UTC, naming it. Forms may only
 * post back to us, and nothing is indexed, cached (the /api Cache-Control) or leaked in a Referer
 * to another site.
 */
import { createHash } from 'node:crypto';
import type { Context } from 'hono';
import { html, raw } from 'hono/html';
import { LONG_DATE_TIME_OPTIONS } from '../../shared/dates';
import { formatDateTime, intlLocale } from '../../shared/intl-format';
import { directionOf } from '../../shared/languages';
import { type MailValues, type MailWords, mailWords } from './mail-i18n';

/** A fragment of escaped HTML, as hono/html's `html` tag returns it. */
export type Html = ReturnType<typeof html>;

const STYLE = `
body{margin:0;background:#f8fafc;color:#1e293b;font:17px/1.6 Georgia,'Times New Roman',serif}
main{max-width:40rem;margin:0 auto;padding:2rem 1.25rem 4rem}
h1{font-size:1.75rem;line-height:1.25;margin:0 0 1rem}h2{font-size:1.25rem;margin:2rem 0 .5rem}
p,li{font-family:system-ui,sans-serif}.muted{color:#475569;font-size:.95rem}
.card{background:#fff;border:1px solid #e7e5e4;border-radius:.75rem;padding:1.25rem;margin:1rem 0}
.body{white-space:pre-wrap;font-size:1.1rem}
ul{padding-left:1.25rem}li{margin:.35rem 0}
button{font:inherit;font-family:system-ui,sans-serif;background:#334155;color:#fff;border:0;border-radius:.5rem;padding:.7rem 1.1rem;min-height:44px;cursor:pointer}
button.small{padding:.35rem .8rem;font-size:.9rem}form.inline{display:inline}
button.secondary{background:#fff;color:#334155;border:1px solid #94a3b8}.error{color:#b91c1c;font-family:system-ui,sans-serif}
input,textarea{font:inherit;font-family:system-ui,sans-serif;border:1px solid #94a3b8;border-radius:.4rem;padding:.5rem;max-width:100%;box-sizing:border-box}textarea{width:100%}
input[type=checkbox]{width:1.25rem;height:1.25rem;vertical-align:middle}label{font-family:system-ui,sans-serif}
a{color:#1d4ed8}dt{font-family:system-ui,sans-serif;font-weight:600}dd{margin:0 0 .75rem;font-family:system-ui,sans-serif}
`;
const STYLE_HASH = createHash('sha256').update(STYLE).digest('base64');
/**
 * Shows each `<time data-local datetime>` in the reader's zone, as shared/dates.ts
 * formatLongDateTime does (the same Intl options; plain spaces).
 */
const LOCAL_TIMES = `for(const t of document.querySelectorAll('time[data-local]')){const d=new Date(t.dateTime);if(!isNaN(d))t.textContent=d.toLocaleString(t.dataset.locale||'en-US',${JSON.stringify(LONG_DATE_TIME_OPTIONS)}).replace(/[\u202f\u00a0]/g,' ')}`;
const SCRIPT_HASH = createHash('sha256').update(LOCAL_TIMES).digest('base64');
/** No media and no script but LOCAL_TIMES: these pages only show words and post forms back to us. */
export const PAGE_CSP = `default-src 'none'; style-src 'sha256-${STYLE_HASH}'; script-src 'sha256-${SCRIPT_HASH}'; form-action 'self'; base-uri 'none'; frame-ancestors 'none'`;

/**
 * A moment on these pages in the reader's language `lang` (English: SPEC.md §9's): in UTC, naming
 * it, and in the reader's own zone where scripts run (LOCAL_TIMES, in the locale the element names).
 */
export const localTime = (ms: number, lang = 'en'): Html => {
  const locale = intlLocale(lang);
  const named = locale === 'en-US' ? '' : html` data-locale="${locale}"`; // English: the script's default
  return html`<time datetime="${new Date(ms).toISOString()}" data-local${named}>${formatDateTime(ms, lang, { timeZone: 'UTC' })}</time>`;
};

/** The words of these pages in `lang` (catalog namespace `link-pages`, ./mail-i18n.ts): a trustee's language, or the owner's. */
export const pageWords = (lang?: string | null): MailWords => mailWords(lang, 'link-pages');

/** Text for an element's content or a double-quoted attribute (every attribute here is): `'` stays, as these pages' words always had it. */
const escapeText = (s: string) => s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!);

/** Message `id` of `w` as escaped HTML, for a page's body (its words and `values` are text, never markup). */
export const say = (w: MailWords, id: string, values?: MailValues): Html => raw(escapeText(w.t(id, values)));

/**
 * Message `id` as HTML with `parts` (a time, a link) put in at their placeholders: the words and
 * `values` escaped, the parts as they are (already escaped HTML). A translation may place them anywhere.
 */
export function wordsWith(w: MailWords, id: string, values: MailValues, parts: Record<string, Html>): Html {
  const mark = (name: string) => `\u0000${name}\u0000`;
  const plain = Object.fromEntries(Object.entries(values).map(([k, v]) => [k, typeof v === 'string' ? v.replace(/\u0000/g, '') : v]));
  const text = w.t(id, { ...plain, ...Object.fromEntries(Object.keys(parts).map((k) => [k, mark(k)])) });
  return raw(text.split(/\u0000/).map((piece, i) => (i % 2 === 1 && piece in parts ? String(parts[piece]) : escapeText(piece))).join(''));
}

/** A whole page with the security headers of a private, public-link page, in language `lang` (`<html lang dir>`). */
export function page(c: Context, title: string, body: Html, status: 200 | 400 | 403 | 404 | 409 | 429 = 200, lang = 'en') {
  c.header('Content-Security-Policy', PAGE_CSP);
  // The Referrer-Policy header is no-referrer (http/security-headers.ts); the page's <meta> relaxes
  // it to same-origin only so that its own forms carry a real Origin (with no-referrer, Chromium
  // sends `Origin: null`, which the CSRF check rightly refuses). Other sites never see the URL.
  c.header('X-Robots-Tag', 'noindex, nofollow');
  c.header('X-Content-Type-Options', 'nosniff');
  c.header('X-Frame-Options', 'DENY');
  const doc = html`<!doctype html>
<html lang="${lang}" dir="${directionOf(lang)}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="referrer" content="same-origin"><title>${title} · Afterword</title><style>${raw(STYLE)}</style></head>
<body><main>${body}</main><script>${raw(LOCAL_TIMES)}</script></body></html>`;
  return c.html(doc, status);
}

/** The one answer for any invalid, expired, revoked or premature link: in English, since no link says whose it is. */
export function notFoundPage(c: Context) {
  const w = pageWords('en');
  return page(c, w.t('linkPage.notFound.title'), html`<h1>${say(w, 'linkPage.notFound.heading')}</h1>
<p>${say(w, 'linkPage.notFound.body')}</p>`, 404);
}

/** Where the static release pages live (web/release/, built to dist/r/): a trustee's, a recipient's. */
export const RELEASE_PAGE_PATHS = { access: '/r/t/', delivery: '/r/d/' } as const;
