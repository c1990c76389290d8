/**
 * The Terms of Use in the person's language (issue 44): English keeps its words, sections in order;
 * another language's page shows that language's words. Rendered as the app renders it
 * (react-dom/server, the page's own component, in the language provider).
 */
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { afterEach, describe, expect, it } from 'vitest';
import { activateLanguage, i18n } from '../../i18n/i18n';
import TermsPage from './TermsPage';

/** The page's visible text, tags removed and spaces collapsed, and its headings. */
function render(): { text: string; headings: string[] } {
  const html = renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(TermsPage)));
  const headings = [...html.matchAll(/<h[12][^>]*>([^<]*)<\/h[12]>/g)].map((m) => m[1]);
  return { text: html.replace(/<[^>]+>/g, ' ').replace(/&#x27;/g, "'").replace(/\s+/g, ' '), headings };
}

describe('the Terms of Use', () => {
  afterEach(() => activateLanguage('en'));

  it('says its English words, each section under its heading', () => {
    const { text, headings } = render();
    expect(headings).toEqual(['Terms of Use', 'Your account', 'Not legal or medical advice', 'Your content', 'Availability', 'Changes']);
    expect(text).toContain('The short version: this is your plan, in your words; use it kindly.');
    expect(text).toContain('A plan written here is a guide for the people you leave, not a legally binding instruction.');
    expect(text).toContain('If these terms change, we will tell you in the app before the change takes effect.');
  });

  it('in German, says German words and no English heading', async () => {
    await activateLanguage('de');
    const { text, headings } = render();
    expect(headings[0]).toBe('Nutzungsbedingungen');
    expect(text).toContain('Es ist kein Testament');
    expect(text).not.toContain('Your account');
  });
});
