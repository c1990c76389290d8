/**
 * "Import data" (issue #18): brings an export ZIP into the signed-in account. Everything is
 * checked first (shared/export/read.ts: version, ZIP, records, names, files); then every record is
 * written through the one local write (rule 9) in ONE transaction, so it syncs like any edit and
 * either all of it lands or none. Ids are kept (singletons take this account's id, rule 7), and
 * only fields that differ are written, so importing the same ZIP twice changes nothing the
 * second time (no outbox entry). Files are added like any new file (queued for upload) unless the
 * record already holds the same file (same SHA-256). `messages.delivered` is the release's state on
 * the server that delivered them, so it is never imported (a client may not write it, rule 10).
 */
import { COLLECTIONS, COLLECTION_SPECS, type CollectionName } from '../../../shared/schema/collections';
import type { FileRef } from '../../../shared/files/ref';
import { FILE_LIMIT_DEFAULTS } from '../../../shared/limits';
import { DAMAGED_ZIP_MESSAGE, ExportReadError, type ExportRecord } from '../../../shared/export/read';
import { inThreadReader, type CheckedExportAsync, type ExportReader } from './import-reader';
import { isStoredExport, openStoredExport, StoredExportOpenError } from '../../../shared/export/open-stored';
import type { Keyring } from '../../../shared/crypto/keys';
import type { ExportFileEntry } from '../../../shared/export/format';
import { DERIVED_FIELDS, TOMBSTONE_FIELD, isDeleted } from '../../../shared/sync/record';
import { fieldClock } from '../../db/edit-session';
import type { UserDatabase, WriteInput } from '../../db/user-database';

export { ExportReadError };

/** Bytes a ZIP starts with: a local file header (PK\3\4) or, when empty, the end record (PK\5\6). */
export const ZIP_SIGNATURE_BYTES = 4;

/**
 * Refuses at once a file that cannot be a ZIP (a PDF or photo chosen by mistake), from its first
 * ZIP_SIGNATURE_BYTES bytes, so the person is not first asked to confirm an import that cannot
 * happen. Throws ExportReadError(DAMAGED_ZIP_MESSAGE); a ZIP still gets every check of importData.
 */
export function checkZipSignature(head: Uint8Array): void {
  const zip = head[0] === 0x50 && head[1] === 0x4b && ((head[2] === 3 && head[3] === 4) || (head[2] === 5 && head[3] === 6));
  if (!zip) throw new ExportReadError(DAMAGED_ZIP_MESSAGE);
}

/** Adds a file on this device and queues its upload (web/files `addFile`). */
export type AddFile = (blob: Blob, opts: { name: string; durationMs?: number }) => Promise<FileRef>;

export interface ImportResult {
  /** Records of the export, by collection. */
  records: Record<CollectionName, number>;
  /** Records that changed in this account (0 on a repeated import). */
  changed: number;
  /** Files added (queued for upload). */
  filesAdded: number;
}

/**
 * Imports `zip` into `db`'s account. `addFile` adds a file of the ZIP (absent: a record keeps the
 * file reference it was exported with). A file larger than the server's MAX_FILE_BYTES (as this
 * device last heard it, web/files/limits.ts; else the default) is refused before it is read.
 * The server's export (`GET /api/export`, format version 2: records and files as the server holds
 * them) is opened here first with `keyring` (the key session's, null when it holds none:
 * shared/export/open-stored.ts); the records are then written like any other, so a sealed
 * account's sync seals them again. Import is all or nothing: when any record or file of it does
 * not open, nothing is written and the refusal names them.
 * `reader` says where the ZIP is checked and inflated (import-reader.ts: in a worker in the app,
 * here by default); `zip` may be handed over to it (transferred) and must not be used afterwards.
 * Throws ExportReadError (nothing written) when the ZIP is refused, LocalWriteError (nothing
 * written) when a record would be refused by the server.
 */
export async function importData(
  db: UserDatabase,
  zip: Uint8Array,
  addFile?: AddFile,
  keyring: Keyring | null = null,
  reader: ExportReader = inThreadReader,
): Promise<ImportResult> {
  const maxFileBytes = (await db.getMeta('fileLimits'))?.maxFileBytes ?? FILE_LIMIT_DEFAULTS.maxFileBytes;
  if (isStoredExport(zip)) zip = await openedForImport(zip, keyring, maxFileBytes);
  const checked = await reader(zip, { maxFileBytes });
  try {
    return await importChecked(db, checked, addFile);
  } finally {
    checked.close();
  }
}

