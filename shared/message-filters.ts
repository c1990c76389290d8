/**
 * Message Vault tabs (SPEC.md §4 "Message"): All shows everything; Scheduled shows messages that
 * have a delivery date and are not delivered; Delivered shows delivered ones. One pure function,
 * used by the screen and its tests.
 */
import type { Message } from './schema';

export const MESSAGE_FILTERS = ['all', 'scheduled', 'delivered'] as const;
export type MessageFilter = (typeof MESSAGE_FILTERS)[number];

/** Tab labels, word for word from SPEC.md §2 "Message Vault". */
export const MESSAGE_FILTER_LABELS: Record<MessageFilter, string> = {
  all: 'All Messages',
  scheduled: 'Scheduled',
  delivered: 'Delivered',
};

type Filterable = Pick<Message, 'deliveryDate' | 'delivered'>;

/** True when `message` belongs under `filter`. */
export function matchesMessageFilter(message: Filterable, filter: MessageFilter): boolean {
  switch (filter) {
    case 'all':
      return true;
    case 'scheduled':
      return Boolean(message.deliveryDate) && !message.delivered;
    case 'delivered':
      return message.delivered;
  }
}

/** The messages shown under `filter`, in their original order (a new array; the input is untouched). */
export function filterMessages<T extends Filterable>(messages: readonly T[], filter: MessageFilter): T[] {
  return messages.filter((m) => matchesMessageFilter(m, filter));
}
