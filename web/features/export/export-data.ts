/**
 * "Export my data" (issue #18): every live record of this device's database and every file,
 * written as the export ZIP (shared/export) with no network: records come from IndexedDB, files
 * from `openFile` (web/files: local, or downloaded and decrypted when online).
 */
import { COLLECTIONS } from '../../../shared/schema/collections';
import { personNameOf, type ExportRecords } from '../../../shared/export/format';
import type { ExportFileSource, FileBytes } from '../../../shared/export/zip-writer';
import type { UserDatabase } from '../../db/user-database';

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
  const parts: BlobPart[] = [];
  for await (const chunk of exportZipChunks({ records, exportedAt: opts.now ?? new Date(db.correctedNow()), personName: personNameOf(records), openFile: opts.openFile })) {
    parts.push(chunk as Uint8Array<ArrayBuffer>);
  }
  return new Blob(parts, { type: 'application/zip' });
}
