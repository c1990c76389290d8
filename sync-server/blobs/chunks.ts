/**
 * Reading a stored file as a stream of bytes (issue #17): the ciphertext as stored, for the owner's
 * devices, the release pages and the export, which never decrypt here (issue 29: the server has
 * no key; the device decrypts). It takes an inclusive byte range and touches only the chunks it covers.
 */
import { buffer } from 'node:stream/consumers';
import { CHUNK_OVERHEAD } from '../../shared/files/crypto';
import type { BlobStore } from './blob-store';
import type { BlobRow } from './model';
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
