/**
 * The Help Center's answers say what the app does today (SECURITY.md "Files", "Trustee kits: who
 * can read what"): a document can hold a file, locked on the device before it is uploaded, and a
 * release with trustee kits in use waits for the trustees' confirmations. Rendered as the app
 * renders the page (react-dom/server, the page's own component).
 */
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import HelpPage from './HelpPage';

/** The visible answer under the question `q`, tags removed and spaces collapsed. */
function answer(q: string): string {
  const html = renderToStaticMarkup(createElement(HelpPage));
  const item = html.split('<details').find((d) => d.includes(q));
  if (!item) throw new Error(`No question "${q}"`);
  const text = item.replace(/<[^>]+>/g, ' ').replace(/&quot;/g, '"').replace(/&#x27;/g, "'").replace(/\s+/g, ' ');
  return text.slice(text.indexOf(q) + q.length);
}

describe('the Help Center says what happens', () => {
  it('a document can hold a file, locked on the device before it leaves it', () => {
    const a = answer('Are my documents stored here?');
    expect(a).toMatch(/file/);
    expect(a).toMatch(/locked on your device/);
  });

  it('with trustee kits in use, messages wait for the trustees’ confirmations; a hand-over is the trustee’s', () => {
    const a = answer('When are my messages delivered?');
    expect(a).toMatch(/trustee kits/);
    expect(a).toMatch(/confirm/);
    expect(a).toMatch(/hand/);
  });

  it('a trustee opens what you sealed with their trustee kit: without enough kits in use, not your plan, documents and tasks', () => {
    const a = answer('What is a trustee?');
    expect(a).toMatch(/trustee kit/);
    expect(a).toMatch(/cannot open your plan, documents and tasks/);
  });
});
