/**
 * A person's live records by collection, read on the server for `GET /api/export` and for a
 * full-access trustee's binder (issue #18): the same shapes and order as the device's export
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

/** The family binder of `userId` as PDF bytes (shared/binder), made now: what a full-access trustee downloads after release. */
export async function binderPdfOf(records: RecordReader, userId: string, madeAt: Date): Promise<Uint8Array> {
  const [{ binderInputOf, buildBinder }, { binderFonts }] = await Promise.all([import('../../shared/binder'), import('./binder-fonts')]);
  return buildBinder(binderInputOf(await exportRecordsOf(records, userId), madeAt), await binderFonts());
}
