/**
 * The viewer's side of a shared document's file (docs/sharing.md "The file of a shared document";
 * issue 43): the copy that opened with the link's key names the file and holds its own AES key; the
 * page fetches the file's sealed bytes by the share's token (`GET /api/shared/:token/files/:fileId`,
 * in one request), decrypts each chunk here as its bytes come (AES-GCM bound to the file's id, the chunk's
 * index and the chunk count: shared/files/crypto.ts), cuts the padding off and checks the file's
 * size and SHA-256 against the copy. Bytes that do not open or do not match are never handed on:
 * the person is told the file could not be opened (SharedFileError), in words.
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { CHUNK_OVERHEAD, chunkCount, DecryptError, decryptChunk, encryptedSize, importFileKey, paddedFileSize, plainChunkBytes, toHex } from '../../../shared/files/crypto';
import type { SharedFile } from '../../../shared/share-copy-view';
import type { ViewerFetch } from './viewer';

/** What the page says when the bytes the server sent are not the shared file (changed, swapped or cut). */
export const FILE_NOT_OPENED_TEXT = 'This file could not be opened. What the server sent is not the file that was shared with you, so none of it is shown. Ask the person who shared it to send the link again.';
/** The file route's 404: not uploaded yet, sharing stopped, or the document's file changed since the page opened. */
export const FILE_GONE_TEXT = 'This file is not available now. It may not have finished uploading yet, or sharing has stopped. Load the page again, or try later.';
/** The file route's 429 (its own bound per address and per share). */
export const FILE_BUSY_TEXT = 'This file was downloaded many times in a short while. Please wait a minute and try again.';
const UNREACHABLE_TEXT = 'Afterword could not be reached. Check your connection and try again.';
/** The server answered, but with a failure of its own (5xx, …): it was reached, so no word of the connection. */
const SERVER_FAILED_TEXT = 'Afterword could not send this file just now. Please try again later.';

/** A shared file that was not opened; `message` is for the person, as it is. `damaged` when the bytes were not the shared file's. */
export class SharedFileError extends Error {
  constructor(
    message: string,
    readonly damaged = false,
  ) {
    super(message);
    this.name = 'SharedFileError';
  }
}

/**
 * The body of `res` read piece by piece (review L1): `next(n)` resolves exactly its next `n` bytes,
 * or null when the body ends first; `ended()` is true when nothing follows. A Content-Length other
 * than `length` (the whole answer's) is refused before the body is read (null); reading never asks
 * for more than one piece past what was asked, so a lying server cannot make the tab hold more than
 * the file's own bytes.
 */
function bodyReader(res: Response, length: number) {
  const declared = res.headers.get('content-length');
  if ((declared !== null && Number(declared) !== length) || !res.body) {
    void res.body?.cancel().catch(() => {});
    return null;
  }
  const reader = res.body.getReader();
  let held = new Uint8Array(0);
  const pull = async () => {
    const { done, value } = await reader.read();
    held = done ? new Uint8Array(0) : value;
    return !done;
  };
  return {
    async next(n: number): Promise<Uint8Array<ArrayBuffer> | null> {
      const out = new Uint8Array(n);
      for (let at = 0; at < n; ) {
        if (held.length === 0 && !(await pull())) return null;
        const take = Math.min(n - at, held.length);
        out.set(held.subarray(0, take), at);
        held = held.subarray(take);
        at += take;
      }
      return out;
    },
    async ended(): Promise<boolean> {
      while (held.length === 0) if (!(await pull())) return true;
      return false;
    },
    cancel: () => void reader.cancel().catch(() => {}),
  };
}

/** The stored plaintext size of `file` whose ciphertext is `total` bytes: padded (since issue 39) or exact (before); null for neither. */
const storedSizeOf = (file: SharedFile, total: number): number | null => [paddedFileSize(file.size), file.size].find((s) => encryptedSize(s, file.chunkSize) === total) ?? null;

