/**
 * Uploading one queued file with the chunk protocol of shared/files/README.md: create (or find)
 * the upload, ask which chunks the server has, then for each missing chunk slice the stored Blob,
 * encrypt it (shared/files/crypto.ts) and PUT it with its SHA-256; then complete. Resumes from the
 * first missing chunk after any interruption; sending a chunk twice is harmless. At most two
 * chunks (4 MiB plaintext + ciphertext each) are in memory: the one sent and the next, prepared
 * meanwhile. The server's pacing is kept: a `429` waits `Retry-After` and sends the same chunk
 * again; chunks the server found damaged at `complete` are sent again (a few rounds at most).
 * The server is told only the padded size (issue 39, shared/files/crypto.ts `paddedFileSize`):
 * the file is stored followed by zero bytes up to its bucket, so the upload's `size`, chunk count
 * and every chunk's length are the bucket's; the exact size stays in the sealed record.
 */
import { chunkCount, encryptChunk, encryptedSize, importFileKey, paddedFileSize, plainChunkBytes } from '../../shared/files/crypto';
import type { FileRef } from '../../shared/files/ref';
import { ApiError } from '../api/client';
import type { UserDatabase } from '../db/user-database';
import { readSlice, sha256OfBytes } from './hash';
import { expectOk, jsonRequest, type FilesHttp } from './http';
import { LocalFileMissingError } from './errors';
import { getLocalBlob, updateAttachment } from './store';

/** The server's view of an upload (POST /api/blobs and GET /api/blobs/:id). */
interface UploadStatus {
  received: number[];
  complete: boolean;
}

/** Rounds of "send what is missing, then complete" before giving up on one attempt. */
const MAX_ROUNDS = 3;
/** Times one chunk is sent again after a `400` (damaged on the way) before giving up. */
const MAX_RESENDS = 2;
/** Longest `Retry-After` honoured in place (s); longer waits go back to the queue's backoff. */
const MAX_RETRY_AFTER_S = 60;
/** `429`s waited out in place for one chunk before the queue's backoff takes over. */
const MAX_WAITS = 30;

const blobPath = (blobId: string) => `/api/blobs/${encodeURIComponent(blobId)}`;

/** Resolves after `ms`, or rejects when `signal` aborts. */
function sleep(ms: number, signal?: AbortSignal): Promise<void> {
  return new Promise((resolve, reject) => {
    const timer = setTimeout(resolve, ms);
    signal?.addEventListener('abort', () => (clearTimeout(timer), reject(signal.reason)), { once: true });
  });
}

/** True when `complete` refused because chunks are missing (409) or have the wrong size (400, issues `chunks.<i>`): send them again. */
function chunksToResend(err: unknown): boolean {
  if (!(err instanceof ApiError)) return false;
  if (err.status === 409) return true;
  if (err.status !== 400) return false;
  try {
    const issues = (JSON.parse(err.bodyText) as { issues?: { path?: string }[] }).issues ?? [];
    return issues.length > 0 && issues.every((i) => i.path?.startsWith('chunks'));
  } catch {
    return false;
  }
}

/**
 * Starts (or finds) the upload of `ref` at its padded size; returns the plaintext bytes the blob
 * stores and the server's status. An upload a version before padding began at the exact size
 * (the server answers 409 to the padded one) is finished as it began, so an update never strands
 * a half-sent file, but only when this device's own queue row says so (`beganExact`: reserved by
 * that version, which kept no `declaredSize`): a server's 409 and "begun at the exact size" alone
 * never make the device send the exact size (issue 39, review low). Throws ApiError as jsonRequest does.
 */
async function declareUpload(http: FilesHttp, ref: FileRef, path: string, beganExact: boolean, signal?: AbortSignal): Promise<{ stored: number; created: UploadStatus }> {
  const declare = (stored: number) =>
    jsonRequest<UploadStatus>(http, '/api/blobs', { blobId: ref.blobId, size: stored, chunkSize: ref.chunkSize, chunkCount: chunkCount(stored, ref.chunkSize), encryptedSize: encryptedSize(stored, ref.chunkSize) }, signal);
  const padded = paddedFileSize(ref.size);
  try {
    return { stored: padded, created: await declare(padded) };
  } catch (err) {
    if (!(err instanceof ApiError && err.status === 409) || padded === ref.size || !beganExact) throw err;
    const begun = await jsonRequest<UploadStatus & { size: number; chunkSize: number }>(http, path, undefined, signal).catch(() => null);
    if (begun?.size !== ref.size || begun.chunkSize !== ref.chunkSize) throw err;
    return { stored: ref.size, created: begun };
  }
}

