/**
 * A recipient's page (`/r/d/<token>`): the message from the person who died, with its recording
 * opened in the browser (DESIGN.md §8; the same words as the former server-rendered page), in the
 * recipient's language (words.ts; main.ts switches to it from the page's data).
 */
import { mediaPlayerFor } from '../../shared/files/player';
import type { DeliveryPageData } from '../../shared/release/pages';
import { dateText, h } from './dom';
import { fileView } from './file-view';
import { t } from './words';

/** The page's content for `data` (already opened, open.ts). */
export function deliveryView(data: DeliveryPageData): { title: string; nodes: Node[] } {
  const m = data.message;
  const recording =
    m.file === null ? null
    : m.file === 'missing' ? h('p', { class: 'muted' }, t('releasePage.delivery.noRecording'))
    : h('div', { class: 'card' }, fileView(m.file, { player: mediaPlayerFor(m.messageType, m.file.type), autoOpen: true, openLabel: t('releasePage.file.open', { name: m.file.name }) }));
  const title = t('releasePage.delivery.title', { ownerName: data.ownerName });
  const date = dateText(m.createdAt);
  return {
    title,
    nodes: [
      h('h1', {}, title),
      // A sealed account's recipient name is not the recipient's to open (index scope): left out.
      h('p', { class: 'muted' }, m.recipientName ? t('releasePage.delivery.forWritten', { recipientName: m.recipientName, date }) : t('releasePage.delivery.written', { date })),
      ...(recording ? [recording] : []),
      h('div', { class: 'card' }, h('p', { class: 'body' }, m.messageContent)),
      h('p', { class: 'muted' }, t('releasePage.delivery.private')),
    ],
  };
}