/** Writes a checked export into `db` (importData's second half). */
async function importChecked(db: UserDatabase, checked: CheckedExportAsync, addFile?: AddFile): Promise<ImportResult> {
  const { manifest } = checked;
  const fileOf = new Map<string, ExportFileEntry>(manifest.files.map((f) => [`${f.collection}/${f.id}`, f]));
  const targets = COLLECTIONS.flatMap((c) =>
    (manifest.records[c] as ExportRecord[]).map((r) => ({ collection: c, record: r, id: COLLECTION_SPECS[c].singleton ? db.userId : r.id })),
  );
  const states = await db.dexie.transaction('r', db.dexie.fieldState, () => Promise.all(targets.map((t) => db.readState(t.collection, t.id))));

  const inputs: WriteInput[] = [];
  let filesAdded = 0;
  const addedAt = new Map<string, FileRef>(); // a file several records share (one ZIP entry) is added once
  for (const [i, { collection, record, id }] of targets.entries()) {
    const state = states[i]!;
    const spec = COLLECTION_SPECS[collection];
    const patch: Record<string, unknown> = {};
    for (const field of Object.keys(spec.fields.shape)) {
      // Derived fields (fileBlobId, contentRevision) are made by the write itself, never imported.
      if (!spec.serverOnly.includes(field) && !DERIVED_FIELDS.includes(field) && field in record) patch[field] = record[field];
    }
    if ('file' in patch && record.file) {
      const exported = record.file as FileRef;
      const current = state.values.file as FileRef | null | undefined;
      const entry = fileOf.get(`${collection}/${record.id}`);
      if (current && current.sha256 === exported.sha256 && current.size === exported.size) delete patch.file; // the same file is here already
      else if (entry && addedAt.has(entry.path)) patch.file = { ...addedAt.get(entry.path)!, name: exported.name };
      else if (entry && addFile) {
        const bytes = await checked.readFile(entry);
        const blob = new Blob([bytes as Uint8Array<ArrayBuffer>], { type: exported.mimeType });
        try {
          patch.file = await addFile(blob, { name: exported.name, ...(exported.durationMs !== undefined ? { durationMs: exported.durationMs } : {}) });
        } catch (err) {
          // Nothing is written yet; files already added stay unreferenced and the queue drops them.
          throw new ExportReadError(`The file “${entry.path}” can't be added: ${(err as Error).message}`);
        }
        addedAt.set(entry.path, patch.file as FileRef);
        filesAdded++;
      }
    }
    if (isDeleted(state)) patch[TOMBSTONE_FIELD] = false; // importing a record brings it back
    // The person chose to replace what this device shows: a sequential edit, not a conflict (rule 20).
    const bases = Object.fromEntries(Object.keys(patch).filter((f) => f !== TOMBSTONE_FIELD).map((f) => [f, fieldClock(state, collection, f)]));
    inputs.push({ collection, id, patch, listBase: state, bases });
  }
  const changes = await db.writeMany(inputs);
  const records = Object.fromEntries(COLLECTIONS.map((c) => [c, manifest.records[c].length])) as Record<CollectionName, number>;
  return { records, changed: changes.length, filesAdded };
}

/** Most failures named in one refusal (the rest are counted). */
const NAMED_FAILURES = 5;

/**
 * The plaintext export of a stored one (shared/export/open-stored.ts); throws ExportReadError
 * naming what did not open (nothing is imported then: all or nothing).
 */
async function openedForImport(zip: Uint8Array, keyring: Keyring | null, maxFileBytes: number): Promise<Uint8Array> {
  let opened;
  try {
    opened = await openStoredExport(zip, { keyring, maxFileBytes });
  } catch (err) {
    if (err instanceof StoredExportOpenError) throw new ExportReadError(err.message);
    throw err;
  }
  const { failures } = opened;
  if (failures.length) {
    const more = failures.length > NAMED_FAILURES ? ` And ${failures.length - NAMED_FAILURES} more.` : '';
    throw new ExportReadError(`Nothing was imported: part of this export did not open. ${failures.slice(0, NAMED_FAILURES).join(' ')}${more}`);
  }
  return opened.zip;
}
