/**
 * The files kept on this device and the attachment queue rows (tables `files`, `attachments` and
 * `downloadChunks` of web/db/schema.ts, v3), and the rule that drops them: a file no live record
 * holds any more (deleted here or on another device) is removed from this device, and never
 * uploaded (issue #17 "Release and deletion"; anchor: PowerSync's attachment queue).
 */
import { FILE_COLLECTIONS } from '../../shared/schema/collection-names';
import type { AttachmentRow, AttachmentState, FileRow } from '../db/schema';
import type { UserDatabase } from '../db/user-database';

/**
 * How long a file added here may wait for its record before it is dropped (ms): the screen writes
 * the record right after addFile, so only an abandoned dialog leaves one this long.
 */
export const UNREFERENCED_GRACE_MS = 24 * 3600 * 1000;

/** True when a live document or message of this device holds `blobId`. */
export async function isReferenced(db: UserDatabase, blobId: string): Promise<boolean> {
  for (const c of FILE_COLLECTIONS) {
    if ((await db.dexie.entities(c).where('file.blobId').equals(blobId).count()) > 0) return true;
  }
  return false;
}

/** The file's bytes kept on this device, or undefined. */
export async function getLocalBlob(db: UserDatabase, blobId: string): Promise<Blob | undefined> {
  return (await db.dexie.files.get(blobId))?.blob;
}

/**
 * Where a file is on this device: its queue row's state, progress (0..1) and reason; `uploaded`
 * (progress 1) when it is only kept here (downloaded); null when it is not on this device at all.
 */
export async function readAttachmentState(
  db: UserDatabase,
  blobId: string,
): Promise<{ state: AttachmentState; progress: number; reason?: string } | null> {
  const row = await db.dexie.attachments.get(blobId);
  if (row) return { state: row.state, progress: row.progress, ...(row.reason === undefined ? {} : { reason: row.reason }) };
  return (await db.dexie.files.where('blobId').equals(blobId).count()) ? { state: 'uploaded', progress: 1 } : null;
}

/** Stores a new file's bytes and its queue row in one transaction (both or neither). */
export async function storeAndQueue(db: UserDatabase, file: FileRow, row: AttachmentRow): Promise<void> {
  await db.dexie.transaction('rw', [db.dexie.files, db.dexie.attachments], async () => {
    await db.dexie.files.put(file);
    await db.dexie.attachments.put(row);
  });
}

/** Updates some fields of a queue row (no-op when the row is gone, e.g. dropped meanwhile). */
export async function updateAttachment(db: UserDatabase, blobId: string, patch: Partial<AttachmentRow>): Promise<void> {
  await db.dexie.attachments.update(blobId, patch);
}

/** Removes a file from this device: its bytes, its queue row and any download in progress. */
export async function dropFile(db: UserDatabase, blobId: string): Promise<void> {
  const { files, attachments, downloadChunks } = db.dexie;
  await db.dexie.transaction('rw', [files, attachments, downloadChunks], async () => {
    await files.delete(blobId);
    await attachments.delete(blobId);
    await downloadChunks.where('[blobId+index]').between([blobId, -Infinity], [blobId, Infinity]).delete();
  });
}

/**
 * Drops every file of this device that no live record holds: at once when a record had held it
 * (`referenced`), after UNREFERENCED_GRACE_MS when none ever did. Marks rows whose record appeared.
 * Each decision is taken in one transaction with the tables it reads, so a file another tab adds
 * meanwhile is never dropped. Returns the blob ids dropped. `now` is device ms.
 */
export async function collectUnreferenced(db: UserDatabase, now: number): Promise<string[]> {
  const { files, attachments, downloadChunks } = db.dexie;
  const ids = new Set<string>([
    ...((await attachments.toCollection().primaryKeys()) as string[]),
    ...((await files.toCollection().primaryKeys()) as string[]),
    ...((await downloadChunks.toCollection().primaryKeys()) as [string, number][]).map(([id]) => id),
  ]);
  const tables = [files, attachments, downloadChunks, ...FILE_COLLECTIONS.map((c) => db.dexie.entities(c))];
  const dropped: string[] = [];
  for (const blobId of ids) {
    const drop = await db.dexie.transaction('rw', tables, async () => {
      const row = await attachments.get(blobId);
      if (await isReferenced(db, blobId)) {
        if (row && !row.referenced) await attachments.update(blobId, { referenced: true });
        return false;
      }
      if (row && !row.referenced && now - row.createdAt <= UNREFERENCED_GRACE_MS) return false;
      await dropFile(db, blobId);
      return true;
    });
    if (drop) dropped.push(blobId);
  }
  return dropped;
}
