/**
 * `<T>` (issue 44, docs/i18n.md; defect L5): a message's own `<0>…</0>` tags wrap their text in the
 * given elements, and a value (a person's name, a task's title) goes in as plain text, never read as
 * tags, whatever it holds. Rendered as the app renders it (react-dom/server inside Lingui's provider).
 */
import { type Messages } from '@lingui/core';
import { I18nProvider } from '@lingui/react';
import { createElement, type ReactNode } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { compileCatalog } from '../../scripts/vite-catalogs';
import tasks from './catalogs/en/tasks.json';
import documents from './catalogs/en/documents.json';
import { i18n, type MessageId, registerEnglish } from './i18n';
import { T } from './T';

registerEnglish('tasks', tasks as unknown as Messages, import.meta.glob(['./catalogs/*/tasks.json', '!./catalogs/en/*'], { import: 'messages' })); // English is what is read here
registerEnglish('documents', documents as unknown as Messages, import.meta.glob(['./catalogs/*/documents.json', '!./catalogs/en/*'], { import: 'messages' }));

/** The markup of `<T>` with these props, as the app renders it. */
const html = (props: { id: string; values?: Record<string, unknown>; components?: Record<string, ReactNode> }) =>
  renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(T, props as Parameters<typeof T>[0])));

describe('<T>', () => {
  it("wraps the message's own tags in the given elements", () => {
    expect(html({ id: 'tasks.automation.for', values: { title: 'Pay the bills' }, components: { 0: createElement('b') } })).toBe('For: <b>Pay the bills</b>');
  });

  it('puts a value in as plain text: tags in a name or a title are never markup', () => {
    const b = createElement('b');
    for (const title of ['<0>bold</0>', 'a <0/> b', '</0><0>x', '<1>y</1> <2/>', 'x < y > z', '\uE000a \uE000b \uE000', 'back\\u003c0>slash']) {
      expect(html({ id: 'tasks.automation.for', values: { title }, components: { 0: b } }), title).toBe(`For: <b>${escape(title)}</b>`);
    }
    expect(html({ id: 'documents.originalKept', values: { place: '<0>the safe</0>' }, components: { 0: createElement('i') } })).toBe('<i>Original kept:</i> &lt;0&gt;the safe&lt;/0&gt;');
  });

  it('an element given as a value is put in as it is; numbers and select keys work as in t()', async () => {
    const source = compileCatalog('en', JSON.stringify({ 'test.mixed': '{who, select, trustee {<0>{name}</0> (trustee)} other {{name}}}: {n, plural, one {# file} other {# files}} {icon}' }));
    const { messages } = (await import(`data:text/javascript,${encodeURIComponent(source)}`)) as { messages: Messages };
    i18n.load('en', messages);
    const icon = createElement('svg', { 'aria-hidden': true });
    expect(html({ id: 'test.mixed' as MessageId, values: { who: 'trustee', name: 'Ana <0>', n: 2, icon }, components: { 0: createElement('b') } })).toBe(
      '<b>Ana &lt;0&gt;</b> (trustee): 2 files <svg aria-hidden="true"></svg>',
    );
    expect(html({ id: 'test.mixed' as MessageId, values: { who: 'other', name: '<0>Bo</0>', n: 1, icon: 'x' } })).toBe('&lt;0&gt;Bo&lt;/0&gt;: 1 file x');
  });
});

/** Text as react-dom escapes it. */
function escape(s: string): string {
  return s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;');
}
