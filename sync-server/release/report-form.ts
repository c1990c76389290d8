/**
 * Reporting a death is deliberate (issue "Promises kept", finding 6; DESIGN.md §8): the trustee's
 * link shows what reporting means, and the report itself is a second, confirmed step with an
 * optional date of death and a note that the owner reads while the waiting period runs (in case
 * it is a mistake). "I'm still their trustee" is a different, clearly secondary action.
 * Server-rendered, no script (page.ts); every value is escaped by hono/html. In the trustee's
 * language (catalog namespace `link-pages`; English is the words these pages had, word for word).
 */
import { html } from 'hono/html';
import type { MailWords } from './mail-i18n';
import { type Html, pageWords, say } from './page';

/** True for the one public form that posts fields (http/csrf.ts `formBody`): POST /api/trustee/report/<token>. */
export const isReportForm = (method: string, path: string) => method === 'POST' && /^\/api\/trustee\/report\/[A-Za-z0-9_-]+$/.test(path);

/** The longest note a trustee may leave (characters, after trimming). */
export const REPORT_NOTE_MAX = 1000;

/** What the confirmation form sends (application/x-www-form-urlencoded). */
export interface ReportForm {
  confirmed?: string;
  diedOn?: string;
  note?: string;
}

export type ParsedReport = { ok: true; diedOn: string | null; note: string | null } | { ok: false; errors: Partial<Record<'confirmed' | 'diedOn' | 'note', string>> };

const DAY_MS = 86_400_000;
const isoDay = (ms: number) => new Date(ms).toISOString().slice(0, 10);

/**
 * Checks the confirmation form against the server's `now` (ms): the box must be ticked, the date
 * of death (optional, YYYY-MM-DD) a real day from 1900 to today (a day of slack for time zones),
 * the note (optional) at most REPORT_NOTE_MAX characters, control characters other than line
 * breaks removed. What is wrong is said in `w`'s language (the trustee's; default English).
 */
export function parseReportForm(form: ReportForm, now: number, w: MailWords = pageWords('en')): ParsedReport {
  const errors: Partial<Record<'confirmed' | 'diedOn' | 'note', string>> = {};
  if (form.confirmed !== 'yes') errors.confirmed = w.t('linkPage.report.errorConfirmed');
  const day = (form.diedOn ?? '').trim();
  if (day && !(/^\d{4}-\d{2}-\d{2}$/.test(day) && isoDay(Date.parse(`${day}T00:00:00Z`)) === day)) errors.diedOn = w.t('linkPage.report.errorDate');
  else if (day && (day < '1900-01-01' || day > isoDay(now + DAY_MS))) errors.diedOn = w.t('linkPage.report.errorFuture');
  // eslint-disable-next-line no-control-regex
  const note = (form.note ?? '').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
  if (note.length > REPORT_NOTE_MAX) errors.note = w.t('linkPage.report.errorNote', { max: String(REPORT_NOTE_MAX) });
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, diedOn: day || null, note: note || null };
}

/** The report link's first page: what reporting means, and the two different actions, in `w`'s language (default English). */
export function reportIntro(p: { first: string; waitingDays: number; confirmPath: string; stillTrusteePath: string }, w: MailWords = pageWords('en')): Html {
  const v = { first: p.first, days: p.waitingDays };
  return html`<h1>${say(w, 'linkPage.report.introHeading', v)}</h1>
<p>${say(w, 'linkPage.hello')}</p>
<p>${say(w, 'linkPage.report.introSorry', v)}</p>
<p>${say(w, 'linkPage.report.introWhat', v)}</p>
<p><a href="${p.confirmPath}">${say(w, 'linkPage.report.link', v)}</a></p>
<div class="card">
<h2>${say(w, 'linkPage.report.checkingIn')}</h2>
<p class="muted">${say(w, 'linkPage.report.checkingInBody', v)}</p>
<form method="post" action="${p.stillTrusteePath}"><button type="submit" class="secondary">${say(w, 'linkPage.report.stillTrustee', v)}</button></form>
</div>`;
}

/** The confirmation step: "has died" in the trustee's words, an optional date and note, then the report; in `w`'s language (default English). */
export function reportConfirm(
  p: { first: string; waitingDays: number; action: string; backPath: string; form?: ReportForm; errors?: Partial<Record<string, string>> },
  w: MailWords = pageWords('en'),
): Html {
  const e = p.errors ?? {};
  const v = { first: p.first, days: p.waitingDays };
  const err = (field: string) => (e[field] ? html`<p class="error" id="${field}-error">${e[field]}</p>` : '');
  return html`<h1>${say(w, 'linkPage.report.link', v)}</h1>
<p>${say(w, 'linkPage.report.confirmBody', v)}</p>
<form method="post" action="${p.action}">
<p><label for="diedOn">${say(w, 'linkPage.report.diedOn')}</label><br>
<input type="date" id="diedOn" name="diedOn" value="${p.form?.diedOn ?? ''}"${e.diedOn ? html` aria-invalid="true" aria-describedby="diedOn-error"` : ''}></p>
${err('diedOn')}
<p><label for="note">${say(w, 'linkPage.report.note', v)}</label><br>
<span class="muted" id="note-hint">${say(w, 'linkPage.report.noteHint', v)}</span><br>
<textarea id="note" name="note" rows="4" maxlength="${REPORT_NOTE_MAX}" aria-describedby="note-hint${e.note ? ' note-error' : ''}">${p.form?.note ?? ''}</textarea></p>
${err('note')}
<p><label><input type="checkbox" name="confirmed" value="yes"${e.confirmed ? html` aria-invalid="true" aria-describedby="confirmed-error"` : ''}> ${say(w, 'linkPage.report.confirmBox', v)}</label></p>
${err('confirmed')}
<p><button type="submit">${say(w, 'linkPage.report.submit', v)}</button></p>
</form>
<p><a href="${p.backPath}">${say(w, 'linkPage.report.goBack')}</a></p>`;
}
