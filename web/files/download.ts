/**
 * Opening a file (issue #17 "Another device downloads a file when it is first opened (with
 * progress) and keeps it for offline use"): the Blob kept on this device when there is one, else
 * its encrypted chunks one by one (`GET /api/blobs/:id/chunks/:i`, shared/files/README.md),
 * each decrypted (shared/files/crypto.ts) and kept in `downloadChunks` so an interrupted download
 * resumes; then the whole is checked against the record (size and SHA-256) and kept in `files`.
 * A chunk that does not decrypt, or a file whose size or hash differ, is reported (FileDamagedError)
 * and never returned. A blob stored padded (issue 39, upload.ts) is laid out by its padded size;
 * the padding, which must be zeros, is cut off each chunk before it is kept; one stored before
 * padding is laid out by the record's size.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { chunkCount, decryptChunk, DecryptError, importFileKey, plainChunkBytes, storedSizeIsFor, toHex } from '../../shared/files/crypto';
import type { FileRef } from '../../shared/files/ref';
import { ApiError } from '../api/client';
import { isQuotaError, NO_ROOM_MESSAGE, type FilesDeps } from './add';
import { FileDamagedError, FileUnavailableError } from './errors';
import { sha256OfBlob } from './hash';
import { expectOk, jsonRequest } from './http';
import { getLocalBlob } from './store';

/** The server's view of a stored blob (GET /api/blobs/:id). */
interface BlobStatus {
  size: number;
  chunkSize: number;
  complete: boolean;
}

const OFFLINE_MESSAGE = 'This file is not on this device yet. Connect to the internet to open it.';
const NOT_UPLOADED_MESSAGE = 'This file has not finished uploading from the device that added it. Try again later.';

/** The same bytes typed `mimeType` (no copy: a Blob of a Blob). */
const typed = (blob: Blob, mimeType: string) => (blob.type === mimeType ? blob : new Blob([blob], { type: mimeType }));

/** Maps a failed request to what the person is told. */
function unavailable(err: unknown): Error {
  if (err instanceof ApiError && err.status === 404) return new FileUnavailableError(NOT_UPLOADED_MESSAGE);
  if (err instanceof ApiError && err.status === 401) return new FileUnavailableError('Sign in again to open this file.');
  if (err instanceof ApiError) return new FileUnavailableError('The server could not send this file. Try again later.');
  return err instanceof TypeError ? new FileUnavailableError(OFFLINE_MESSAGE) : (err as Error);
}

/**
 * The plaintext of `ref` as a Blob typed `ref.mimeType`: the local copy, else downloaded,
 * decrypted, verified and kept. `onProgress` gets the fraction (0..1) of bytes done. Throws
 * FileUnavailableError (offline, not uploaded yet, refused) or FileDamagedError (never partial bytes).
 */
export async function downloadFile(deps: FilesDeps, ref: FileRef, onProgress?: (fraction: number) => void): Promise<Blob> {
  const { db, http } = deps;
  const local = await getLocalBlob(db, ref.blobId);
  if (local) {
    onProgress?.(1);
    return typed(local, ref.mimeType);
  }
  const path = `/api/blobs/${encodeURIComponent(ref.blobId)}`;
  const status = await jsonRequest<BlobStatus>(http, path).catch((err: unknown) => Promise.reject(unavailable(err)));
  if (!status.complete) throw new FileUnavailableError(NOT_UPLOADED_MESSAGE);
  if (!storedSizeIsFor(status.size, ref.size) || status.chunkSize !== ref.chunkSize) throw new FileDamagedError();

  const storedSize = status.size; // padded, or the exact size for a blob stored before padding
  const count = chunkCount(storedSize, ref.chunkSize);
  const range = db.dexie.downloadChunks.where('[blobId+index]').between([ref.blobId, 0], [ref.blobId, count], true, false);
  const have = new Set(((await range.primaryKeys()) as [string, number][]).map(([, i]) => i));
  let done = [...have].reduce((sum, i) => sum + plainChunkBytes(ref.size, ref.chunkSize, i), 0);
  onProgress?.(ref.size ? done / ref.size : 0);
  const key = await importFileKey(ref.key);
  // A fresh download hashes the plaintext as it arrives; a resumed one hashes the whole at the end.
  const hasher = have.size === 0 ? sha256.create() : null;
  for (let i = 0; i < count; i++) {
    if (have.has(i)) continue;
    const res = await http(`${path}/chunks/${i}`)
      .then(expectOk)
      .catch((err: unknown) => Promise.reject(unavailable(err)));
    const stored = new Uint8Array(await res.arrayBuffer());
    let plain: Uint8Array;
    try {
      plain = await decryptChunk(key, ref.blobId, i, count, stored);
    } catch (err) {
      if (err instanceof DecryptError) throw new FileDamagedError();
      throw err;
    }
    if (plain.length !== plainChunkBytes(storedSize, ref.chunkSize, i)) throw new FileDamagedError();
    const own = plainChunkBytes(ref.size, ref.chunkSize, i);
    if (plain.subarray(own).some((b) => b !== 0)) throw new FileDamagedError(); // padding is zeros, or the file is not what was stored
    const part = plain.subarray(0, own);
    hasher?.update(part);
    await db.dexie.downloadChunks.put({ blobId: ref.blobId, index: i, blob: new Blob([part as BlobPart]) }).catch((err: unknown) => {
      throw isQuotaError(err) ? new FileUnavailableError(NO_ROOM_MESSAGE) : err;
    });
    done += part.length;
    onProgress?.(ref.size ? done / ref.size : 1);
  }

  // Another tab may have finished the same download meanwhile (and removed the chunks).
  const finished = await getLocalBlob(db, ref.blobId);
  if (finished) return typed(finished, ref.mimeType);
  const parts = await range.toArray();
  if (parts.length !== count) throw new FileUnavailableError('The download was interrupted. Please try again.');
  const whole = new Blob(
    parts.map((p) => p.blob),
    { type: ref.mimeType },
  );
  const digest = hasher ? toHex(hasher.digest()) : await sha256OfBlob(whole);
  if (whole.size !== ref.size || digest !== ref.sha256) {
    await range.delete();
    throw new FileDamagedError();
  }
  await db.dexie.transaction('rw', [db.dexie.files, db.dexie.downloadChunks], async () => {
    await db.dexie.files.put({ blobId: ref.blobId, blob: whole, storedAt: db.deviceNow() });
    await range.delete();
  });
  onProgress?.(1);
  return whole;
}
