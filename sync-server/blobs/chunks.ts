/**
 * Reading a stored file as a stream of bytes (issue #17): the ciphertext as stored (for the
 * owner's devices) or the plaintext, decrypted chunk by chunk with the file's key (release
 * pages). Both take an inclusive byte range and touch only the chunks it covers, so seeking in
 * a video reads and decrypts a few chunks, never the file. At most one chunk (≤ chunkSize + 28
 * bytes) is held at a time; what is sent is authenticated first (WebCrypto, whole chunks).
 * The completion check streams instead (`checkChunkStreaming`): it only hashes and sniffs.
 */
import { createDecipheriv } from 'node:crypto';
import { buffer } from 'node:stream/consumers';
import { CHUNK_OVERHEAD, DecryptError, chunkAad, decryptChunk } from '../../shared/files/crypto';
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

/** Bytes of the nonce before, and of the GCM tag after, each chunk's ciphertext (shared/files/crypto.ts). */
const NONCE_BYTES = 12;
const TAG_BYTES = 16;

/**
 * Decrypts stored chunk `index` of `blob` as a stream (node:crypto AES-256-GCM, the same format
 * as shared/files/crypto.ts): nonce and tag are read first, then the ciphertext flows through in
 * pieces to `onPiece`, so nothing of the size of a chunk is ever held. The pieces are NOT
 * authenticated until this resolves 'ok': use them only to hash or sniff, and throw the result
 * away unless it is 'ok' ('failed': wrong key, damaged, moved; 'missing': no such chunk).
 * `size` is the stored chunk's size (listChunks); `rawKey` the file's 32-byte key.
 */
export async function checkChunkStreaming(
  store: BlobStore,
  blob: Layout,
  index: number,
  size: number,
  rawKey: Uint8Array,
  onPiece: (plain: Uint8Array) => void,
): Promise<'ok' | 'failed' | 'missing'> {
  if (size < NONCE_BYTES + TAG_BYTES) return 'failed';
  const head = await store.getChunk(blob.user_id, blob.blob_id, index, { start: 0, end: NONCE_BYTES - 1 });
  if (!head) return 'missing';
  const nonce = await buffer(head);
  if (nonce.length !== NONCE_BYTES) return 'failed';
  const tailStream = await store.getChunk(blob.user_id, blob.blob_id, index, { start: size - TAG_BYTES, end: size - 1 });
  if (!tailStream) return 'missing';
  const tag = await buffer(tailStream);
  const decipher = createDecipheriv('aes-256-gcm', rawKey, nonce, { authTagLength: TAG_BYTES });
  decipher.setAAD(chunkAad(blob.blob_id, index, blob.chunk_count));
  decipher.setAuthTag(tag);
  const body = size > NONCE_BYTES + TAG_BYTES ? await store.getChunk(blob.user_id, blob.blob_id, index, { start: NONCE_BYTES, end: size - TAG_BYTES - 1 }) : null;
  if (body) for await (const piece of body) onPiece(decipher.update(piece as Buffer));
  try {
    const last = decipher.final();
    if (last.length > 0) onPiece(last);
    return 'ok';
  } catch {
    return 'failed';
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
