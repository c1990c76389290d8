/**
 * `<T>`: a message with elements inside it (issue 44, docs/i18n.md). The message's own `<0>…</0>`
 * (or `<0/>`) tags become the given elements; a value is put in as plain text, never read as a tag
 * (defect L5: a task titled "<0>x</0>" became markup, as Lingui's `Trans` parses tags in the
 * formatted message, values included). Its own module, so it loads only with the screens that use it.
 */
import { useLingui } from '@lingui/react';
import { cloneElement, Fragment, isValidElement, type ReactElement, type ReactNode } from 'react';
import type { MessageId, MessageValues } from './i18n';
import { literalValues } from '../../shared/i18n-values';

/**
 * While a message is formatted, a value's `<` is written as MARK + 'a' (and MARK itself as MARK + 'b'),
 * so no tag can come from a value; the text pieces are read back after the message's tags are parsed.
 * MARK is a private-use character: the catalogs never hold it (web/i18n/catalogs.test.ts).
 */
const MARK = '\uE000';
const hide = (s: string) => s.replace(/\uE000/g, `${MARK}b`).replace(/</g, `${MARK}a`);
const unhide = (s: string) => s.replace(/\uE000([ab])/g, (_, c: string) => (c === 'a' ? '<' : MARK));

/** A paired tag with its text, or a lone one (Lingui's tag syntax). */
const TAG = /<(\w+)>([\s\S]*?)<\/\1>|<(\w+)\/>/;

/** `text` with its tags made into `elements` (an unknown tag keeps its text only), values' text read back. */
function build(text: string, elements: Record<string, ReactNode>): ReactNode[] {
  const out: ReactNode[] = [];
  let rest = text;
  for (let m = TAG.exec(rest); m; m = TAG.exec(rest)) {
    if (m.index > 0) out.push(unhide(rest.slice(0, m.index)));
    const name = m[1] ?? m[3];
    const element = elements[name];
    const inner = m[1] === undefined ? undefined : build(m[2], elements);
    const key = out.length;
    if (isValidElement(element)) out.push(inner === undefined ? cloneElement(element, { key }) : cloneElement(element, { key }, ...inner));
    else out.push(<Fragment key={key}>{inner ?? element}</Fragment>);
    rest = rest.slice(m.index + m[0].length);
  }
  if (rest) out.push(unhide(rest));
  return out;
}

/**
 * `<0>…</0>` in the catalog wraps its text in `components[0]` (e.g. a link, given without children),
 * so a translation can move the link within the sentence; `values` fill the placeholders: strings
 * and numbers as `t()` takes them (plural counts, select keys), shown as plain text; an element is
 * put in as it is. Re-renders when the language changes.
 */
export function T({ id, values, components = {} }: { id: MessageId; values?: MessageValues; components?: Record<string, ReactNode> }) {
  const { i18n } = useLingui();
  const elements: Record<string, ReactNode> = { ...components };
  let formatted: Record<string, unknown> | undefined;
  if (values) {
    formatted = {};
    for (const [k, v] of Object.entries(values)) {
      if (typeof v === 'string') formatted[k] = hide(v);
      else if (typeof v === 'number' || v instanceof Date || v === null || v === undefined) formatted[k] = v;
      else {
        const tag = `v${Object.keys(elements).length}`;
        elements[tag] = v as ReactElement;
        formatted[k] = `<${tag}/>`;
      }
    }
  }
  return <>{build(i18n._(id, literalValues(formatted)), elements)}</>;
}
