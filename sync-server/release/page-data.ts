/**
 * The JSON the static release pages (web/release/, served under /r/) are built from
 * (shared/release/pages.ts): a recipient's message, a trustee's view by access level. Token,
 * release state and access level are the caller's checks (public-routes.ts); this only reads
 * what that level allows, exactly what the server-rendered pages showed (DESIGN.md §8):
 * - full: plan, the owner's health information, documents, tasks (with their guidance, and who
 *   marked each done when: task-marks.ts), each message's recipient and delivery facts (who hands
 *   a letter over, why one cannot be delivered: messageRoutesOf) (and "resend"), the binder's records;
 * - documents-only: documents;
 * - messages-only: each message's recipient and delivery facts (and "resend").
 * A trustee never receives a message's text or file (issue "Sealed from the server", "Trustees
 * never read letters"). Files are described, never opened: `url` answers their stored
 * ciphertext, `key` is the record's.
 *
 * A sealed account's values come as the envelopes they are stored as, with `sealed` naming each
 * one's place (SealedInfo): the page opens them (web/release/open.ts), with the message key of the
 * link's fragment, or a trustee's level keys opened from their own kit in their browser. The
 * server hands a trustee's page no key: without kits in force nothing sealed opens for trustees
 * (SealedInfo `noKits`; issue "Release through trustees' key shares", constraint "The escrow ends").
 * Beside them go each record's freshness fields (SealedInfo `versions`) and the records held as
 * deleted, their freshness fields only (`removed`), which the page holds what it shows to (issue 39,
 * SECURITY.md "Freshness").
 */
import type { DeliveryPageData, PageFile, TrusteePageData } from '../../shared/release/pages';
import { binderRecordsOf, messageLinesOf, pageProfileOf, pageTasksOf, type MessageRoutes } from '../../shared/release/page-records';
import type { DeliveryProblem } from '../../shared/delivery-rule';
import { sendableAddress } from './emails';
import type { FileRef } from '../../shared/files/ref';
import type { AccessLevel, Message } from '../../shared/schema';
import { releasedFile } from '../blobs';
import type { BlobService } from '../blobs';
import type { PageServices } from './page-services';
import { exportRecordsOf } from '../export';
import type { SealedInfo } from '../../shared/release/pages';
import { TOMBSTONE_FIELD, type CollectionName } from '../../shared/schema/collection-names';
import { freshnessState } from '../../shared/crypto/freshness';
import { plainTrusteeNames, taskMarksFor } from './task-marks';


/**
 * `ref` as a page fetches and opens it, `'missing'` when the server has no complete blob for it
 * (its id then added to `missing`, when given), null without a file.
 */
async function pageFile(blobs: BlobService, ownerId: string, ref: FileRef | null | undefined, url: string, missing?: Set<string>): Promise<PageFile | null | 'missing'> {
  if (!ref) return null;
  const f = await releasedFile(blobs, ownerId, ref);
  if (!f) return missingFile(ref, missing);
  return { name: ref.name, size: ref.size, type: f.type, blobId: ref.blobId, chunkSize: ref.chunkSize, chunkCount: f.chunkCount, storedSize: f.storedSize, url, key: ref.key };
}

/**
 * The stored file of a record as the server can know it: the record's ref, or for a sealed record
 * (its `file` an envelope) the plain `fileBlobId` it names (shared/crypto/fields.ts). Null without a file.
 */
export function storedFileOf(r: { file?: unknown; fileBlobId?: string | null }): FileRef | null {
  if (typeof r.file === 'string') return r.fileBlobId ? ({ blobId: r.fileBlobId } as FileRef) : null;
  return (r.file as FileRef | null | undefined) ?? null;
}

/** `'missing'`, after adding `ref`'s blob to `missing` (when given). */
function missingFile(ref: FileRef, missing: Set<string> | undefined): 'missing' {
  missing?.add(ref.blobId);
  return 'missing';
}

/** A sealed record's file: the blob the server holds, and the envelope the page opens the rest from (`missing` as pageFile's). */
async function sealedPageFile(blobs: BlobService, ownerId: string, r: { file?: unknown; fileBlobId?: string | null }, url: string, missing?: Set<string>): Promise<PageFile | null | 'missing'> {
  const ref = storedFileOf(r);
  if (!ref || typeof r.file !== 'string') return null;
  const f = await releasedFile(blobs, ownerId, ref);
  if (!f) return missingFile(ref, missing);
  return { name: '', size: 0, type: f.type, blobId: ref.blobId, chunkSize: 0, chunkCount: f.chunkCount, storedSize: f.storedSize, url, key: '', envelope: r.file };
}

