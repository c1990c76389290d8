/**
 * Which files a commit stopped or started referring to (issue #17 "Release and deletion"):
 * documents and messages hold `file: { blobId, … } | null` (shared/files/ref.ts) and, plain beside
 * it, `fileBlobId` (the only one the server can read when `file` is sealed). Before a batch
 * is merged, `watchFileRefs` notes, for every record a change touches through `file` or the
 * tombstone, the blob id it referred to and the one the change offers; after the commit, `after`
 * says which of those the record still refers to (`referenced`) and which it no longer does
 * (`released`: replaced, deleted, or offered by a change that lost the merge). The blob service
 * then deletes a released blob that no live record refers to.
 */
import type { CollectionName } from '../../shared/schema';
import { FILE_COLLECTIONS } from '../../shared/files/ref';
import { isDeleted, TOMBSTONE_FIELD, type Change, type ServerRecord } from '../../shared/sync';

export interface FileRefChanges {
  released: string[];
  referenced: string[];
}

const isFileCollection = (c: string) => (FILE_COLLECTIONS as readonly string[]).includes(c);

const blobIdOf = (file: unknown): string | null =>
  file !== null && typeof file === 'object' && typeof (file as { blobId?: unknown }).blobId === 'string' ? (file as { blobId: string }).blobId : null;

/**
 * The blob a record's (or a change's) fields name: the plain `fileBlobId`, written beside `file`
 * (shared/sync/record.ts addDerivedFields). A sealed account's `file` is an envelope the server
 * cannot read; a record written before `fileBlobId` existed names it in `file` only.
 */
export const namedBlob = (values: Record<string, unknown> | undefined): string | null => {
  if (!values) return null;
  if (typeof values.fileBlobId === 'string') return values.fileBlobId;
  return blobIdOf(values.file);
};

type Get = (collection: CollectionName, id: string) => ServerRecord | null;

/** Notes the file references `changes` may change (reads each such record once, before the merge). */
export function watchFileRefs(changes: readonly Change[], get: Get): { after(get: Get): FileRefChanges } {
  const touched = new Map<string, { collection: CollectionName; id: string; ids: Set<string> }>();
  for (const change of changes) {
    if (!isFileCollection(change.collection)) continue;
    if (!('file' in change.fields) && !('fileBlobId' in change.fields) && !(TOMBSTONE_FIELD in change.fields)) continue;
    const key = `${change.collection}/${change.id}`;
    let entry = touched.get(key);
    if (!entry) {
      entry = { collection: change.collection, id: change.id, ids: new Set() };
      const before = namedBlob(get(change.collection, change.id)?.values);
      if (before) entry.ids.add(before);
      touched.set(key, entry);
    }
    const offered = namedBlob(change.fields);
    if (offered) entry.ids.add(offered);
  }
  return {
    after(getAfter) {
      const out: FileRefChanges = { released: [], referenced: [] };
      for (const e of touched.values()) {
        const r = getAfter(e.collection, e.id);
        const now = r && !isDeleted(r) ? namedBlob(r.values) : null;
        if (now) out.referenced.push(now);
        for (const id of e.ids) if (id !== now) out.released.push(id);
      }
      return out;
    },
  };
}
