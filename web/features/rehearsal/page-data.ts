/**
 * The release pages' data (shared/release/pages.ts) made on the owner's device from its own
 * records ("Rehearse the release"): what a trustee of each access level and each recipient will
 * see, with the names this device holds (the server has them sealed: SECURITY.md "What the server
 * sees"; the records here are already opened with the device's keys, web/sync/sealing.ts). Files
 * are not opened in a preview: a file shows as a line naming it (index.tsx), and its page has none.
 */
import type { DeliveryPageData, TrusteePageData } from '../../../shared/release/pages';
import { binderRecordsOf, messageLinesOf, pageProfileOf, pageTasksOf, type MessageRoutes } from '../../../shared/release/page-records';
import type { ExportRecords } from '../../../shared/export/format';
import type { AccessLevel, Message } from '../../../shared/schema';
import type { RehearsalRecipient } from '../../../shared/schema/release';

/** The device's records a preview is made from. */
export type PreviewRecords = Pick<ExportRecords, 'profile' | 'deathPlan' | 'survivorTasks' | 'documents' | 'messages' | 'trustees'>;

/**
 * A trustee's page of `level` as it would be at `now` (ms) with today's records; `ownerName` is the
 * owner's plain first name the server names them by (GET /api/release/rehearsal). A sealed
 * account's page holds the same (web/release/open.ts opens it, and the page makes its binder).
 * `routes`: who hands which letter over (the rehearsal's `handedOver`), so the preview says it as
 * the page will (rehearsalRoutes).
 */
export function trusteePreviewData(records: PreviewRecords, level: AccessLevel, ownerName: string, now: number, routes: MessageRoutes = {}): TrusteePageData {
  const out: TrusteePageData = { ownerName, ownerFirstName: ownerName, level, now: new Date(now).toISOString() };
  if (level !== 'documents-only') out.messages = messageLinesOf(records.messages, routes);
  if (level !== 'messages-only') {
    out.documents = records.documents.map((d) => ({ id: d.id, documentType: d.documentType, documentName: d.documentName, documentUrl: d.documentUrl ?? null, originalLocation: d.originalLocation ?? null, file: null }));
  }
  if (level === 'full') {
    out.plan = records.deathPlan[0] ?? null;
    out.profile = pageProfileOf(records.profile);
    out.tasks = pageTasksOf(records.survivorTasks);
    out.taskMarks = []; // nobody has marked anything yet
    out.binder = binderRecordsOf(records, out.messages); // the page's lines: who hands a letter over, as the page says
  }
  return out;
}

/**
 * The rehearsal's routes for trustee `viewer`'s page: the letters each trustee hands over (from
 * GET /api/release/rehearsal's `handedOver`), named with this device's trustees' names.
 */
export function rehearsalRoutes(recipients: readonly RehearsalRecipient[], trustees: PreviewRecords['trustees'], viewer: string): MessageRoutes {
  const handovers = new Map(recipients.flatMap((r) => (r.handedOver ? [[r.messageId, r.handedOver.map((h) => h.trusteeId)] as const] : [])));
  return { handovers, names: new Map(trustees.map((t) => [t.id, t.name])), viewer };
}

/** A recipient's page for message `m` (its recording, if any, is named beside it rather than opened). */
export function deliveryPreviewData(m: Message, ownerName: string): DeliveryPageData {
  return {
    ownerName,
    message: { id: m.id, recipientName: m.recipientName, messageType: m.messageType, messageContent: m.messageContent, createdAt: m.createdAt, file: null },
  };
}