/**
 * The SealedInfo of `ownerId` when its records are sealed, else null. For trustee `trusteeId`'s
 * page it says how that page can open (open.ts): with their kit (`kits`), not at all because no
 * kits were in force (`noKits`; `noKitsMade` when none were ever made), or not at all because they hold no kit of those in force
 * (`noOwnKit`). It never carries a key. Places are added per collection (placesOf).
 */
export async function sealedInfoOf(services: PageServices, ownerId: string, trusteeId?: string): Promise<SealedInfo | null> {
  if (!(await services.releaseKeys.sealed(ownerId))) return null;
  // An escrow deleted because trustee kits took over ("The escrow ends") is not a missing deposit:
  // the keys come from the kits (a delivery's fragment, kits/message-keys.ts; a kit page's blob).
  const store = services.release.store;
  const kits = await store.kitEscrowEnded(ownerId);
  const noEscrow = (await services.escrow.status(ownerId)) === null && !kits;
  const info: SealedInfo = { userId: ownerId, clocks: {}, noEscrow, kits };
  if (trusteeId === undefined) return info;
  const generations = await store.liveKitGenerations(ownerId);
  const current = generations.find((g) => g.live_at !== null);
  if (!current) return { ...info, noKits: true, ...(generations.length === 0 ? { noKitsMade: true } : {}) };
  const holds = (await store.kitsOf(ownerId, current.generation)).some((k) => k.trustee_id === trusteeId);
  return holds ? info : { ...info, noOwnKit: true };
}

/** Adds to `info` the HLCs of `fields` of stored record `r` of `collection`, and its freshness fields (SealedInfo.versions). */
function placeOf(info: SealedInfo, collection: CollectionName, r: { id: string; values: Record<string, unknown>; clocks: Record<string, string> }, fields: readonly string[]): void {
  const fresh = freshnessState(r);
  const clocks: Record<string, string> = { ...fresh.clocks };
  for (const f of fields) if (r.clocks[f]) clocks[f] = r.clocks[f];
  info.clocks[`${collection}/${r.id}`] = clocks;
  (info.versions ??= {})[`${collection}/${r.id}`] = fresh.values;
}

/** Adds to `info` the places of `fields` of each record of `collection` named in `ids` (one read of the stored records). */
async function placesOf(services: PageServices, info: SealedInfo, collection: CollectionName, ids: readonly string[], fields: readonly string[]): Promise<void> {
  const wanted = new Set(ids);
  for (const r of await services.store.list(info.userId, collection)) if (wanted.has(r.id)) placeOf(info, collection, r, fields);
}

/**
 * Adds to `info` the records of `collection` the server holds as deleted, their freshness fields
 * only (SealedInfo.removed): the page checks each deletion was its owner's (a plain `_deleted` the
 * server wrote hides a record; SECURITY.md "Freshness"), and never gets a deleted record's content.
 */
async function removedOf(services: PageServices, info: SealedInfo, collection: CollectionName): Promise<void> {
  for (const r of await services.store.listDeleted(info.userId, collection)) (info.removed ??= []).push({ collection, id: r.id, ...freshnessState(r) });
}

/**
 * What the server knows of how each message of a released account reaches its recipient, for the
 * trustee `viewer`'s page (shared/release/page-records.ts MessageRoutes): who hands a letter over
 * (kits/message-keys.ts handedOver, with the names of a plain account), and why a due message the
 * server delivers cannot be: an address the scheduler skips (deliveries.ts), or a delivery e-mail
 * to its address that was given up (refused, or no mail server reached: outbox.ts) while the
 * message is still not delivered.
 */
async function messageRoutesOf(services: PageServices, ownerId: string, viewer: string, messages: readonly Message[]): Promise<MessageRoutes> {
  const handovers = await services.messageKeys.handedOver(ownerId);
  const failed = new Set(
    (await services.release.store.failedEmails(ownerId)).filter((e) => e.kind === 'delivery' || e.kind === 'delivery-updated').map((e) => e.to_addr.toLowerCase()),
  );
  const problems = new Map<string, DeliveryProblem>();
  for (const m of messages) {
    if (m.delivered || handovers.has(m.id)) continue;
    if (!sendableAddress(m.recipientEmail)) problems.set(m.id, 'address');
    else if (failed.has(m.recipientEmail.toLowerCase())) problems.set(m.id, 'failed');
  }
  return { handovers, names: await plainTrusteeNames(services, ownerId), viewer, problems };
}

