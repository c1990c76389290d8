/**
 * A tiny element builder for the release pages (no framework: the bundle stays small, and text
 * is only ever set as text, never parsed as HTML).
 */

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

/** A long date as the pages always wrote it ("26 November 2026", UTC). */
export const dateText = (iso: string) => new Date(Date.parse(iso)).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

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
