/**
 * Parts of a trustee's page (pages.ts TrusteePageData) made from an account's plain records, shared
 * by the server (sync-server/release/page-data.ts, an account not sealed) and the owner's device
 * (web/features/rehearsal/, "Rehearse the release", from its own opened records), so the preview
 * shows what the page will show. A trustee never gets a message's text or file (DESIGN.md §8).
 */
import { deliveryStateLine } from '../delivery-rule';
import type { ExportRecords } from '../export/format';
import type { AccessLevel, Message } from '../schema';
import type { BinderRecords, TrusteePageData } from './pages';

/** Each message as a trustee of `level` sees it at `now` (ms): recipient, address and delivery state, dates written by `date`. */
export function messageLinesOf(
  messages: readonly Pick<Message, 'id' | 'recipientName' | 'recipientEmail' | 'deliveryDate' | 'delivered' | 'deliveredAt' | 'openedAt'>[],
  level: AccessLevel,
  now: number,
  date: (iso: string) => string,
): NonNullable<TrusteePageData['messages']> {
  return messages.map((m) => ({
    id: m.id,
    recipientName: m.recipientName,
    recipientEmail: m.recipientEmail,
    state: deliveryStateLine(m, now, date),
    canResend: level === 'messages-only' && m.delivered,
  }));
}

/** What the binder prints, and only that: a message's recipient and state, never its text or file. */
export function binderRecordsOf(all: Pick<ExportRecords, 'profile' | 'deathPlan' | 'survivorTasks' | 'documents' | 'messages' | 'trustees'>): BinderRecords {
  return {
    profile: all.profile.map(({ firstName, lastName, emergencyContact }) => ({ firstName, lastName, emergencyContact })),
    deathPlan: all.deathPlan,
    survivorTasks: all.survivorTasks,
    documents: all.documents,
    messages: all.messages.map(({ recipientName, recipientEmail, messageType, deliveryDate, delivered }) => ({ recipientName, recipientEmail, messageType, deliveryDate, delivered })),
    trustees: all.trustees,
  };
}
