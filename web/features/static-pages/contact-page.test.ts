/**
 * The Contact page names the operator's address (SUPPORT_EMAIL, GET /api/service), keeps it for
 * offline visits, and never names an address nobody reads: without the setting it says to ask
 * whoever runs the service. The real app over a real SQLite file answers; the page is rendered
 * as the app renders it (react-dom/server, its own components).
 */
import { I18nProvider } from '@lingui/react';
import { createElement } from 'react';
import { renderToStaticMarkup } from 'react-dom/server';
import { MemoryRouter } from 'react-router-dom';
import { describe, expect, it } from 'vitest';
import { createTestApp } from '../../../sync-server/test/test-support';
import { i18n } from '../../i18n/i18n';
import ContactPage, { ContactSections } from './ContactPage';
import { keptServiceInfo, refreshServiceInfo } from './service-info';

/** A device's localStorage (a Map: the browser API, not our code). */
function memoryStorage() {
  const kept = new Map<string, string>();
  return { getItem: (k: string) => kept.get(k) ?? null, setItem: (k: string, v: string) => void kept.set(k, v) };
}

/** `node` as the app renders it: in the router and the language provider (the page's words are the 'contact' catalog's, issue 44). */
const markup = (node: React.ReactElement) => renderToStaticMarkup(createElement(I18nProvider, { i18n }, createElement(MemoryRouter, null, node)));
const render = (node: React.ReactElement) =>
  markup(node)
    .replace(/<[^>]+>/g, ' ')
    .replace(/&#x27;/g, "'")
    .replace(/\s+/g, ' ');

describe('the Contact page', () => {
  it('names SUPPORT_EMAIL as the server gives it, and still does offline', async () => {
    const t = createTestApp({ SUPPORT_EMAIL: 'help@family-afterword.example' });
    let online = true;
    const fetchFn = (async (input: RequestInfo | URL, init?: RequestInit) => {
      if (!online) throw new TypeError('Failed to fetch');
      return t.app.request(String(input), init);
    }) as typeof fetch;
    const storage = memoryStorage();
    expect(await refreshServiceInfo(fetchFn, storage)).toEqual({ supportEmail: 'help@family-afterword.example' });
    online = false;
    expect(await refreshServiceInfo(fetchFn, storage)).toEqual({ supportEmail: 'help@family-afterword.example' });
    expect(keptServiceInfo(storage)).toEqual({ supportEmail: 'help@family-afterword.example' });

    const html = markup(createElement(ContactSections, { supportEmail: 'help@family-afterword.example' }));
    expect(html.match(/mailto:help@family-afterword\.example/g)).toHaveLength(3);
    expect(html).not.toMatch(/afterword\.app/);
  });

  it('without SUPPORT_EMAIL (or before the server answered, or without JavaScript) makes no address up', async () => {
    const t = createTestApp();
    const storage = memoryStorage();
    expect(await refreshServiceInfo(((i: RequestInfo | URL, init?: RequestInit) => t.app.request(String(i), init)) as typeof fetch, storage)).toEqual({ supportEmail: null });
    for (const text of [render(createElement(ContactSections, { supportEmail: null })), render(createElement(ContactPage))]) {
      expect(text).not.toMatch(/@|mailto/);
      expect(text).toContain('For help with your account or the app, ask whoever runs this Afterword service (they have not given an address for this page).');
    }
  });

  it('an answer that is not one (an older server’s 404, a proxy’s page) keeps what the device knew', async () => {
    const storage = memoryStorage();
    storage.setItem('afterword:service-info', JSON.stringify({ supportEmail: 'help@family-afterword.example' }));
    const notFound = (async () => new Response('<html>Not found</html>', { status: 404 })) as typeof fetch;
    const odd = (async () => Response.json({ supportEmail: 'javascript:alert(1)' })) as typeof fetch;
    for (const f of [notFound, odd]) expect(await refreshServiceInfo(f, storage)).toEqual({ supportEmail: 'help@family-afterword.example' });
  });
});
