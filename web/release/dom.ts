/**
 * A tiny element builder for the release pages (no framework: the bundle stays small, and text
 * is only ever set as text, never parsed as HTML).
 */
import { formatDate, formatDateTime } from '../../shared/intl-format';
import { pageLanguage } from './words';

type Child = Node | string | null | undefined | false;
type Attrs = Record<string, string | boolean | ((e: Event) => void) | undefined>;

/** `<tag attrs>children</tag>`; strings become text nodes, `on*` functions listeners, `true` an empty attribute. */
export function h<K extends keyof HTMLElementTagNameMap>(tag: K, attrs: Attrs = {}, ...children: (Child | Child[])[]): HTMLElementTagNameMap[K] {
  const el = document.createElement(tag);
  for (const [name, value] of Object.entries(attrs)) {
    if (value === undefined || value === false) continue;
    if (typeof value === 'function') el.addEventListener(name.slice(2), value);
    else el.setAttribute(name, value === true ? '' : value);
  }
  for (const c of children.flat()) if (c !== null && c !== undefined && c !== false) el.append(c);
  return el;
}

/**
 * A long date ("November 26, 2026", SPEC.md §9: shared/dates.ts) of a moment in the reader's own
 * time zone (the browser's, never UTC: a family in Auckland reads the day it was for them). A bare
 * day ("2026-12-25", a delivery date as chosen: shared/delivery-rule.ts deliveryDay) is that day
 * wherever it is read. In the page's language (words.ts; English: SPEC.md §9's). `timeZone` only for tests.
 */
export const dateText = (iso: string, timeZone?: string) => formatDate(iso, pageLanguage(), { timeZone });

/** A long date and time with the reader's zone named ("November 26, 2026 at 2:05 PM GMT+1"), as dateText. */
export const dateTimeText = (iso: string, timeZone?: string) => formatDateTime(iso, pageLanguage(), { timeZone });

/** Tells a screen reader (and the eye) what the page is doing: the page's one live region. */
export function say(text: string, kind: 'status' | 'error' = 'status'): void {
  const status = document.getElementById('status')!;
  status.textContent = text;
  status.className = kind === 'error' ? 'error' : 'muted';
}

/** A page's content: its title (without " · Afterword") and nodes. */
export interface View {
  title: string;
  nodes: Node[];
}

/** Shows `view` in `content`, titles the document and clears the status region. */
export function showView(content: HTMLElement, view: View): void {
  document.title = `${view.title} · Afterword`;
  say('');
  content.replaceChildren(...view.nodes);
}
