/**
 * "Export my data" (issue #18): every live record of this device's database and every file,
 * written as the export ZIP (shared/export) with no network: records come from IndexedDB, files
 * from `openFile` (web/files: local, or downloaded and decrypted when online).
 */
import { COLLECTIONS } from '../../../shared/schema/collections';
import { personNameOf, type ExportRecords } from '../../../shared/export/format';
import type { ExportFileSource, FileBytes } from '../../../shared/export/zip-writer';
import type { UserDatabase } from '../../db/user-database';

/** Bytes of ZIP chunks gathered before they are folded into the result Blob. */
const FOLD_BYTES = 8 * 1024 * 1024;

/** Every live record of `db`, by collection, oldest first (then by id), as screens see them. */
export async function collectRecords(db: UserDatabase): Promise<ExportRecords> {
  const out = {} as Record<string, unknown[]>;
  await db.dexie.transaction('r', COLLECTIONS.map((c) => db.dexie.table(c)), async () => {
    for (const c of COLLECTIONS) {
      const rows = (await db.dexie.entities(c).toArray()) as { id: string; createdAt?: string }[];
      out[c] = rows.sort((a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id));
    }
  });
  return out as ExportRecords;
}

/**
 * The export ZIP of `db`'s account as a Blob (streamed into Blob parts, which the browser may keep
 * on disk). `openFile` gives a record's plaintext or null (absent: no files). `now` is the export time.
 */
export async function exportData(
  db: UserDatabase,
  opts: { openFile?: (source: ExportFileSource) => Promise<FileBytes | null>; now?: Date } = {},
): Promise<Blob> {
  const { exportZipChunks } = await import('../../../shared/export/zip-writer'); // fflate only when asked
  const records = await collectRecords(db);
  // Chunks are folded into a Blob every few MiB, so they can be freed (a browser may move a large
  // Blob to disk) instead of all being held twice at the end.
  let zip = new Blob([], { type: 'application/zip' });
  let parts: BlobPart[] = [];
  let pending = 0;
  for await (const chunk of exportZipChunks({ records, exportedAt: opts.now ?? new Date(db.correctedNow()), personName: personNameOf(records), openFile: opts.openFile })) {
    parts.push(chunk as Uint8Array<ArrayBuffer>);
    pending += chunk.byteLength;
    if (pending >= FOLD_BYTES) {
      zip = new Blob([zip, ...parts], { type: 'application/zip' });
      parts = [];
      pending = 0;
    }
  }
  return new Blob([zip, ...parts], { type: 'application/zip' });
}
