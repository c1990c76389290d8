/**
 * A recipient's page (`/r/d/<token>`): the message from the person who died, with its recording
 * opened in the browser (DESIGN.md §8; the same words as the former server-rendered page).
 */
import { mediaPlayerFor } from '../../shared/files/player';
import type { DeliveryPageData } from '../../shared/release/pages';
import { dateText, h } from './dom';
import { fileView } from './file-view';

/** The page's content for `data` (already opened, open.ts). */
export function deliveryView(data: DeliveryPageData): { title: string; nodes: Node[] } {
  const m = data.message;
  const recording =
    m.file === null ? null
    : m.file === 'missing' ? h('p', { class: 'muted' }, 'The recording is not available.')
    : h('div', { class: 'card' }, fileView(m.file, { player: mediaPlayerFor(m.messageType, m.file.type), autoOpen: true, openLabel: `Open ${m.file.name}` }));
  const title = `A message from ${data.ownerName}`;
  return {
    title,
    nodes: [
      h('h1', {}, title),
      // A sealed account's recipient name is not the recipient's to open (index scope): left out.
      h('p', { class: 'muted' }, `${m.recipientName ? `For ${m.recipientName} · written` : 'Written'} on ${dateText(m.createdAt)}`),
      ...(recording ? [recording] : []),
      h('div', { class: 'card' }, h('p', { class: 'body' }, m.messageContent)),
      h('p', { class: 'muted' }, 'This page is private to you. Take all the time you need.'),
    ],
  };
}
