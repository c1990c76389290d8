/**
 * The release pages' one answer for a link that is not (or no longer) available: unknown, expired,
 * replaced (the same words as the server's notFoundPage, sync-server/release/page.ts).
 */
import { h, say } from './dom';

/** Shows "This link isn't available" in `content`. */
export function showUnavailable(content: HTMLElement): void {
  document.title = 'Link not available · Afterword';
  say('');
  content.replaceChildren(
    h('h1', {}, "This link isn't available"),
    h('p', {}, 'It may have expired or been replaced by a newer one. If you think this is a mistake, please ask the person who sent it to you.'),
  );
}
