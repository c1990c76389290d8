/**
 * Reporting a death is deliberate (issue "Promises kept", finding 6; DESIGN.md §8): the trustee's
 * link shows what reporting means, and the report itself is a second, confirmed step with an
 * optional date of death and a note that the owner reads while the waiting period runs (in case
 * it is a mistake). "I'm still their trustee" is a different, clearly secondary action.
 * Server-rendered, no script (page.ts); every value is escaped by hono/html.
 */
import { html } from 'hono/html';
import type { Html } from './page';

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
 * breaks removed.
 */
export function parseReportForm(form: ReportForm, now: number): ParsedReport {
  const errors: Partial<Record<'confirmed' | 'diedOn' | 'note', string>> = {};
  if (form.confirmed !== 'yes') errors.confirmed = 'Please tick the box to confirm.';
  const day = (form.diedOn ?? '').trim();
  if (day && !(/^\d{4}-\d{2}-\d{2}$/.test(day) && isoDay(Date.parse(`${day}T00:00:00Z`)) === day)) errors.diedOn = 'Please enter a real date, or leave it empty.';
  else if (day && (day < '1900-01-01' || day > isoDay(now + DAY_MS))) errors.diedOn = 'The date of death cannot be in the future.';
  // eslint-disable-next-line no-control-regex
  const note = (form.note ?? '').replace(/[\u0000-\u0009\u000b-\u001f\u007f]/g, '').trim();
  if (note.length > REPORT_NOTE_MAX) errors.note = `Please keep the note under ${REPORT_NOTE_MAX} characters.`;
  if (Object.keys(errors).length) return { ok: false, errors };
  return { ok: true, diedOn: day || null, note: note || null };
}

/** The report link's first page: what reporting means, and the two different actions. */
export function reportIntro(p: { first: string; waitingDays: number; confirmPath: string; stillTrusteePath: string }): Html {
  return html`<h1>Let us know about ${p.first}</h1>
<p>Hello,</p>
<p>If ${p.first} has died, we are very sorry. You can tell us here.</p>
<p>We will then wait ${p.waitingDays} days and ask ${p.first} to confirm they are still here, in case this is a mistake. When the waiting period ends, ${p.first}'s plan is released as they set it up: their messages reach the people they wrote them for, and we e-mail you what ${p.first} left for you (if ${p.first} gave their trustees trustee kits, enough of you must first confirm with your kits).</p>
<p><a href="${p.confirmPath}">Report ${p.first}'s passing</a></p>
<div class="card">
<h2>Just checking in?</h2>
<p class="muted">If ${p.first} is well, you can tell them you are still willing to be their trustee. Nothing else happens.</p>
<form method="post" action="${p.stillTrusteePath}"><button type="submit" class="secondary">I'm still ${p.first}'s trustee</button></form>
</div>`;
}

/** The confirmation step: "has died" in the trustee's words, an optional date and note, then the report. */
export function reportConfirm(p: { first: string; waitingDays: number; action: string; backPath: string; form?: ReportForm; errors?: Partial<Record<string, string>> }): Html {
  const e = p.errors ?? {};
  const err = (field: string) => (e[field] ? html`<p class="error" id="${field}-error">${e[field]}</p>` : '');
  return html`<h1>Report ${p.first}'s passing</h1>
<p>Please tell us only if you know that ${p.first} has died. ${p.first} will be asked, for ${p.waitingDays} days, whether this is a mistake; then their plan is released as they set it up (if ${p.first} gave their trustees trustee kits, once enough of you confirm with your kits).</p>
<form method="post" action="${p.action}">
<p><label for="diedOn">Date of death (optional)</label><br>
<input type="date" id="diedOn" name="diedOn" value="${p.form?.diedOn ?? ''}"${e.diedOn ? html` aria-invalid="true" aria-describedby="diedOn-error"` : ''}></p>
${err('diedOn')}
<p><label for="note">A note for ${p.first} (optional)</label><br>
<span class="muted" id="note-hint">${p.first} sees it during the waiting period, in case this is a mistake.</span><br>
<textarea id="note" name="note" rows="4" maxlength="${REPORT_NOTE_MAX}" aria-describedby="note-hint${e.note ? ' note-error' : ''}">${p.form?.note ?? ''}</textarea></p>
${err('note')}
<p><label><input type="checkbox" name="confirmed" value="yes"${e.confirmed ? html` aria-invalid="true" aria-describedby="confirmed-error"` : ''}> I confirm that ${p.first} has died.</label></p>
${err('confirmed')}
<p><button type="submit">Yes, report ${p.first}'s passing</button></p>
</form>
<p><a href="${p.backPath}">Go back</a></p>`;
}
