/**
 * The server's files for `GET /api/export` (issue #18): each record's file decrypted on the fly
 * from the blob store with the record's own key, chunk by chunk (memory: one 4 MiB chunk), as
 * the release pages do (blobs/release-files.ts). Only the account's own complete blobs are read.
 */
import { importFileKey } from '../../shared/files/crypto';
import type { ExportOptions } from '../../shared/export/zip-writer';
import { openPlaintextRange } from '../blobs/chunks';
import type { BlobService } from '../blobs/service';

/**
 * `openFile` of the export for `userId`: the plaintext stream, or null for a blob not (yet, or any
 * more) complete here, or whose record's key does not decrypt it (listed in README.txt as not
 * included, rather than breaking off the whole export). `onRead(bytes)` is told each file's size as it is opened (the account's
 * file-bytes budget, shared/limits.ts `fileBytesPerMinute`).
 */
export function blobFileReader(blobs: BlobService, userId: string, onRead: (bytes: number) => void = () => {}): NonNullable<ExportOptions['openFile']> {
  return async ({ ref }) => {
    const row = await blobs.meta.get(userId, ref.blobId);
    if (!row || row.state !== 'complete') return null;
    let key: CryptoKey;
    try {
      key = await importFileKey(ref.key);
    } catch {
      return null;
    }
    onRead(row.size);
    if (row.size === 0) return new Uint8Array(0);
    return openPlaintextRange(blobs.store, row, key, { start: 0, end: row.size - 1 });
  };
}
