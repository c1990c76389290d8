/**
 * One shared item on a release page, read-only: the nodes of copy-view.ts's `CopyView`, the same
 * view the app's viewer page renders (web/features/sharing/SharedPage.tsx), here with the release
 * pages' tiny builder (dom.ts). Text is only ever set as text.
 */
import type { CopyView } from '../../shared/share-copy-view';
import { h } from './dom';

/** A card for `view`, its title a heading of `level` (the page's structure decides), an entry's heading one level below. */
export function copyNodes(view: CopyView, level: 2 | 3 | 4 = 3): HTMLElement {
  const title = `h${level}` as 'h2' | 'h3' | 'h4';
  const sub = `h${level + 1}` as 'h3' | 'h4' | 'h5';
  const value = (v: string | string[]) => (Array.isArray(v) ? h('ul', {}, v.map((x) => h('li', {}, x))) : v);
  return h(
    'article',
    { class: 'card' },
    h('p', { class: 'muted' }, view.kindLine),
    h(title, {}, view.title),
    view.entries.flatMap((e) => [
      e.heading ? h(sub, {}, e.heading) : null,
      e.fields.length ? h('dl', {}, e.fields.flatMap((f) => [h('dt', {}, f.label), h('dd', {}, value(f.value))])) : null,
    ]),
    view.link ? h('p', {}, h('a', { href: view.link.href, target: '_blank', rel: 'noopener noreferrer' }, view.link.label)) : null,
    view.note ? h('p', { class: 'muted' }, view.note) : null,
  );
}
