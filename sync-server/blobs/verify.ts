/**
 * The check an upload passes before it is complete (issue #17, shared/files/README.md
 * `POST /api/blobs/:blobId/complete`): every chunk is stored with the size its index must have,
 * every chunk decrypts with the key the device sent (so nonce, index, count and file are
 * bound), the plaintext's SHA-256 is the one declared, and the content is of an accepted kind
 * (shared/files/types.ts) of the same family as the declared type: an HTML page named .pdf is
 * refused. Chunks are decrypted as streams (chunks.ts `checkChunkStreaming`), so the check holds
 * a few 64 KiB pieces, never a chunk; the key is used and forgotten.
 */
import { createHash } from 'node:crypto';
import { CHUNK_OVERHEAD, DecryptError, plainChunkBytes } from '../../shared/files/crypto';
import { detectFileType, SNIFF_BYTES, TYPE_REFUSED_MESSAGE } from '../../shared/files/types';
import type { Issue } from '../http/errors';
import type { BlobStore } from './blob-store';
import type { BlobRow } from './blob-meta';
import { checkChunkStreaming } from './chunks';

export type Verdict =
  | { ok: true; mimeType: string }
  /** `discard`: the upload can never become valid (its type): delete it. `badChunks`: delete these so they are sent again. */
  | { ok: false; status: 400 | 409 | 415; error: string; issues: Issue[]; discard?: boolean; badChunks?: number[] };

const OFFICE = /^application\/(msword|rtf|x-cfb|vnd\.ms-|vnd\.openxmlformats-officedocument\.|vnd\.oasis\.opendocument\.)/;

/**
 * The family of a MIME type, for "does the content match what the file says it is": audio and
 * video are one family (a recorded WebM or MP4 may hold either), office formats are one, and
 * otherwise the top-level type (image, text) or the type itself (application/pdf).
 */
export function typeFamily(mime: string): string {
  const base = mime.split(';')[0]!.trim().toLowerCase();
  if (base.startsWith('audio/') || base.startsWith('video/')) return 'media';
  if (OFFICE.test(base)) return 'office';
  if (base.startsWith('image/') || base.startsWith('text/')) return base.split('/')[0]!;
  return base;
}

const FAMILY_NAMES: Record<string, string> = {
  media: 'a recording',
  office: 'an office document',
  image: 'an image',
  text: 'a text',
  'application/pdf': 'a PDF',
};
const familyName = (family: string) => FAMILY_NAMES[family] ?? family;

/** Checks the stored chunks of `blob` as above; never throws for bad content, only for storage failures. */
export async function verifyUpload(
  store: BlobStore,
  blob: BlobRow,
  claim: { key: string; mimeType: string; sha256: string },
): Promise<Verdict> {
  const stored = new Map((await store.listChunks(blob.user_id, blob.blob_id)).map((c) => [c.index, c.size] as const));
  const missing: number[] = [];
  const wrongSize: number[] = [];
  for (let i = 0; i < blob.chunk_count; i++) {
    const size = stored.get(i);
    if (size === undefined) missing.push(i);
    else if (size !== plainChunkBytes(blob.size, blob.chunk_size, i) + CHUNK_OVERHEAD) wrongSize.push(i);
  }
  if (missing.length > 0) {
    const list = missing.slice(0, 10).join(', ') + (missing.length > 10 ? ', …' : '');
    return { ok: false, status: 409, error: `The upload is not finished: ${missing.length} chunk(s) missing (${list})`, issues: [{ path: 'chunks', message: `Missing chunks: ${list}` }] };
  }
  if (wrongSize.length > 0) {
    return { ok: false, status: 400, error: 'Some chunks have the wrong size: send them again', issues: wrongSize.map((i) => ({ path: `chunks.${i}`, message: 'Wrong size' })), badChunks: wrongSize };
  }
  const rawKey = Buffer.from(claim.key, 'base64url');
  if (rawKey.length !== 32) {
    return { ok: false, status: 400, error: 'Invalid request: key: Invalid file key', issues: [{ path: 'key', message: 'Invalid file key' }] };
  }
  // Streamed (chunks.ts): pieces of 64 KiB are decrypted, hashed and dropped; a chunk counts only
  // once its tag verifies, and the hash and the sniffed head are used only if every chunk did.
  const hash = createHash('sha256');
  const head: Uint8Array[] = [];
  let headBytes = 0;
  const failed: number[] = [];
  for (let i = 0; i < blob.chunk_count; i++) {
    const result = await checkChunkStreaming(store, blob, i, stored.get(i)!, rawKey, (plain) => {
      hash.update(plain);
      if (headBytes < SNIFF_BYTES) {
        const part = plain.subarray(0, SNIFF_BYTES - headBytes);
        head.push(Buffer.from(part)); // a copy: the piece's buffer may be reused
        headBytes += part.length;
      }
    });
    if (result === 'missing') return { ok: false, status: 409, error: `The upload is not finished: chunk ${i} is missing`, issues: [{ path: 'chunks', message: `Missing chunks: ${i}` }] };
    if (result === 'failed') failed.push(i);
  }
  if (failed.length === blob.chunk_count) {
    // Nothing decrypts: the key is wrong (or everything was replaced); the chunks stay.
    return { ok: false, status: 400, error: new DecryptError().message, issues: [{ path: 'key', message: 'This key does not decrypt this file' }] };
  }
  if (failed.length > 0) {
    return {
      ok: false,
      status: 400,
      error: new DecryptError().message,
      issues: failed.map((i) => ({ path: `chunks.${i}`, message: `Chunk ${i} does not decrypt with this key` })),
      badChunks: failed,
    };
  }
  if (hash.digest('hex') !== claim.sha256) {
    return { ok: false, status: 400, error: 'The file does not match its SHA-256', issues: [{ path: 'sha256', message: 'Does not match the decrypted file' }] };
  }
  const verdict = await detectFileType(Buffer.concat(head));
  if (!verdict.ok) return { ok: false, status: 415, error: verdict.reason, issues: [{ path: 'mimeType', message: verdict.reason }], discard: true };
  const found = typeFamily(verdict.mimeType);
  if (found !== typeFamily(claim.mimeType)) {
    const error = `This file is ${familyName(found)}, not ${familyName(typeFamily(claim.mimeType))} as its type says. ${TYPE_REFUSED_MESSAGE}`;
    return { ok: false, status: 415, error, issues: [{ path: 'mimeType', message: error }], discard: true };
  }
  return { ok: true, mimeType: verdict.mimeType };
}
