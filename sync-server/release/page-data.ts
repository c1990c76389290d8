/**
 * The JSON the static release pages (web/release/, served under /r/) are built from
 * (shared/release/pages.ts): a recipient's message, a trustee's view by access level. Token,
 * release state and access level are the caller's checks (public-routes.ts); this only reads
 * what that level allows, exactly what the server-rendered pages showed (DESIGN.md §8):
 * - full: plan, documents, tasks, each message's recipient and delivery state, the binder's records;
 * - documents-only: documents;
 * - messages-only: each message's recipient and delivery state (and "resend").
 * A trustee never receives a message's text or file (issue "Sealed from the server", "Trustees
 * never read letters"). Files are described, never opened: `url` answers their stored
 * ciphertext, `key` is the record's (until keys come from the release escrow).
 */
import type { BinderRecords, DeliveryPageData, PageFile, TrusteePageData } from '../../shared/release/pages';
import type { FileRef } from '../../shared/files/ref';
import type { AccessLevel, Message } from '../../shared/schema';
import { deliveryStateLine } from '../../shared/delivery-rule';
import { releasedFile } from '../blobs/release-files';
import type { BlobService } from '../blobs/service';
import type { Services } from '../services';
import { exportRecordsOf } from '../export/export-records';

const dateText = (iso: string) => new Date(Date.parse(iso)).toLocaleDateString('en-GB', { dateStyle: 'long', timeZone: 'UTC' });

/** `ref` as a page fetches and opens it, `'missing'` when the server has no complete blob for it, null without a file. */
async function pageFile(blobs: BlobService, ownerId: string, ref: FileRef | null | undefined, url: string): Promise<PageFile | null | 'missing'> {
  if (!ref) return null;
  const f = await releasedFile(blobs, ownerId, ref);
  if (!f) return 'missing';
  return { name: ref.name, size: ref.size, type: f.type, blobId: ref.blobId, chunkSize: ref.chunkSize, chunkCount: f.chunkCount, url, key: ref.key };
}

/** A recipient's page: their message (`m`, already checked to be the link's) and its file at `fileUrl`. */
export async function deliveryPageData(services: Services, ownerId: string, m: Message, fileUrl: string): Promise<DeliveryPageData> {
  const owner = await services.release.owner(ownerId);
  return {
    ownerName: owner.firstName, // the first name only is plain (shared/crypto/fields.ts)
    message: {
      recipientName: m.recipientName,
      messageType: m.messageType,
      messageContent: m.messageContent,
      createdAt: m.createdAt,
      file: await pageFile(services.blobs, ownerId, m.file, fileUrl),
    },
  };
}

/**
 * A trustee's page for `level`; `base` is the API path of their token (`/api/trustee/access/<token>`),
 * under which documents' files are fetched. `now` in ms.
 */
export async function trusteePageData(
  services: Services,
  ownerId: string,
  level: AccessLevel,
  base: string,
  now: number,
): Promise<TrusteePageData> {
  const { records, blobs } = services;
  const owner = await services.release.owner(ownerId);
  const out: TrusteePageData = { ownerName: owner.firstName, ownerFirstName: owner.firstName, level, now: new Date(now).toISOString() };
  if (level !== 'documents-only') {
    out.messages = (await records.list(ownerId, 'messages')).map((m) => ({
      id: m.id,
      recipientName: m.recipientName,
      recipientEmail: m.recipientEmail,
      state: deliveryStateLine(m, now, dateText),
      canResend: level === 'messages-only' && m.delivered,
    }));
  }
  if (level !== 'messages-only') {
    const docs = await records.list(ownerId, 'documents');
    out.documents = await Promise.all(
      docs.map(async (d) => ({
        id: d.id,
        documentType: d.documentType,
        documentName: d.documentName,
        documentUrl: d.documentUrl,
        file: await pageFile(blobs, ownerId, d.file, `${base}/documents/${d.id}/file`),
      })),
    );
  }
  if (level === 'full') {
    const all = await exportRecordsOf(records, ownerId);
    out.plan = all.deathPlan[0] ?? null;
    out.tasks = all.survivorTasks.map((t) => ({ id: t.id, title: t.title, done: t.completionStatus === 'completed' }));
    out.binder = binderRecordsOf(all);
  }
  return out;
}

/** What the binder prints, and only that: a message's recipient and state, never its text or file. */
function binderRecordsOf(all: Awaited<ReturnType<typeof exportRecordsOf>>): BinderRecords {
  return {
    profile: all.profile.map(({ firstName, lastName, emergencyContact }) => ({ firstName, lastName, emergencyContact })),
    deathPlan: all.deathPlan,
    survivorTasks: all.survivorTasks,
    documents: all.documents,
    messages: all.messages.map(({ recipientName, recipientEmail, messageType, deliveryDate, delivered }) => ({ recipientName, recipientEmail, messageType, deliveryDate, delivered })),
    trustees: all.trustees,
  };
}