/**
 * The plaintext of `file` (from share `shareId`'s opened copy) as a Blob of its type, fetched
 * through `fetchFn` in one request (`Range: bytes=0-`: its Content-Range says how many bytes are
 * stored, so the server reads the share and its document once per opening, not once per chunk) and
 * decrypted chunk by chunk as the bytes come; `onProgress(done, total)` after each chunk. Throws
 * SharedFileError: not available (404), busy (429), unreachable (also a body broken off), or
 * `damaged` (a chunk did not decrypt, the size or SHA-256 is not the copy's, or more bytes came
 * than the file holds): partial or wrong bytes are never returned.
 */
export async function openSharedFile(fetchFn: ViewerFetch, shareId: string, file: SharedFile, onProgress: (done: number, total: number) => void = () => {}): Promise<Blob> {
  const url = `/api/shared/${encodeURIComponent(shareId)}/files/${encodeURIComponent(file.blobId)}`;
  const damaged = () => new SharedFileError(FILE_NOT_OPENED_TEXT, true);
  let key: CryptoKey;
  try {
    key = await importFileKey(file.key);
  } catch {
    throw damaged();
  }
  let res: Response;
  try {
    res = await fetchFn(url, { headers: { Range: 'bytes=0-' } });
  } catch {
    throw new SharedFileError(UNREACHABLE_TEXT);
  }
  if (res.status === 404) throw new SharedFileError(FILE_GONE_TEXT);
  if (res.status === 429) throw new SharedFileError(FILE_BUSY_TEXT);
  if (!res.ok) throw new SharedFileError(SERVER_FAILED_TEXT);
  // Content-Range says how many bytes are stored, so the layout is known; the answer must be all of them.
  const range = /^bytes 0-(\d+)\/(\d+)$/.exec(res.headers.get('content-range') ?? '');
  const total = Number(range?.[2] ?? NaN);
  const stored = storedSizeOf(file, total);
  const body = stored !== null && Number(range![1]) === total - 1 ? bodyReader(res, total) : null;
  if (!body) {
    void res.body?.cancel().catch(() => {});
    throw damaged();
  }
  try {
    return await decryptAll(file, key, stored!, body, onProgress, damaged);
  } finally {
    body.cancel();
  }
}

/** Reads and opens each chunk of `file` (`stored` plaintext bytes) from `body`, checking its padding, size and SHA-256 (openSharedFile). */
async function decryptAll(
  file: SharedFile,
  key: CryptoKey,
  stored: number,
  body: NonNullable<ReturnType<typeof bodyReader>>,
  onProgress: (done: number, total: number) => void,
  damaged: () => SharedFileError,
): Promise<Blob> {
  const count = chunkCount(stored, file.chunkSize);
  const hash = sha256.create();
  const parts: Uint8Array<ArrayBuffer>[] = [];
  let kept = 0;
  for (let i = 0; i < count; i++) {
    const length = plainChunkBytes(stored, file.chunkSize, i) + CHUNK_OVERHEAD;
    let sealed: Uint8Array<ArrayBuffer> | null;
    try {
      sealed = await body.next(length);
    } catch {
      throw new SharedFileError(UNREACHABLE_TEXT); // the body broke off (the connection, or the server's byte bound)
    }
    if (!sealed) throw damaged();
    let plain: Uint8Array;
    try {
      plain = await decryptChunk(key, file.blobId, i, count, sealed);
    } catch (err) {
      if (err instanceof DecryptError) throw damaged();
      throw err;
    }
    // The file's own bytes, then its padding, which must be zeros.
    const own = plain.subarray(0, Math.max(0, Math.min(plain.length, file.size - kept)));
    if (plain.subarray(own.length).some((b) => b !== 0)) throw damaged();
    hash.update(own);
    parts.push(own.slice());
    kept += own.length;
    onProgress(i + 1, count);
  }
  if (!(await body.ended().catch(() => false)) || kept !== file.size || toHex(hash.digest()) !== file.sha256) throw damaged();
  return new Blob(parts, { type: file.mimeType });
}
