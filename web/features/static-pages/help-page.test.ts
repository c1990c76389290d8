/**
 * The Help Center's answers say what the app does today (SECURITY.md "Files", "Trustee kits: who
 * can read what"): a document can hold a file, locked on the device before it is uploaded, and is
 * changed later with its Edit button (a shared one's viewer sees the change); a
 * release with trustee kits in use waits for the trustees' confirmations; its section "Sharing
 * while you are alive" says what share now and emergency access do as built (docs/sharing.md,
 * issue 43): share, stop, what a trustee may ask, the wait, refusing, ending. Rendered as the app
 * renders the page (react-dom/server, the page's own component, in English from the 'help' catalog).
 */
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/i18n';
import HelpPage from './HelpPage';

/** The page as the app renders it, in the language provider (its words are the 'help' catalog's, issue 44). */
const markup = () => renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(HelpPage)));

/** The visible answer under the question `q`, tags removed and spaces collapsed. */
function answer(q: string): string {
  const html = markup();
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

  it('a document is changed later with its Edit button, a new file taking the old one\'s place, and whoever it is shared with sees the change', () => {
    const a = answer('Are my documents stored here?');
    expect(a).toMatch(/"Edit"/);
    expect(a).toMatch(/new file/);
    expect(a).toMatch(/shared.*sees? (the|your) change/);
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

describe('the Help Center explains sharing while the person is alive (issue 43)', () => {
  it('has its own section, "Sharing while you are alive", pointing to the emergency screen', () => {
    const html = markup();
    expect(html).toMatch(/<h2 id="sharing-heading">Sharing while you are alive<\/h2>/);
    expect(html).toContain('href="/emergency"');
  });

  it('share now: one thing, a link the owner sends, no account, later changes seen, a letter only when the owner says yes', () => {
    const a = answer('Can I let someone see something now, while I am alive?');
    expect(a).toMatch(/"Share now"/);
    expect(a).toMatch(/Send it yourself/);
    expect(a).toMatch(/no account/);
    expect(a).toMatch(/sees your later changes/);
    expect(a).toMatch(/A letter is for after your death: Afterword asks you first/);
    expect(a).toMatch(/pick one of your trustees/);
  });

  it('stopping: the link opens nothing, and what was already read may be kept', () => {
    const a = answer('How do I stop sharing?');
    expect(a).toMatch(/"Stop sharing"/);
    expect(a).toMatch(/the link opens nothing/);
    expect(a).toMatch(/they may still have/);
  });

  it('emergency access: what a trustee may open, the wait and its default, no letters, the order', () => {
    const a = answer('What is emergency access?');
    expect(a).toMatch(/"Emergency access"/);
    expect(a).toMatch(/from 1 hour to 4 weeks \(48 hours unless you choose\)/);
    expect(a).toMatch(/Letters are never opened in an emergency/);
    expect(a).toMatch(/in the order you set/);
  });

  it('a request: told at once, one press refuses, after the wait only what was chosen and no letter', () => {
    const a = answer('What happens when a trustee asks for emergency access?');
    expect(a).toMatch(/told at once/);
    expect(a).toMatch(/press "Refuse"/);
    expect(a).toMatch(/exactly what you chose, read-only, and nothing else/);
    expect(a).toMatch(/No letter is sent and nothing is released/);
  });

  it('ending: "End the emergency", and removing emergency access', () => {
    const a = answer('How do I end an emergency?');
    expect(a).toMatch(/"End the emergency"/);
    expect(a).toMatch(/cannot open anything new/);
    expect(a).toMatch(/"Remove emergency access"/);
    expect(a).toMatch(/Without a connection, the removal .* is kept on this device and sent once it is back online; until then your trustee can still ask/);
  });
});