/**
 * Uploads `ref`'s stored bytes; updates the queue row's progress (0..1, chunks the server has)
 * after every chunk. Resolves when the server holds the file complete. Throws ApiError for
 * refusals (413, 415, 409, …) and network errors as fetch does; `signal` aborts between and
 * during requests. Throws LocalFileMissingError when the bytes are no longer on this device.
 */
export async function uploadFile(db: UserDatabase, http: FilesHttp, ref: FileRef, signal?: AbortSignal): Promise<void> {
  const path = blobPath(ref.blobId);
  const row = await db.dexie.attachments.get(ref.blobId);
  const beganExact = !!row?.reserved && (row.declaredSize ?? ref.size) === ref.size; // declared by a version before padding (see declareUpload)
  const { stored, created } = await declareUpload(http, ref, path, beganExact, signal);
  const count = chunkCount(stored, ref.chunkSize);
  await updateAttachment(db, ref.blobId, { reserved: true, declaredSize: stored }); // the server now counts it in usedBytes
  if (created.complete) return; // completed before (an answer lost on the way, or another tab)
  const blob = await getLocalBlob(db, ref.blobId);
  if (!blob) throw new LocalFileMissingError('This file is no longer on this device.');
  const key = await importFileKey(ref.key);

  /** Chunk `i` of the padded file: the file's bytes it covers, then zeros up to its stored length. */
  const plainOf = async (i: number) => {
    const bytes = await readSlice(blob, i * ref.chunkSize, (i + 1) * ref.chunkSize);
    const length = plainChunkBytes(stored, ref.chunkSize, i);
    if (bytes.length === length) return bytes;
    const out = new Uint8Array(length); // zero-filled
    out.set(bytes.subarray(0, length));
    return out;
  };

  /** Reads, pads, encrypts and hashes chunk `i`. */
  const seal = async (i: number) => {
    const sealed = await encryptChunk(key, ref.blobId, i, count, await plainOf(i));
    return { sealed, sha256: await sha256OfBytes(sealed) };
  };

  /** PUTs one chunk, waiting out `429`s and sending again after a `400`. Returns its final Response. */
  const put = async (i: number, chunk: { sealed: Uint8Array; sha256: string }): Promise<Response> => {
    for (let resends = 0, waits = 0; ; ) {
      signal?.throwIfAborted();
      const res = await http(`${path}/chunks/${i}`, {
        method: 'PUT',
        headers: { 'Content-Type': 'application/octet-stream', 'x-chunk-sha256': chunk.sha256 },
        body: chunk.sealed as BodyInit,
        signal,
      });
      const wait = Number(res.headers.get('retry-after') ?? 1);
      if (res.status === 429 && wait <= MAX_RETRY_AFTER_S && waits++ < MAX_WAITS) await sleep(Math.max(0, wait) * 1000, signal);
      else if (res.status === 400 && resends++ < MAX_RESENDS) continue;
      else return res;
    }
  };

  for (let round = 1; ; round++) {
    // What to resume from: the server's own record of the chunks it holds.
    const status = await jsonRequest<UploadStatus>(http, path, undefined, signal);
    if (status.complete) return;
    const received = new Set(status.received);
    await updateAttachment(db, ref.blobId, { progress: received.size / count });
    const missing = Array.from({ length: count }, (_, i) => i).filter((i) => !received.has(i));
    // The next chunk is prepared while the current one is on the wire (at most two in memory).
    let next = missing.length ? seal(missing[0]!) : null;
    for (let k = 0; k < missing.length; k++) {
      const i = missing[k]!;
      const chunk = await next!;
      next = k + 1 < missing.length ? seal(missing[k + 1]!) : null;
      next?.catch(() => undefined); // a failure surfaces when awaited, never as an unhandled rejection
      const res = await put(i, chunk);
      if (res.status === 409 && (await jsonRequest<UploadStatus>(http, path, undefined, signal)).complete) return;
      await expectOk(res);
      received.add(i);
      await updateAttachment(db, ref.blobId, { progress: received.size / count });
    }
    try {
      await jsonRequest(http, `${path}/complete`, {}, signal); // the key, type and hash stay in the (sealed) record: the server never sees them
      return;
    } catch (err) {
      if (round < MAX_ROUNDS && chunksToResend(err)) continue;
      throw err;
    }
  }
}
