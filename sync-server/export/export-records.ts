/**
 * A person's live records by collection, read on the server for `GET /api/export` and for a
 * full-access trustee's page (release/page-data.ts, whose binder is made on the trustee's device): the same shapes and order as the device's export
 * (web/features/export/export-data.ts): oldest first, then by id.
 */
import { COLLECTIONS, COLLECTION_SPECS } from '../../shared/schema/collections';
import type { ExportRecords } from '../../shared/export/format';
import type { RecordReader } from '../records';

/** Every live record of `userId` (never another account's: the store is keyed by it). */
export async function exportRecordsOf(records: RecordReader, userId: string): Promise<ExportRecords> {
  const out = {} as Record<string, unknown[]>;
  for (const c of COLLECTIONS) {
    if (COLLECTION_SPECS[c].singleton) {
      const one = await records.get(userId, c, userId);
      out[c] = one ? [one] : [];
      continue;
    }
    out[c] = ((await records.list(userId, c)) as { id: string; createdAt?: string }[]).sort(
      (a, b) => (a.createdAt ?? '').localeCompare(b.createdAt ?? '') || a.id.localeCompare(b.id),
    );
  }
  return out as ExportRecords;
}
