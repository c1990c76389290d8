/**
 * Parts of a trustee's page (pages.ts TrusteePageData) made from an account's plain records, shared
 * by the server (sync-server/release/page-data.ts, an account not sealed) and the owner's device
 * (web/features/rehearsal/, "Rehearse the release", from its own opened records), so the preview
 * shows what the page will show. A trustee never gets a message's text or file (DESIGN.md §8).
 */
import type { ExportRecords } from '../export/format';
import type { Message, SurvivorTask } from '../schema';
import type { BinderRecords, PageProfile, PageTask, TrusteePageData } from './pages';
import type { DeliveryProblem, HandoverBy } from '../delivery-rule';

/**
 * What the server (or the rehearsal) knows of how each message reaches its recipient, for
 * messageLinesOf: `handovers` (message id → the trustees who hand it over, the trustee then the
 * backup; sync-server/kits/message-keys.ts), `names` (trustee id → a name the page may show),
 * `viewer` (the page's own trustee id) and `problems` (message id → why it cannot be delivered).
 */
export interface MessageRoutes {
  handovers?: ReadonlyMap<string, readonly string[]>;
  names?: ReadonlyMap<string, string>;
  viewer?: string;
  problems?: ReadonlyMap<string, DeliveryProblem>;
}

/**
 * Each message as a trustee sees it: recipient, address and the delivery facts (not words: the
 * page writes the dates in its reader's time zone, shared/delivery-rule.ts), with who hands it
 * over and why it cannot be delivered when `routes` know. Any trustee who sees the list may send
 * a delivered message's recipient a new link (the recipient's e-mail says so).
 */
export function messageLinesOf(
  messages: readonly Pick<Message, 'id' | 'recipientName' | 'recipientEmail' | 'deliveryDate' | 'delivered' | 'deliveredAt' | 'openedAt'>[],
  routes: MessageRoutes = {},
): NonNullable<TrusteePageData['messages']> {
  const handoverOf = (id: string): HandoverBy[] | null =>
    routes.handovers?.get(id)?.map((trusteeId) => ({ trusteeId, you: trusteeId === routes.viewer, name: routes.names?.get(trusteeId) ?? null })) ?? null;
  return messages.map((m) => ({
    id: m.id,
    recipientName: m.recipientName,
    recipientEmail: m.recipientEmail,
    deliveryDate: m.deliveryDate ?? null,
    delivered: m.delivered,
    deliveredAt: m.deliveredAt ?? null,
    openedAt: m.openedAt ?? null,
    canResend: m.delivered,
    handover: handoverOf(m.id),
    problem: routes.problems?.get(m.id) ?? null,
  }));
}

/** Each survivor task as a full-access trustee's page shows it: title, guidance and the owner's own status. */
export function pageTasksOf(tasks: readonly SurvivorTask[]): PageTask[] {
  return tasks.map((t) => ({
    id: t.id,
    title: t.title,
    description: t.description,
    category: t.category,
    timeframe: t.timeframe,
    priority: t.priority,
    automationLevel: t.automationLevel,
    resources: t.resources,
    automationSteps: t.automationSteps,
    done: t.completionStatus === 'completed',
  }));
}

/**
 * The owner's profile (the first record of `profile`, or none) as a full-access trustee's page
 * shows it: the health information, trimmed, null when blank (issue "Promises kept", finding 8).
 */
export function pageProfileOf(profile: readonly Pick<ExportRecords['profile'][number], 'healthInfo'>[]): PageProfile {
  return { healthInfo: profile[0]?.healthInfo?.trim() || null };
}

/**
 * What the binder prints, and only that: a message's recipient and state, never its text or file.
 * `lines`: the page's message lines (messageLinesOf), whose hand-overs the binder names.
 */
export function binderRecordsOf(all: Pick<ExportRecords, 'profile' | 'deathPlan' | 'survivorTasks' | 'documents' | 'messages' | 'trustees'>, lines: TrusteePageData['messages'] = []): BinderRecords {
  // Each message as the page's line has it (messageLinesOf): when it was sent and opened, why it
  // cannot be, and who hands a letter over, by name; the binder made after the release says the same.
  const lineOf = new Map(lines.map((l) => [l.id, l]));
  return {
    profile: all.profile.map(({ firstName, lastName, emergencyContact, healthInfo }) => ({ firstName, lastName, emergencyContact, healthInfo: healthInfo ?? null })),
    deathPlan: all.deathPlan,
    survivorTasks: all.survivorTasks,
    documents: all.documents,
    messages: all.messages.map(({ id, recipientName, recipientEmail, messageType, deliveryDate, delivered, deliveredAt, openedAt }) => {
      const line = lineOf.get(id);
      return {
        recipientName,
        recipientEmail,
        messageType,
        deliveryDate,
        delivered,
        deliveredAt: deliveredAt ?? null,
        openedAt: openedAt ?? null,
        problem: line?.problem ?? null,
        handover: line?.handover?.map((b) => b.name ?? '') ?? null,
      };
    }),
    trustees: all.trustees,
  };
}
