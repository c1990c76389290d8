/**
 * Uploading one queued file with the chunk protocol of shared/files/README.md: create (or find)
 * the upload, learn which chunks the server has, then for each missing chunk slice the stored
 * Blob, encrypt it (shared/files/crypto.ts) and PUT it with its SHA-256; then complete. Resumes
 * from the first missing chunk after any interruption; sending a chunk twice is harmless. Only
 * one chunk (4 MiB plaintext + its ciphertext) is in memory at a time.
 */
import { chunkCount, encryptChunk, encryptedSize, importFileKey } from '../../shared/files/crypto';
import type { FileRef } from '../../shared/files/ref';
import type { UserDatabase } from '../db/user-database';
import { readSlice, sha256OfBytes } from './hash';
import { expectOk, jsonRequest, type FilesHttp } from './http';
import { getLocalBlob, updateAttachment } from './store';

/** The server's view of an upload (POST /api/blobs and GET /api/blobs/:id). */
interface UploadStatus {
  received: number[];
  complete: boolean;
}

/** The upload cannot go on: the file is no longer on this device (its record was deleted). */
export class LocalFileMissingError extends Error {
  override name = 'LocalFileMissingError';
}

const blobPath = (blobId: string) => `/api/blobs/${encodeURIComponent(blobId)}`;

/**
 * Uploads `ref`'s stored bytes; updates the queue row's progress (0..1, chunks the server has)
 * after every chunk. Resolves when the server answered `complete`. Throws ApiError for refusals
 * (413, 415, 409, …) and network errors as fetch does; `signal` aborts between and during requests.
 */
export async function uploadFile(db: UserDatabase, http: FilesHttp, ref: FileRef, signal?: AbortSignal): Promise<void> {
  const count = chunkCount(ref.size, ref.chunkSize);
  const created = await jsonRequest<UploadStatus>(
    http,
    '/api/blobs',
    { blobId: ref.blobId, size: ref.size, chunkSize: ref.chunkSize, chunkCount: count, encryptedSize: encryptedSize(ref.size, ref.chunkSize) },
    signal,
  );
  // What to resume from: the server's own record of the chunks it holds.
  const status = created.complete ? created : await jsonRequest<UploadStatus>(http, blobPath(ref.blobId), undefined, signal);
  if (status.complete) return; // completed before (an answer lost on the way, or another tab)
  const received = new Set(status.received);
  const blob = await getLocalBlob(db, ref.blobId);
  if (!blob) throw new LocalFileMissingError('This file is no longer on this device.');
  const key = await importFileKey(ref.key);
  for (let i = 0; i < count; i++) {
    if (received.has(i)) continue;
    signal?.throwIfAborted();
    const plain = await readSlice(blob, i * ref.chunkSize, (i + 1) * ref.chunkSize);
    const sealed = await encryptChunk(key, ref.blobId, i, count, plain);
    const res = await http(`${blobPath(ref.blobId)}/chunks/${i}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': await sha256OfBytes(sealed) },
      body: sealed as BodyInit,
      signal,
    });
    if (res.status === 409 && (await jsonRequest<UploadStatus>(http, blobPath(ref.blobId), undefined, signal)).complete) return;
    await expectOk(res);
    received.add(i);
    await updateAttachment(db, ref.blobId, { progress: received.size / count });
  }
  await jsonRequest(http, `${blobPath(ref.blobId)}/complete`, { key: ref.key, mimeType: ref.mimeType, sha256: ref.sha256 }, signal);
}
