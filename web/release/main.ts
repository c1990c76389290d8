/**
 * The static release pages (issue "Sealed from the server", "Release pages and the app's origin";
 * DESIGN.md §8): `/r/d/<token>#<key>` is a recipient's message, `/r/t/<token>` a trustee's page,
 * `/kit/<token>#<kit>` a trustee's kit (kit/page.ts; issue "Release through trustees' key shares").
 * Served from dist/r/ under their own strict CSP (sync-server/http/web-app.ts RELEASE_APP_CSP),
 * never by the app's service worker, with no app shell and no local database. The page reads the
 * token from its path and any key or kit from the fragment, drops the fragment from the address
 * bar at once, fetches its JSON, opens it in the browser (open.ts) and renders it.
 */
import { say, showView, type View } from './dom';
import { deliveryView } from './delivery';
import { kitPage } from './kit/page';
import { openPage } from './open';
import { fetchPageData } from './page-data';
import { trusteeView } from './trustee';
import { showUnavailable } from './unavailable';
import { showInLanguage, t } from './words';

const route = /^\/r\/([dt])\/([A-Za-z0-9_-]{1,100})$/.exec(location.pathname);
const kitRoute = /^\/kit\/([A-Za-z0-9_-]{1,100})$/.exec(location.pathname);
const fragmentKey = location.hash.length > 1 ? location.hash.slice(1) : null;
// The key must not stay in the address bar, the history entry or a bookmark.
if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);

const content = document.getElementById('content')!;
const unavailable = () => showUnavailable(content);

/** The view of a recipient's (`d`) or trustee's (`t`) page, or null when the link is not available. */
async function viewOf(kind: 'd' | 't', token: string): Promise<View | null> {
  if (kind === 'd') {
    const data = await fetchPageData('d', token);
    if (!data) return null;
    await showInLanguage(data.lang); // the recipient's language (issue 44), before anything is said
    return deliveryView(await openPage('d', data, fragmentKey));
  }
  const data = await fetchPageData('t', token);
  if (!data) return null;
  await showInLanguage(data.lang); // the trustee's language (issue 44), as the recipient's page
  return trusteeView(await openPage('t', data, fragmentKey), token);
}

async function load(): Promise<void> {
  if (!route) return unavailable();
  try {
    const view = await viewOf(route[1] as 'd' | 't', route[2]!);
    if (!view) return unavailable();
    showView(content, view);
  } catch (err) {
    say((err as Error).message || t('releasePage.failed'), 'error');
  }
}

if (kitRoute) void kitPage({ token: kitRoute[1]!, fragment: fragmentKey, content, unavailable });
else void load();