/** A recipient's page: their message (`m`, already checked to be the link's) and its file at `fileUrl`. */
export async function deliveryPageData(services: PageServices, ownerId: string, m: Message, fileUrl: string): Promise<DeliveryPageData> {
  const owner = await services.release.owner(ownerId);
  const sealed = await sealedInfoOf(services, ownerId);
  // The recipient's language, a plain field of the message (issue 44), else the account's.
  const lang = await services.release.readerLanguage(ownerId, m.recipientLanguage);
  if (sealed) {
    const state = await services.store.get(ownerId, 'messages', m.id);
    if (state) placeOf(sealed, 'messages', state, ['messageType', 'messageContent', 'file']);
    return {
      ownerName: owner.firstName, // the rest of the name is sealed under the owner scope, which a recipient never gets
      lang,
      sealed,
      message: {
        id: m.id,
        recipientName: '', // sealed under `index`: not the recipient's to open
        messageType: m.messageType,
        messageContent: m.messageContent,
        createdAt: m.createdAt,
        file: await sealedPageFile(services.blobs, ownerId, m, fileUrl),
      },
    };
  }
  return {
    ownerName: owner.firstName, // the first name only is plain (shared/crypto/fields.ts)
    lang,
    message: {
      id: m.id,
      recipientName: m.recipientName,
      messageType: m.messageType,
      messageContent: m.messageContent,
      createdAt: m.createdAt,
      file: await pageFile(services.blobs, ownerId, m.file, fileUrl),
    },
  };
}

/**
 * Trustee `trusteeId`'s page for `level`; `base` is the API path of their token
 * (`/api/trustee/access/<token>`), under which documents' files are fetched. `now` in ms.
 * `missing`, when given, gets the blob id of each document file not (yet) complete on the server
 * (trustee-pages.ts keeps an answer only while those stay missing).
 */
export async function trusteePageData(
  services: PageServices,
  ownerId: string,
  trusteeId: string,
  level: AccessLevel,
  base: string,
  now: number,
  missing?: Set<string>,
): Promise<TrusteePageData> {
  const { records, blobs } = services;
  const owner = await services.release.owner(ownerId);
  const sealed = await sealedInfoOf(services, ownerId, trusteeId);
  const out: TrusteePageData = { ownerName: owner.firstName, ownerFirstName: owner.firstName, level, now: new Date(now).toISOString(), ...(sealed ? { sealed } : {}) };
  if (level !== 'documents-only') {
    const messages = await records.list(ownerId, 'messages');
    if (sealed) await placesOf(services, sealed, 'messages', messages.map((m) => m.id), ['recipientName']);
    out.messages = messageLinesOf(messages, await messageRoutesOf(services, ownerId, trusteeId, messages));
  }
  // A page that opens nothing sealed (no kit of this trustee's in force) gets only what is plain: the messages' delivery facts.
  const opens = !sealed?.noKits && !sealed?.noOwnKit;
  if (level !== 'messages-only' && opens) {
    const docs = await records.list(ownerId, 'documents');
    if (sealed) {
      await placesOf(services, sealed, 'documents', docs.map((d) => d.id), ['documentType', 'documentName', 'documentUrl', 'originalLocation', 'file']);
      await removedOf(services, sealed, 'documents');
    }
    out.documents = await Promise.all(
      docs.map(async (d) => ({
        id: d.id,
        documentType: d.documentType,
        documentName: d.documentName,
        documentUrl: d.documentUrl,
        originalLocation: d.originalLocation ?? null,
        file: sealed
          ? await sealedPageFile(blobs, ownerId, d, `${base}/documents/${d.id}/file`, missing)
          : await pageFile(blobs, ownerId, d.file, `${base}/documents/${d.id}/file`, missing),
      })),
    );
  }
  if (level === 'full' && sealed && opens) {
    // The plan and the tasks as stored (values and clocks): their lists are item fields, each
    // sealed at its own HLC, so the page opens and orders them itself (web/release/open.ts).
    // The profile and the trustees too: the page names who ticked a task and makes the binder.
    for (const collection of ['deathPlan', 'survivorTasks', 'profile', 'trustees'] as const) {
      for (const r of await services.store.list(ownerId, collection)) {
        if (r.values[TOMBSTONE_FIELD] !== true) (sealed.records ??= []).push({ collection, id: r.id, values: r.values, clocks: r.clocks });
      }
      await removedOf(services, sealed, collection);
    }
  }
  if (level === 'full' && !sealed) {
    const all = await exportRecordsOf(records, ownerId);
    out.plan = all.deathPlan[0] ?? null;
    out.profile = pageProfileOf(all.profile);
    out.tasks = pageTasksOf(all.survivorTasks);
    out.binder = binderRecordsOf(all, out.messages);
  }
  if (level === 'full' && opens) out.taskMarks = await taskMarksFor(services, ownerId, trusteeId, await plainTrusteeNames(services, ownerId));
  return out;
}
