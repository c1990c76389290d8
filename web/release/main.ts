/**
 * The static release pages (issue "Sealed from the server", "Release pages and the app's origin";
 * DESIGN.md §8): `/r/d/<token>#<key>` is a recipient's message, `/r/t/<token>` a trustee's page.
 * Served from dist/r/ under their own strict CSP (sync-server/release/page.ts RELEASE_APP_CSP),
 * never by the app's service worker, with no app shell and no local database. The page reads the
 * token from its path and any key from the fragment, drops the fragment from the address bar at
 * once, fetches its JSON, opens it in the browser (open.ts) and renders it.
 */
import { h, say } from './dom';
import { deliveryView } from './delivery';
import { openPage, type PageData } from './open';
import { trusteeView } from './trustee';

const route = /^\/r\/([dt])\/([A-Za-z0-9_-]{1,100})$/.exec(location.pathname);
const fragmentKey = location.hash.length > 1 ? location.hash.slice(1) : null;
// The key must not stay in the address bar, the history entry or a bookmark.
if (location.hash) history.replaceState(history.state, '', location.pathname + location.search);

const content = document.getElementById('content')!;

function unavailable(): void {
  document.title = 'Link not available · Afterword';
  say('');
  content.replaceChildren(
    h('h1', {}, "This link isn't available"),
    h('p', {}, 'It may have expired or been replaced by a newer one. If you think this is a mistake, please ask the person who sent it to you.'),
  );
}

async function load(): Promise<void> {
  if (!route) return unavailable();
  const [, kind, token] = route as unknown as [string, 'd' | 't', string];
  const api = kind === 'd' ? `/api/delivery/${token}/data` : `/api/trustee/access/${token}/data`;
  let res: Response;
  try {
    res = await fetch(api, { credentials: 'same-origin', headers: { Accept: 'application/json' } });
  } catch {
    return say('The page could not be loaded. Check your connection and reload the page.', 'error');
  }
  if (res.status === 404) return unavailable();
  if (!res.ok) {
    const body = (await res.json().catch(() => null)) as { error?: string } | null;
    return say(body?.error ?? 'The page could not be loaded. Please try again later.', 'error');
  }
  try {
    const view =
      kind === 'd'
        ? deliveryView(await openPage('d', (await res.json()) as PageData['d'], fragmentKey))
        : trusteeView(await openPage('t', (await res.json()) as PageData['t'], fragmentKey), token);
    document.title = `${view.title} · Afterword`;
    say('');
    content.replaceChildren(...view.nodes);
  } catch (err) {
    say((err as Error).message || 'This page could not be opened.', 'error');
  }
}

void load();
