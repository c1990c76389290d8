/**
 * Every date a person reads, in one place: en-US long format (SPEC.md §9 "Dates display in en-US
 * long format"), e.g. "November 21, 2026", and a moment with its time and the time zone named,
 * e.g. "November 21, 2026 at 3:04 PM UTC". Used by the app's screens, the release pages, the
 * e-mails, the printed kits, the binder and the export's README (isomorphic: no DOM, no Node).
 *
 * `timeZone` (an IANA name such as "UTC" or "Europe/Paris") is the zone the date is read in; by
 * default the runtime's own: the reader's on a device, so pages that know their reader pass
 * nothing, and the server passes "UTC" and names it. A bare day ("2026-12-25": a delivery date as
 * chosen, shared/delivery-rule.ts deliveryDay, or a date of death) is that day in any zone.
 */

/** What the formatters take: an ISO string (or a bare day "YYYY-MM-DD"), milliseconds since the epoch, or a Date. */
export type DateInput = string | number | Date;

/** The zone a date is read in (an IANA name); absent: the runtime's own. */
export interface DateZone {
  timeZone?: string;
}

const BARE_DAY = /^\d{4}-\d{2}-\d{2}$/;
const LONG_DATE = { year: 'numeric', month: 'long', day: 'numeric' } as const;
const TIME = { hour: 'numeric', minute: '2-digit', timeZoneName: 'short' } as const;
/** The Intl options of formatLongDateTime (en-US), for a page that formats in its reader's zone itself (sync-server/release/page.ts). */
export const LONG_DATE_TIME_OPTIONS = { ...LONG_DATE, ...TIME } as const;

/** `when` as an instant and the zone to read it in; null when it is not a valid date (shared/intl-format.ts reads it too). */
export function instantOf(when: DateInput, zone: DateZone): { date: Date; timeZone: string | undefined; bareDay: boolean } | null {
  const bareDay = typeof when === 'string' && BARE_DAY.test(when);
  // A bare day is its own UTC midnight, read in UTC: the day itself, never the day before in the west.
  const ms = bareDay ? Date.parse(`${when}T00:00:00Z`) : typeof when === 'string' ? Date.parse(when) : when instanceof Date ? when.getTime() : when;
  if (!Number.isFinite(ms)) return null;
  return { date: new Date(ms), timeZone: bareDay ? 'UTC' : zone.timeZone, bareDay };
}

/** ICU may put a narrow or no-break space before "PM": plain text (e-mails, PDFs, tests) gets a plain space. */
export const plainSpaces = (s: string) => s.replace(/[\u202f\u00a0]/g, ' ');

/**
 * The long date of `when` in `timeZone`, e.g. "November 21, 2026" (SPEC.md §9); '' for a value
 * that is not a date (never "Invalid Date" on a page).
 */
export function formatLongDate(when: DateInput, zone: DateZone = {}): string {
  const at = instantOf(when, zone);
  return at ? plainSpaces(at.date.toLocaleDateString('en-US', { ...LONG_DATE, timeZone: at.timeZone })) : '';
}

/**
 * The long date and time of `when` with the zone named, e.g. "November 21, 2026 at 3:04 PM UTC"
 * or "… at 4:04 PM GMT+1" (SPEC.md §9; a time without its zone misleads a family abroad: issue
 * "Promises kept", finding 6). A bare day has no time: its long date. '' for a value that is not a date.
 */
export function formatLongDateTime(when: DateInput, zone: DateZone = {}): string {
  const at = instantOf(when, zone);
  if (!at) return '';
  if (at.bareDay) return formatLongDate(when);
  return plainSpaces(at.date.toLocaleString('en-US', { ...LONG_DATE, ...TIME, timeZone: at.timeZone }));
}
