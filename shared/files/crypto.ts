/**
 * Chunked file encryption, the same on the device and on the server (issue #17; anchor: Standard
 * Notes' chunked file encryption). Uses WebCrypto only (`globalThis.crypto.subtle`: browsers and
 * Node ≥ 19), so there is one implementation to trust.
 *
 * A file of `size` plaintext bytes is cut into `chunkCount(size, chunkSize)` chunks of
 * `chunkSize` bytes (the last shorter; an empty file is one empty chunk). Chunk `i` is stored as
 * `nonce (12 random bytes) ‖ AES-256-GCM ciphertext ‖ tag (16 bytes)` with additional data
 * `afterword-file-v1:<blobId>:<i>:<count>`: a chunk moved to another index, another file, or a
 * file cut short or lengthened fails to decrypt (DecryptError).
 *
 * Padding (issue 39 "Less metadata"): since then a device stores a file followed by zero bytes up
 * to `paddedFileSize(size)`, and that padded size is all the server is told (the upload's `size`,
 * its chunk count, every chunk's length). The record's sealed FileRef keeps the exact `size` and
 * the SHA-256, so the device cuts the padding off and checks what is left. A blob stored before
 * padding is stored at its exact size: `storedSizeIsFor` accepts both layouts.
 */
import { bucketSize } from '../crypto/padding';

/** Plaintext bytes per chunk for files made by this version: 4 MiB. */
export const FILE_CHUNK_BYTES = 4 * 1024 * 1024;
/** Bytes an encrypted chunk has beyond its plaintext: nonce 12 + GCM tag 16. */
export const CHUNK_OVERHEAD = 28;
const NONCE_BYTES = 12;

/** Thrown when a chunk does not decrypt: wrong key, tampered, reordered, truncated or swapped. */
export class DecryptError extends Error {
  constructor(message = 'This file is damaged or was changed: it cannot be decrypted') {
    super(message);
    this.name = 'DecryptError';
  }
}

/**
 * The plaintext bytes stored for a file of `size` bytes: the smallest bucket of the envelope
 * padding (shared/crypto/padding.ts: powers of two from 64 B to 1 KiB, PADMÉ above) that holds it.
 * The same scheme as sealed values, so SECURITY.md states one rule: a stored size tells only
 * O(log log size) bits (for a 10 MB recording, which 256 KiB step it falls in) and costs at most
 * 3.1 % more bytes from 64 KiB up (6.25 % from 1 KiB; below, the next power of two), which the
 * quota counts and which bounds what padding adds to upload and download times. A 0-byte file
 * stays 0 (the device refuses empty files anyway).
 */
export function paddedFileSize(size: number): number {
  return size === 0 ? 0 : bucketSize(size - 1);
}

/** True when a blob stored at `stored` plaintext bytes can hold a file of `size`: padded (this version) or exact (before issue 39). */
export function storedSizeIsFor(stored: number, size: number): boolean {
  return stored === size || stored === paddedFileSize(size);
}

/** Number of chunks of a file of `size` plaintext bytes (at least 1). */
export function chunkCount(size: number, chunkSize: number): number {
  return Math.max(1, Math.ceil(size / chunkSize));
}

/** Plaintext bytes of chunk `index`. */
export function plainChunkBytes(size: number, chunkSize: number, index: number): number {
  return Math.max(0, Math.min(chunkSize, size - index * chunkSize));
}

/** Total ciphertext bytes stored for a file of `size` plaintext bytes. */
export function encryptedSize(size: number, chunkSize: number): number {
  return size + chunkCount(size, chunkSize) * CHUNK_OVERHEAD;
}

const b64url = {
  encode(bytes: Uint8Array): string {
    let s = '';
    for (const b of bytes) s += String.fromCharCode(b);
    return btoa(s).replace(/\+/g, '-').replace(/\//g, '_').replace(/=+$/, '');
  },
  decode(text: string): Uint8Array {
    const s = atob(text.replace(/-/g, '+').replace(/_/g, '/'));
    const out = new Uint8Array(s.length);
    for (let i = 0; i < s.length; i++) out[i] = s.charCodeAt(i);
    return out;
  },
};

/** A fresh random AES-256 key, base64url (43 characters), for one file. */
export function generateFileKey(): string {
  return b64url.encode(crypto.getRandomValues(new Uint8Array(32)));
}

/** A fresh random blob id (22 base64url characters, 128 bits). */
export function generateBlobId(): string {
  return b64url.encode(crypto.getRandomValues(new Uint8Array(16)));
}

/** Imports a base64url key for AES-GCM. Throws DecryptError when it is not 32 bytes. */
export async function importFileKey(key: string): Promise<CryptoKey> {
  const raw = b64url.decode(key);
  if (raw.length !== 32) throw new DecryptError('Invalid file key');
  return crypto.subtle.importKey('raw', raw as BufferSource, 'AES-GCM', false, ['encrypt', 'decrypt']);
}

/** The additional data chunk `index` of `count` of file `blobId` is sealed with (the server's streaming check uses it too). */
export function chunkAad(blobId: string, index: number, count: number): Uint8Array {
  return new TextEncoder().encode(`afterword-file-v1:${blobId}:${index}:${count}`);
}

/** Encrypts chunk `index` of `count` of file `blobId`; returns nonce ‖ ciphertext ‖ tag. */
export async function encryptChunk(
  key: CryptoKey,
  blobId: string,
  index: number,
  count: number,
  plain: Uint8Array,
): Promise<Uint8Array> {
  const nonce = crypto.getRandomValues(new Uint8Array(NONCE_BYTES));
  const sealed = new Uint8Array(
    await crypto.subtle.encrypt(
      { name: 'AES-GCM', iv: nonce, additionalData: chunkAad(blobId, index, count) as BufferSource },
      key,
      plain as BufferSource,
    ),
  );
  const out = new Uint8Array(NONCE_BYTES + sealed.length);
  out.set(nonce, 0);
  out.set(sealed, NONCE_BYTES);
  return out;
}

/** Decrypts one stored chunk; throws DecryptError when it was not made for (blobId, index, count) with this key. */
export async function decryptChunk(
  key: CryptoKey,
  blobId: string,
  index: number,
  count: number,
  stored: Uint8Array,
): Promise<Uint8Array> {
  if (stored.length < CHUNK_OVERHEAD) throw new DecryptError();
  try {
    const plain = await crypto.subtle.decrypt(
      { name: 'AES-GCM', iv: stored.subarray(0, NONCE_BYTES) as BufferSource, additionalData: chunkAad(blobId, index, count) as BufferSource },
      key,
      stored.subarray(NONCE_BYTES) as BufferSource,
    );
    return new Uint8Array(plain);
  } catch {
    throw new DecryptError();
  }
}

/** Lowercase hex of bytes (SHA-256 digests). */
export function toHex(bytes: Uint8Array): string {
  let s = '';
  for (const b of bytes) s += b.toString(16).padStart(2, '0');
  return s;
}
