/**
 * A sealed account's family binder records, made on the full-access trustee's page from what it
 * opened (web/release/open.ts): the server cannot read a sealed account's records, so it sends
 * them as stored and the page puts together what a plain account's server sends as
 * `TrusteePageData.binder` (sync-server/release/page-data.ts binderRecordsOf). What the page cannot
 * open stays out or reads "(could not be opened)"; a message's type is the recipient's key's
 * (message scope), never a trustee's, so the binder says it is sealed for its recipient
 * (shared/binder/delivery-line.ts); its state is the page's own (sent, opened, who hands it over).
 */
import type { BinderRecords, PageTask, TrusteePageData } from '../../shared/release/pages';
import type { DeathPlan, LegalDocument, SurvivorTask, Trustee } from '../../shared/schema';

/** A task as opened from its stored values (fields that did not open have stand-ins). */
export interface OpenedTask {
  id: string;
  title: string;
  description: string;
  category: string;
  timeframe: string;
  priority: number;
  automationLevel: string;
  resources: string[];
  automationSteps: string[];
  completionStatus: string;
  createdAt: string;
}

/** The owner's profile as a full-access page opens it (owner scope). */
export interface OpenedProfile {
  lastName: string;
  emergencyContact: { name: string; phone: string } | null;
  /** "Important Health Information" (wizard step 1), null when none or not opened. */
  healthInfo: string | null;
}

/** A trustee as opened (name, phone, relationship: owner scope; e-mail and level: plain). */
export interface OpenedTrustee {
  id: string;
  name: string;
  email: string;
  accessLevel: string;
  phone: string | null;
  relationship: string | null;
}

/** The page's view of an opened task (`done`: the owner's own status). */
export function pageTaskOf(t: OpenedTask): PageTask {
  return {
    id: t.id,
    title: t.title,
    description: t.description,
    category: t.category as PageTask['category'],
    timeframe: t.timeframe as PageTask['timeframe'],
    priority: t.priority,
    automationLevel: t.automationLevel as PageTask['automationLevel'],
    resources: t.resources,
    automationSteps: t.automationSteps,
    done: t.completionStatus === 'completed',
  };
}

/** What the binder of a sealed account is made from, once opened. */
export interface OpenedForBinder {
  ownerFirstName: string;
  userId: string;
  plan: DeathPlan | null;
  profile: OpenedProfile | null;
  tasks: readonly OpenedTask[];
  trustees: readonly OpenedTrustee[];
  documents: NonNullable<TrusteePageData['documents']>;
  messages: NonNullable<TrusteePageData['messages']>;
}

/** The binder's records (shared/binder binderInputOf) from a sealed account's opened values. */
export function sealedBinderRecords(o: OpenedForBinder): BinderRecords {
  const userId = o.userId;
  return {
    profile: [{ firstName: o.ownerFirstName, lastName: o.profile?.lastName ?? '', emergencyContact: o.profile?.emergencyContact ?? null, healthInfo: o.profile?.healthInfo ?? null }],
    deathPlan: o.plan ? [o.plan] : [],
    survivorTasks: o.tasks.map((t) => ({ ...t, userId, notifyTrustees: false }) as SurvivorTask),
    documents: o.documents.map(
      (d) =>
        ({
          id: d.id,
          userId,
          documentType: d.documentType,
          documentName: d.documentName,
          documentUrl: d.documentUrl,
          originalLocation: d.originalLocation,
          file: d.file && d.file !== 'missing' ? { name: d.file.name } : null,
        }) as LegalDocument,
    ),
    messages: o.messages.map((m) => ({
      recipientName: m.recipientName,
      recipientEmail: m.recipientEmail,
      messageType: null, // sealed for its recipient, never a trustee's to open (shared/binder/delivery-line.ts)
      deliveryDate: m.deliveryDate,
      delivered: m.delivered,
      deliveredAt: m.deliveredAt,
      openedAt: m.openedAt,
      problem: m.problem ?? null,
      handover: m.handover?.map((b) => b.name ?? '') ?? null, // who hands a letter over: never "sent" by Afterword
    })),
    trustees: o.trustees.map((t) => ({ ...t, userId }) as unknown as Trustee),
  };
}
