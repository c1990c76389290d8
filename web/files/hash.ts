/**
 * Hashing and reading a Blob piece by piece (issue #17: "never the whole file in memory at once").
 * SHA-256 is incremental (@noble/hashes: WebCrypto has no streaming digest).
 */
import { sha256 } from '@noble/hashes/sha2.js';
import { toHex } from '../../shared/files/crypto';

/**
 * SHA-256 of a Blob's bytes, lowercase hex, read through `blob.stream()` so only one piece is in
 * memory at a time. `onProgress` gets the fraction (0..1) read so far.
 */
export async function sha256OfBlob(blob: Blob, onProgress?: (fraction: number) => void): Promise<string> {
  const hash = sha256.create();
  const reader = blob.stream().getReader();
  let read = 0;
  for (;;) {
    const { done, value } = await reader.read();
    if (done) break;
    hash.update(value);
    read += value.byteLength;
    onProgress?.(blob.size ? read / blob.size : 1);
  }
  return toHex(hash.digest());
}

/** The bytes `[start, end)` of a Blob (end clamped to its size). */
export async function readSlice(blob: Blob, start: number, end: number): Promise<Uint8Array> {
  return new Uint8Array(await blob.slice(start, Math.min(end, blob.size)).arrayBuffer());
}

/** SHA-256 of bytes in memory (one chunk), lowercase hex, via WebCrypto. */
export async function sha256OfBytes(bytes: Uint8Array): Promise<string> {
  return toHex(new Uint8Array(await crypto.subtle.digest('SHA-256', bytes as BufferSource)));
}
