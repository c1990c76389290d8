/**
 * Reading a stored file as a stream of bytes (issue #17): the ciphertext as stored (the owner's
 * devices and the release pages, which decrypt it themselves) or, for `GET /api/export` alone
 * while records still hold their files' keys, the plaintext decrypted chunk by chunk. Both take an
 * inclusive byte range and touch only the chunks it covers. At most one chunk (≤ chunkSize + 28
 * bytes) is held at a time; what is sent is authenticated first (WebCrypto, whole chunks).
 */
import { buffer } from 'node:stream/consumers';
import { CHUNK_OVERHEAD, DecryptError, decryptChunk } from '../../shared/files/crypto';
import type { BlobStore } from './blob-store';
import type { BlobRow } from './blob-meta';
import type { ByteRange } from './http';

type Layout = Pick<BlobRow, 'user_id' | 'blob_id' | 'chunk_size' | 'chunk_count'>;

/** The bytes `range` of the concatenated stored chunks of `blob` (ciphertext). Throws when a chunk is missing. */
export async function* ciphertextRange(store: BlobStore, blob: Layout, range: ByteRange): AsyncGenerator<Uint8Array> {
  const stride = blob.chunk_size + CHUNK_OVERHEAD;
  const first = Math.floor(range.start / stride);
  const last = Math.min(blob.chunk_count - 1, Math.floor(range.end / stride));
  for (let i = first; i <= last; i++) {
    const base = i * stride;
    const from = Math.max(range.start, base) - base;
    const to = Math.min(range.end, base + stride - 1) - base;
    const stream = await store.getChunk(blob.user_id, blob.blob_id, i, { start: from, end: to });
    if (!stream) throw new Error(`Chunk ${i} of a complete file is missing`);
    for await (const piece of stream) yield piece as Uint8Array;
  }
}

/** One stored chunk, whole, in memory (≤ chunkSize + 28 bytes); null when missing. */
export async function readChunk(store: BlobStore, blob: Layout, index: number): Promise<Uint8Array | null> {
  const stream = await store.getChunk(blob.user_id, blob.blob_id, index);
  return stream ? new Uint8Array(await buffer(stream)) : null;
}

/**
 * The plaintext bytes `range` of `blob`, decrypting with `key` only the chunks the range covers.
 * Throws DecryptError when a chunk does not decrypt (wrong key, damaged), Error when one is missing.
 */
export async function* plaintextRange(store: BlobStore, blob: Layout, key: CryptoKey, range: ByteRange): AsyncGenerator<Uint8Array> {
  const size = blob.chunk_size;
  const first = Math.floor(range.start / size);
  const last = Math.min(blob.chunk_count - 1, Math.floor(range.end / size));
  for (let i = first; i <= last; i++) {
    const stored = await readChunk(store, blob, i);
    if (!stored) throw new Error(`Chunk ${i} of a complete file is missing`);
    const plain = await decryptChunk(key, blob.blob_id, i, blob.chunk_count, stored);
    const base = i * size;
    yield plain.subarray(Math.max(range.start, base) - base, Math.min(range.end, base + plain.length - 1) - base + 1);
  }
}

/**
 * `plaintextRange` with its first piece decrypted before anything is answered: null when `key`
 * does not decrypt the first chunk the range needs (a record whose `file.key` is not the key its
 * blob was completed with: any client may write one). Callers answer 404 or leave the file out,
 * instead of a 200 whose body breaks off. Other errors (a missing chunk) are thrown.
 */
export async function openPlaintextRange(store: BlobStore, blob: Layout, key: CryptoKey, range: ByteRange): Promise<AsyncGenerator<Uint8Array> | null> {
  try {
    return await primed(plaintextRange(store, blob, key, range));
  } catch (err) {
    if (err instanceof DecryptError) return null;
    throw err;
  }
}

/**
 * `source` with its first piece read before anything is answered, so that its first failure
 * (a missing chunk, a key that does not decrypt) throws here instead of breaking off a 200 body.
 * Stopping the result early stops `source` (a player's cancel: the rest is never read).
 */
export async function primed(source: AsyncGenerator<Uint8Array>): Promise<AsyncGenerator<Uint8Array>> {
  const first = await source.next();
  return (async function* () {
    try {
      if (first.done) return;
      yield first.value;
      yield* source;
    } finally {
      await source.return(undefined);
    }
  })();
}
