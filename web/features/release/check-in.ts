/**
 * Check-ins from the app (DESIGN.md §8 "Check-ins"; sync-server/release/README.md): the server
 * counts only a deliberate act, never a sync, a poll or the live stream of a device left open.
 * So the app says when the person used it: a trusted pointer or key press in a visible page posts
 * `POST /api/release/check-in`, at most once every CHECK_IN_EVERY_MS per tab (a failed post, e.g.
 * offline, is tried again at the next press). A press on a check-in notification (public/sw-push.js)
 * was the act: the app opened from it (`?check-in=notification`), or already open and told by the
 * service worker's `CHECK_IN` message, checks in at once.
 */
import { apiFetch } from '../../api/client';

/** A tab tells the server at most this often (ms); the server writes at most once a minute anyway. */
export const CHECK_IN_EVERY_MS = 30 * 60_000;
/** The query parameter the service worker adds when the person pressed a check-in notification. */
export const CHECK_IN_PARAM = 'check-in';

/** Posts the check-in (the session's account). */
export const postCheckIn = () => apiFetch<unknown>('/api/release/check-in', { method: 'POST', body: {} });

/**
 * Listens on `win`'s document for the person's own presses (`isTrusted`, page visible) and posts
 * a check-in through `post`; also posts once at start when the URL carries CHECK_IN_PARAM (and
 * removes it, so a reload does not repeat it). Returns the function that stops listening.
 */
export function installCheckIns(win: Window, post: () => Promise<unknown> = postCheckIn, now: () => number = Date.now): () => void {
  const doc = win.document;
  let lastSent = -Infinity;
  let inFlight = false;
  const send = () => {
    if (inFlight || now() - lastSent < CHECK_IN_EVERY_MS) return;
    inFlight = true;
    post().then(
      () => {
        lastSent = now();
        inFlight = false;
      },
      () => {
        inFlight = false; // offline or signed out: the next press tries again
      },
    );
  };
  const onUse = (e: Event) => {
    if (e.isTrusted && doc.visibilityState === 'visible') send();
  };
  const url = new URL(win.location.href);
  if (url.searchParams.has(CHECK_IN_PARAM)) {
    url.searchParams.delete(CHECK_IN_PARAM);
    win.history.replaceState(win.history.state, '', url.pathname + url.search + url.hash);
    send();
  }
  doc.addEventListener('pointerdown', onUse, { capture: true, passive: true });
  doc.addEventListener('keydown', onUse, { capture: true, passive: true });
  const sw = win.navigator.serviceWorker;
  const onMessage = (e: MessageEvent) => {
    if ((e.data as { type?: unknown } | null)?.type === 'CHECK_IN') send();
  };
  sw?.addEventListener('message', onMessage);
  return () => {
    sw?.removeEventListener('message', onMessage);
    doc.removeEventListener('pointerdown', onUse, { capture: true });
    doc.removeEventListener('keydown', onUse, { capture: true });
  };
}
