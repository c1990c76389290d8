/**
 * Files of an account being sealed (issue "Files": existing blobs, whose keys the server has seen,
 * are re-encrypted under new keys during migration). Every file reference still plain on the
 * server carried its key in the clear, so each such file is read on this device (its local copy,
 * else downloaded and decrypted: web/files/download.ts), added again as a NEW file under a NEW
 * random key (web/files/add.ts: kept here, queued for upload as a new blob), and its record points
 * to it by a local write with a new HLC (rule 9), which sync pushes sealed once it runs with keys.
 * That write is a compare-and-set on the file's HLC as read from the server (shared/sync/README.md
 * rule 28, as the seal routes' envelopes): when another device replaced the file meanwhile, the
 * server refuses it and this device takes the replacement (rule 11), so the re-key, stamped later,
 * never undoes a newer file. The old blob is released as today once no live record refers to it
 * (sync-server/records/file-refs.ts). A record whose local reference already differs from the
 * server's plain one was re-keyed by an earlier run (or changed here): it is left alone, so a run
 * cut short and run again re-keys each file once.
 */
import { isEnvelope } from '../../../shared/crypto/migration';
import { fileRefSchema, type FileRef } from '../../../shared/files/ref';
import type { ServerRecord } from '../../../shared/sync/protocol';
import { isDeleted } from '../../../shared/sync/record';
import { addFileTo, type FilesDeps } from '../../files/add';
import { downloadFile } from '../../files/download';

/** What re-keying did: files re-encrypted now, and those left as they were with the reason. */
export interface RekeyOutcome {
  rekeyed: number;
  left: { collection: string; id: string; reason: string }[];
}

const FILE_COLLECTIONS = ['documents', 'messages'] as const;

/**
 * Re-encrypts under new keys every file whose reference is plain in `records` (the server's
 * state, as pulled) and points its record to the new file (see above). A file that cannot be read
 * or kept (offline, damaged, no room, the record not on this device yet) is left in `left`, never
 * thrown: its reference is still sealed by the migration, and a later run re-keys it.
 */
export async function rekeyFiles(files: FilesDeps, records: readonly ServerRecord[]): Promise<RekeyOutcome> {
  const out: RekeyOutcome = { rekeyed: 0, left: [] };
  for (const r of records) {
    if (!(FILE_COLLECTIONS as readonly string[]).includes(r.collection) || isDeleted(r)) continue;
    const value = r.values.file;
    if (value === null || value === undefined || isEnvelope(value)) continue;
    const parsed = fileRefSchema.safeParse(value);
    if (!parsed.success) continue;
    const old: FileRef = parsed.data;
    const local = (await files.db.dexie.entities(r.collection as 'documents').get(r.id)) as { file?: FileRef | null } | undefined;
    if (!local) {
      out.left.push({ collection: r.collection, id: r.id, reason: 'the record is not on this device yet' });
      continue;
    }
    if (local.file?.blobId !== old.blobId) continue; // re-keyed by an earlier run, or changed here since
    try {
      const blob = await downloadFile(files, old);
      const fresh = await addFileTo(files, blob, { name: old.name, ...(old.durationMs === undefined ? {} : { durationMs: old.durationMs }) });
      await files.db.writeMany([{ collection: r.collection, id: r.id, patch: { file: fresh }, ifClocks: { file: r.clocks.file ?? '' } }]);
      out.rekeyed++;
    } catch (err) {
      out.left.push({ collection: r.collection, id: r.id, reason: (err as Error).message });
    }
  }
  return out;
}
